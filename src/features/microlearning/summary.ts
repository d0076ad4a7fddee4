/** docs/product.md §9's static display values, shown only when the topic lacks its own (docs/decisions.md §13). */
export const SUMMARY_FALLBACKS = { level: "CEFR A2", subject: "Aardrijkskunde", date: "24/04/21" } as const;

/** docs/decisions.md §14: micro-learning screens format dates the Dutch way. */
const dutchDate = new Intl.DateTimeFormat("nl-NL", { day: "2-digit", month: "2-digit", year: "2-digit" });

export function dutchDateOrFallback(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dutchDate.format(date) : SUMMARY_FALLBACKS.date;
}

export function levelOrFallback(level: string | null | undefined): string {
  return level?.trim() || SUMMARY_FALLBACKS.level;
}

export function subjectOrFallback(subject: string | null | undefined): string {
  return subject?.trim() || SUMMARY_FALLBACKS.subject;
}

/** docs/product.md §2: "Onderdeel N — title". */
export function chapterHeading(position: number, title: string): string {
  return `Onderdeel ${position} — ${title}`;
}

/** docs/product.md §9's static display values, shown only when the topic lacks its own (docs/decisions.md §13). */
export const SUMMARY_FALLBACKS = { level: "CEFR A2", subject: "Aardrijkskunde", date: "24/04/21" } as const;

/**
 * docs/decisions.md §14: micro-learning screens format dates the Dutch way, dd-mm-yy in the learner's time
 * zone: what `Intl.DateTimeFormat("nl-NL", { day, month, year: "2-digit" })` writes (summary.test.ts
 * compares the two). Written out because building the first Intl formatter loads its locale's data, which
 * was the largest single step (about 30 ms on this machine) of the micro-learning overview's first
 * render (docs/performance.md, session 12).
 */
function dutchShortDate(date: Date): string {
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  return `${twoDigits(date.getDate())}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getFullYear() % 100)}`;
}

export function dutchDateOrFallback(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dutchShortDate(date) : SUMMARY_FALLBACKS.date;
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

/** docs/product.md §9: the six fixed phases of a chapter, in their fixed order. */
export const PHASE_KINDS = ["overview", "diagnostic", "study", "practice", "mastery", "recap"] as const;
/** Plain (no zod): route guards read this module on the first load; the schemas live with the payloads. */
export type PhaseKind = (typeof PHASE_KINDS)[number];

export interface PhaseInfo {
  label: string;
  description: string;
}

/** docs/product.md §2: the Dutch label of each phase row and the description shown when no activity title exists. */
export const PHASES: Record<PhaseKind, PhaseInfo> = {
  overview: { label: "Overzicht", description: "intro and learning goals" },
  diagnostic: { label: "Diagnostiek", description: "short check that determines what you skip" },
  study: { label: "Studie", description: "only for your gaps, TL;DR and example" },
  practice: { label: "Oefenen", description: "targeted items per gap" },
  mastery: { label: "Mastery", description: "short adaptive final check" },
  recap: { label: "Recap", description: "60-90 s audio and mindmap" },
};

export function isPhaseKind(value: string): value is PhaseKind {
  return (PHASE_KINDS as readonly string[]).includes(value);
}

/** docs/product.md §2: a phaseId joins the chapter id and the kind with a hyphen. */
export function toPhaseId(chapterId: string, kind: PhaseKind): string {
  return `${chapterId}-${kind}`;
}

export interface ParsedPhaseId {
  chapterId: string;
  /** The phase kind; a string that is not one of the six kinds renders as an unknown type. */
  kind: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * docs/product.md §2: the kind is the last hyphen part; with no hyphen the kind is overview. Chapter ids are UUIDs,
 * which contain hyphens themselves, so a bare UUID is a chapter id without a kind (overview) rather than
 * a chapter "a-b-c-d" with the kind "e".
 */
export function parsePhaseId(phaseId: string): ParsedPhaseId {
  const lastHyphen = phaseId.lastIndexOf("-");
  if (lastHyphen === -1 || UUID.test(phaseId)) return { chapterId: phaseId, kind: "overview" };
  return { chapterId: phaseId.slice(0, lastHyphen), kind: phaseId.slice(lastHyphen + 1) };
}

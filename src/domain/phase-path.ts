import { PHASE_KINDS, type PhaseKind } from "./phase.ts";

/**
 * The phases of a course as one path (issue 24): chapter by chapter in their order, and within a chapter
 * the fixed phase order of docs/product.md §9. A phase a chapter has no activity for is not on the path,
 * so "Volgende" and "Vorige" never lead to an empty screen.
 */

/** A chapter as the path reads it: its place in the course and the kinds of activity it has. */
export interface PathChapter {
  id: string;
  position: number;
  activities: readonly { kind: PhaseKind }[];
}

export interface PathStep {
  chapterId: string;
  /** The chapter's position, so a step into another chapter can say which one. */
  chapterPosition: number;
  kind: PhaseKind;
}

export interface PathNeighbours {
  previous: PathStep | null;
  next: PathStep | null;
}

function inCourseOrder(chapters: readonly PathChapter[]): PathChapter[] {
  return [...chapters].sort((a, b) => a.position - b.position);
}

/** Every phase of the course that has an activity, in the order a learner goes through them. */
export function phasePath(chapters: readonly PathChapter[]): PathStep[] {
  return inCourseOrder(chapters).flatMap((chapter) =>
    PHASE_KINDS.filter((kind) => chapter.activities.some((activity) => activity.kind === kind)).map(
      (kind) => ({ chapterId: chapter.id, chapterPosition: chapter.position, kind }),
    ),
  );
}

/**
 * The phases before and after the one on screen. The screen's own phase need not be on the path (a
 * chapter without that activity, opened by its address): its neighbours are still the nearest phases
 * either side. A chapter that is not in the course has none.
 */
export function phaseNeighbours(
  chapters: readonly PathChapter[],
  current: { chapterId: string; kind: PhaseKind },
): PathNeighbours {
  const ordered = inCourseOrder(chapters);
  const chapterIndex = new Map(ordered.map((chapter, index) => [chapter.id, index]));
  const rank = (step: { chapterId: string; kind: PhaseKind }) =>
    (chapterIndex.get(step.chapterId) ?? 0) * PHASE_KINDS.length + PHASE_KINDS.indexOf(step.kind);
  if (!chapterIndex.has(current.chapterId)) return { previous: null, next: null };
  const here = rank(current);
  const path = phasePath(ordered);
  return {
    previous: path.findLast((step) => rank(step) < here) ?? null,
    next: path.find((step) => rank(step) > here) ?? null,
  };
}

import { type Card, createEmptyCard, fsrs, type Grade, Rating } from "ts-fsrs";
import { z } from "zod";
import type { PracticeCard, Question } from "./activity-payload.ts";
import type { ProgressStatus } from "./outline.ts";

/** A learner's chosen option index per question id. */
export type Answers = Readonly<Record<string, number>>;

export interface QuizScore {
  correct: number;
  total: number;
  /** Ids of the questions answered wrongly or not at all. */
  wrongQuestionIds: string[];
  /** Subtopics of the wrongly answered questions: the learner's gaps. */
  gaps: string[];
}

export function isCorrect(question: Pick<Question, "correct_option">, chosen: number | undefined): boolean {
  return chosen === question.correct_option;
}

/** Scores answers against each question's correct option; an unanswered question counts as wrong. */
export function scoreQuiz(questions: readonly Question[], answers: Answers): QuizScore {
  const wrong = questions.filter((question) => !isCorrect(question, answers[question.id]));
  const gaps = new Set(wrong.flatMap((question) => (question.subtopic_id ? [question.subtopic_id] : [])));
  return {
    correct: questions.length - wrong.length,
    total: questions.length,
    wrongQuestionIds: wrong.map((question) => question.id),
    gaps: [...gaps],
  };
}

/** Share of correct answers a mastery check needs to pass. */
export const MASTERY_PASS_RATIO = 0.8;

export function masteryPassed(score: Pick<QuizScore, "correct" | "total">): boolean {
  // An empty check proves nothing, so it is never passed.
  return score.total > 0 && score.correct / score.total >= MASTERY_PASS_RATIO;
}

/** What a finished diagnostic or mastery check stores in `activity_progress.result`. */
export const quizResultSchema = z.object({
  answers: z.record(z.string(), z.number().int()),
  correct: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  gaps: z.array(z.string()),
  passed: z.boolean(),
  /** The subtopics the check's questions ask about; absent from results stored before it was kept. */
  probed: z.array(z.string()).optional(),
  /** A perfect diagnostic's study or practice still teach a subtopic it never asked about: not skipped. */
  unprobedLeft: z.boolean().optional(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

export function parseQuizResult(value: unknown): QuizResult | null {
  const parsed = quizResultSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function quizResult(
  kind: "diagnostic" | "mastery",
  questions: readonly Question[],
  answers: Answers,
): QuizResult {
  const score = scoreQuiz(questions, answers);
  return {
    answers: { ...answers },
    correct: score.correct,
    total: score.total,
    gaps: score.gaps,
    passed: kind === "diagnostic" || masteryPassed(score),
    probed: [
      ...new Set(questions.flatMap((question) => (question.subtopic_id ? [question.subtopic_id] : []))),
    ],
  };
}

/**
 * Which subtopics the study and practice phases focus on. Before any check the learner sees everything;
 * after the diagnostic its gaps and what it never asked about; a failed mastery check reopens the gaps
 * it found.
 */
export interface GapFocus {
  assessed: boolean;
  gaps: ReadonlySet<string>;
  /** A check found mistakes it cannot tie to a subtopic: everything stays in focus. */
  unmapped: boolean;
  /**
   * The subtopics the diagnostic asked about; null when unknown (no diagnostic, or one stored before
   * this was kept). A subtopic it never asked about is one the learner has shown nothing of, so its
   * study text and cards stay in focus: hiding them would hide the only place that subtopic is taught.
   */
  probed: ReadonlySet<string> | null;
}

/** Mistakes on questions without a subtopic leave fewer named gaps than wrong answers. */
function hasUnmappedMistakes(result: QuizResult): boolean {
  return result.correct < result.total && result.gaps.length === 0;
}

export function gapFocus(diagnostic: QuizResult | null, mastery: QuizResult | null): GapFocus {
  const failedMastery = mastery && !mastery.passed ? mastery : null;
  const reopened = failedMastery?.gaps ?? [];
  return {
    assessed: diagnostic !== null || reopened.length > 0,
    gaps: new Set([...(diagnostic?.gaps ?? []), ...reopened]),
    unmapped: [diagnostic, failedMastery].some((result) => result !== null && hasUnmappedMistakes(result)),
    probed: diagnostic?.probed ? new Set(diagnostic.probed) : null,
  };
}

/** The items of subtopics the diagnostic never asked about (none while that is unknown). */
export function unprobedItems<T extends { subtopic_id: string | null }>(
  items: readonly T[],
  focus: GapFocus,
): T[] {
  const { probed } = focus;
  if (!focus.assessed || probed === null) return [];
  return items.filter((item) => item.subtopic_id !== null && !probed.has(item.subtopic_id));
}

/**
 * The items a learner still needs: all of them before assessment; afterwards those of a gap subtopic or
 * of one the diagnostic never asked about, plus the general items (no subtopic) as long as there is
 * any of those to study.
 */
export function itemsForFocus<T extends { subtopic_id: string | null }>(
  items: readonly T[],
  focus: GapFocus,
): T[] {
  if (!focus.assessed || focus.unmapped) return [...items];
  const unprobed = new Set(unprobedItems(items, focus));
  if (focus.gaps.size === 0 && unprobed.size === 0) return [];
  return items.filter(
    (item) => item.subtopic_id === null || focus.gaps.has(item.subtopic_id) || unprobed.has(item),
  );
}

/**
 * What a skipped study or practice phase stores in `activity_progress.result`: it counts as completed
 * (skipped is done) and the screens can still tell the learner it was skipped rather than worked through.
 */
export const SKIPPED_RESULT = { skipped: true } as const;
export type SkippedResult = typeof SKIPPED_RESULT;

export function isSkippedResult(value: unknown): value is SkippedResult {
  return typeof value === "object" && value !== null && (value as { skipped?: unknown }).skipped === true;
}

/** The phases a diagnostic without a single mistake makes unnecessary. */
export const SKIPPABLE_PHASES = ["study", "practice"] as const;
export type SkippablePhase = (typeof SKIPPABLE_PHASES)[number];

export function isSkippablePhase(kind: string): kind is SkippablePhase {
  return (SKIPPABLE_PHASES as readonly string[]).includes(kind);
}

/**
 * Study and practice are skipped only after a diagnostic answered entirely correctly. A wrong answer on
 * a question without a subtopic leaves no named gap, yet the learner did not show mastery either, so
 * "no gaps" alone is not enough; an empty diagnostic proves nothing.
 */
export function diagnosticSkipsStudy(
  diagnostic: Pick<QuizResult, "correct" | "total" | "unprobedLeft"> | null,
): boolean {
  return (
    diagnostic !== null &&
    diagnostic.total > 0 &&
    diagnostic.correct === diagnostic.total &&
    diagnostic.unprobedLeft !== true
  );
}

/** Opening an activity starts it; it never undoes a completion. */
export function statusOnOpen(current: ProgressStatus | null): ProgressStatus {
  return current === "completed" ? "completed" : "in_progress";
}

/** A diagnostic is done once answered; a mastery check only when passed. */
export function statusAfterQuiz(result: QuizResult): ProgressStatus {
  return result.passed ? "completed" : "in_progress";
}

/** The phases a failed mastery check sends the learner back to. */
export const REOPENED_BY_FAILED_MASTERY = ["study", "practice"] as const;

// ---- Spaced repetition of practice cards (FSRS via ts-fsrs) ----

const scheduler = fsrs();

/** FSRS card state as stored in `practice_card_states.card` (dates as ISO strings). */
export const storedCardSchema = z.object({
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  elapsed_days: z.number(),
  scheduled_days: z.number(),
  learning_steps: z.number(),
  reps: z.number(),
  lapses: z.number(),
  state: z.number().int().min(0).max(3),
  last_review: z.string().nullish(),
});
export type StoredCard = z.infer<typeof storedCardSchema>;

export function parseStoredCard(value: unknown): StoredCard | null {
  const parsed = storedCardSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function toStored(card: Card): StoredCard {
  return {
    ...card,
    due: card.due.toISOString(),
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** The grades a learner gives a card, with their Dutch labels. */
export const REVIEW_GRADES: ReadonlyArray<{ grade: Grade; label: string }> = [
  { grade: Rating.Again, label: "Opnieuw" },
  { grade: Rating.Hard, label: "Moeilijk" },
  { grade: Rating.Good, label: "Goed" },
  { grade: Rating.Easy, label: "Makkelijk" },
];

/** Schedules a card after a review; a card never reviewed starts as a new FSRS card. */
export function reviewCard(stored: StoredCard | null, grade: Grade, now: Date): StoredCard {
  const card = stored ?? toStored(createEmptyCard(now));
  return toStored(scheduler.next(card, now, grade).card);
}

/** A card is due when it was never reviewed or its due time has come. */
export function isDue(stored: StoredCard | null | undefined, now: Date): boolean {
  return !stored || new Date(stored.due).getTime() <= now.getTime();
}

export function dueCards<T extends Pick<PracticeCard, "id">>(
  cards: readonly T[],
  states: ReadonlyMap<string, StoredCard>,
  now: Date,
): T[] {
  return cards.filter((card) => isDue(states.get(card.id), now));
}

/** Practice is done once every card in focus has been reviewed at least once. */
export function practiceStatus(
  cards: readonly Pick<PracticeCard, "id">[],
  states: ReadonlyMap<string, StoredCard>,
): ProgressStatus {
  // A state the diagnostic wrote for a card it found unknown (docs/decisions.md) is not a review.
  const reviewed = cards.filter((card) => (states.get(card.id)?.reps ?? 0) > 0).length;
  if (reviewed === 0) return "in_progress";
  return reviewed === cards.length ? "completed" : "in_progress";
}

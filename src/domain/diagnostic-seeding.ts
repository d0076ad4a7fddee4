import { type Card, createEmptyCard, fsrs, type Grade, Rating } from "ts-fsrs";
import type { PracticeCard, Question } from "./activity-payload.ts";
import { type Answers, isCorrect, type StoredCard } from "./microlearning.ts";

/** What a chapter's diagnostic showed about one subtopic: every question of it right, or not. */
export type SubtopicVerdict = "right" | "wrong";

/**
 * docs/decisions.md "The diagnostic seeds spaced repetition": how the practice cards of an assessed
 * subtopic enter the learner's schedule. A subtopic answered right counts as one "Goed" review and comes
 * back a few days later; one answered wrong is a new card, due now. `firstReviewDays: 0` with no rating
 * means "new, due now".
 */
export const DIAGNOSTIC_SEED_RULES: Readonly<
  Record<SubtopicVerdict, { rating: Grade | null; firstReviewDays: number }>
> = {
  right: { rating: Rating.Good, firstReviewDays: 3 },
  wrong: { rating: null, firstReviewDays: 0 },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Without short-term steps one review moves a new card straight to the review state, as a known card. */
const longTermScheduler = fsrs({ enable_short_term: false });

/** A card's state only counts as reviewed once a learner (or a diagnostic answered right) graded it. */
export function isReviewed(stored: StoredCard | null | undefined): boolean {
  return (stored?.reps ?? 0) > 0;
}

/**
 * Per subtopic of the diagnostic's questions: right when all its questions were answered right, wrong as
 * soon as one was not (unanswered counts as wrong). Questions without a subtopic prove nothing about a card.
 */
export function subtopicVerdicts(
  questions: readonly Question[],
  answers: Answers,
): Map<string, SubtopicVerdict> {
  const verdicts = new Map<string, SubtopicVerdict>();
  for (const question of questions) {
    if (!question.subtopic_id) continue;
    const right = isCorrect(question, answers[question.id]);
    if (!right) verdicts.set(question.subtopic_id, "wrong");
    else if (!verdicts.has(question.subtopic_id)) verdicts.set(question.subtopic_id, "right");
  }
  return verdicts;
}

function toStored(card: Card): StoredCard {
  return {
    ...card,
    due: card.due.toISOString(),
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** The state a card starts from after the diagnostic gave its subtopic this verdict. */
export function seededCard(verdict: SubtopicVerdict, now: Date): StoredCard {
  const rule = DIAGNOSTIC_SEED_RULES[verdict];
  if (rule.rating === null) return toStored(createEmptyCard(now));
  const reviewed = longTermScheduler.next(createEmptyCard(now), now, rule.rating).card;
  // The rule, not the scheduler's defaults, decides when the first check comes.
  const due = new Date(now.getTime() + rule.firstReviewDays * DAY_MS);
  return toStored({ ...reviewed, due, scheduled_days: rule.firstReviewDays });
}

export interface CardSeed {
  cardId: string;
  card: StoredCard;
}

/**
 * The card states a diagnostic writes: one per card whose subtopic it assessed, except cards the learner
 * already reviewed (their own schedule stands). Cards without a subtopic or of a subtopic the diagnostic
 * did not ask about are left alone.
 */
export function diagnosticSeeds(
  cards: readonly Pick<PracticeCard, "id" | "subtopic_id">[],
  verdicts: ReadonlyMap<string, SubtopicVerdict>,
  existing: ReadonlyMap<string, StoredCard>,
  now: Date,
): CardSeed[] {
  return cards.flatMap((card) => {
    const verdict = card.subtopic_id ? verdicts.get(card.subtopic_id) : undefined;
    if (!verdict || isReviewed(existing.get(card.id))) return [];
    return [{ cardId: card.id, card: seededCard(verdict, now) }];
  });
}

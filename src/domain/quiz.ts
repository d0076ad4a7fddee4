import { z } from "zod";
import type { Question } from "./activity-payload.ts";

/**
 * The topic quiz (issue 13): questions drawn from every chapter's diagnostic and mastery checks, taken
 * one at a time, scored, and stored per learner as a `quiz_attempts` row whose `answers` this schema
 * describes (the table's SQL check mirrors it).
 */

/** How many questions a topic quiz asks at most. */
export const TOPIC_QUIZ_SIZE = 10;
/** The most answers one attempt may hold; the SQL check on quiz_attempts.answers uses the same bound. */
export const MAX_QUIZ_ANSWERS = 50;

/** A question together with the quiz activity it comes from, which identifies it across the course. */
export interface QuizItem {
  activityId: string;
  chapterTitle: string;
  question: Question;
}

export const quizAnswerSchema = z.strictObject({
  activity_id: z.guid(),
  question_id: z.string().min(1),
  chosen: z.number().int().nonnegative(),
  correct: z.boolean(),
});
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

export const quizAnswersSchema = z.array(quizAnswerSchema).min(1).max(MAX_QUIZ_ANSWERS);

/** 32-bit FNV-1a: a stable, well-spread number for a string, enough to order questions per seed. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Up to `size` questions spread over the chapters: each chapter's questions in an order fixed by the
 * seed, then taken one chapter at a time in turn, so every chapter is asked before any is asked twice.
 * The same seed gives the same quiz; a new attempt takes a new seed.
 */
export function drawQuiz(
  chapters: ReadonlyArray<readonly QuizItem[]>,
  seed: string,
  size = TOPIC_QUIZ_SIZE,
): QuizItem[] {
  const shuffled = chapters.map((items) => {
    const seen = new Set<string>();
    return items
      .filter((item) => {
        // A question may sit in both checks of a chapter; ask it once.
        const key = item.question.stem;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((item) => ({ item, rank: fnv1a(`${seed}:${item.activityId}:${item.question.id}`) }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ item }) => item);
  });
  const drawn: QuizItem[] = [];
  for (let round = 0; drawn.length < size && shuffled.some((items) => round < items.length); round++) {
    for (const items of shuffled) {
      const item = items[round];
      if (item && drawn.length < size) drawn.push(item);
    }
  }
  return drawn;
}

/** The answer record for choosing `chosen` on an item. */
export function answerOf(item: QuizItem, chosen: number): QuizAnswer {
  return {
    activity_id: item.activityId,
    question_id: item.question.id,
    chosen,
    correct: chosen === item.question.correct_option,
  };
}

export function scoreOf(answers: readonly QuizAnswer[]): { score: number; total: number } {
  return { score: answers.filter((answer) => answer.correct).length, total: answers.length };
}

/** The items answered wrongly, in quiz order: what "retry the missed ones" asks again. */
export function missedItems(items: readonly QuizItem[], answers: readonly QuizAnswer[]): QuizItem[] {
  const missed = new Set(
    answers
      .filter((answer) => !answer.correct)
      .map((answer) => `${answer.activity_id}:${answer.question_id}`),
  );
  return items.filter((item) => missed.has(`${item.activityId}:${item.question.id}`));
}

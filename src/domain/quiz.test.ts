import { describe, expect, it } from "vitest";
import type { Question } from "./activity-payload.ts";
import {
  answerOf,
  drawQuiz,
  MAX_QUIZ_ANSWERS,
  missedItems,
  type QuizItem,
  quizAnswersSchema,
  scoreOf,
} from "./quiz.ts";

const ACTIVITY = (chapter: number) => `00000000-0000-4000-8000-00000000000${chapter}`;

function question(id: string, stem = `Vraag ${id}?`): Question {
  return {
    id,
    stem,
    options: ["a", "b", "c"],
    correct_option: 1,
    explanation: `Omdat ${id}.`,
    difficulty: "easy",
    subtopic_id: null,
    citations: [],
  };
}

function chapter(number: number, count: number): QuizItem[] {
  return Array.from({ length: count }, (_, index) => ({
    activityId: ACTIVITY(number),
    chapterTitle: `Hoofdstuk ${number}`,
    question: question(`c${number}q${index}`),
  }));
}

const ids = (items: readonly QuizItem[]) => items.map((item) => item.question.id);

describe("drawQuiz", () => {
  const chapters = [chapter(1, 6), chapter(2, 2), chapter(3, 6)];

  it("is the same for the same seed and differs for another", () => {
    expect(ids(drawQuiz(chapters, "a", 6))).toEqual(ids(drawQuiz(chapters, "a", 6)));
    const orders = new Set(["a", "b", "c", "d"].map((seed) => ids(drawQuiz(chapters, seed, 6)).join()));
    expect(orders.size).toBeGreaterThan(1);
  });

  it("asks every chapter before it asks any twice, up to the size", () => {
    const drawn = drawQuiz(chapters, "seed", 7);
    expect(drawn).toHaveLength(7);
    expect(drawn.slice(0, 3).map((item) => item.chapterTitle)).toEqual([
      "Hoofdstuk 1",
      "Hoofdstuk 2",
      "Hoofdstuk 3",
    ]);
    // Chapter 2 runs out after two rounds; the others fill the rest.
    expect(drawn.filter((item) => item.chapterTitle === "Hoofdstuk 2")).toHaveLength(2);
    expect(new Set(ids(drawn)).size).toBe(7);
  });

  it("takes everything when the course has fewer questions than the size", () => {
    expect(drawQuiz([chapter(1, 2), [], chapter(2, 1)], "x", 10)).toHaveLength(3);
    expect(drawQuiz([], "x")).toEqual([]);
  });

  it("asks a question that sits in both checks of a chapter once", () => {
    const twice = [...chapter(1, 1), { ...chapter(1, 1)[0], question: question("other", "Vraag c1q0?") }];
    expect(drawQuiz([twice as QuizItem[]], "x")).toHaveLength(1);
  });
});

describe("scoring and retrying", () => {
  const items = chapter(1, 3);
  const answers = [
    answerOf(items[0] as QuizItem, 1),
    answerOf(items[1] as QuizItem, 0),
    answerOf(items[2] as QuizItem, 2),
  ];

  it("marks the correct option, scores, and keeps the missed ones in quiz order", () => {
    expect(answers.map((answer) => answer.correct)).toEqual([true, false, false]);
    expect(scoreOf(answers)).toEqual({ score: 1, total: 3 });
    expect(ids(missedItems(items, answers))).toEqual(["c1q1", "c1q2"]);
  });

  it("accepts the answers it makes and refuses empty, oversized or foreign shapes", () => {
    expect(quizAnswersSchema.safeParse(answers).success).toBe(true);
    expect(quizAnswersSchema.safeParse([]).success).toBe(false);
    expect(quizAnswersSchema.safeParse(Array(MAX_QUIZ_ANSWERS + 1).fill(answers[0])).success).toBe(false);
    expect(quizAnswersSchema.safeParse([{ ...answers[0], chosen: -1 }]).success).toBe(false);
    expect(quizAnswersSchema.safeParse([{ ...answers[0], extra: true }]).success).toBe(false);
    expect(quizAnswersSchema.safeParse([{ ...answers[0], activity_id: "x" }]).success).toBe(false);
  });
});

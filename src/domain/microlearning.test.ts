import { Rating } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import type { Question } from "./activity-payload.ts";
import {
  diagnosticSkipsStudy,
  dueCards,
  gapFocus,
  isDue,
  isSkippedResult,
  itemsForFocus,
  MASTERY_PASS_RATIO,
  masteryPassed,
  parseQuizResult,
  parseStoredCard,
  practiceStatus,
  quizResult,
  REVIEW_GRADES,
  reviewCard,
  type StoredCard,
  scoreQuiz,
  statusAfterQuiz,
  statusOnOpen,
  unprobedItems,
} from "./microlearning.ts";

function question(id: string, subtopic: string | null, correct = 1): Question {
  return {
    id,
    stem: `Question ${id}`,
    options: ["a", "b", "c"],
    correct_option: correct,
    explanation: "because",
    difficulty: "easy",
    subtopic_id: subtopic,
    citations: [],
  };
}

const questions = [
  question("q1", "rivers"),
  question("q2", "deltas"),
  question("q3", "deltas"),
  question("q4", null),
];

describe("scoring", () => {
  it("counts correct options and collects the subtopics of wrong answers as gaps", () => {
    const score = scoreQuiz(questions, { q1: 1, q2: 0, q3: 2, q4: 0 });
    expect(score).toEqual({ correct: 1, total: 4, wrongQuestionIds: ["q2", "q3", "q4"], gaps: ["deltas"] });
  });

  it("counts an unanswered question as wrong", () => {
    expect(scoreQuiz(questions, { q2: 1, q3: 1, q4: 1 }).gaps).toEqual(["rivers"]);
  });

  it("passes mastery at 80 % correct", () => {
    expect(MASTERY_PASS_RATIO).toBe(0.8);
    expect(masteryPassed({ correct: 4, total: 5 })).toBe(true);
    expect(masteryPassed({ correct: 3, total: 5 })).toBe(false);
  });

  it("never passes an empty mastery check: it proves nothing", () => {
    expect(masteryPassed({ correct: 0, total: 0 })).toBe(false);
    expect(quizResult("mastery", [], {}).passed).toBe(false);
  });

  it("stores a diagnostic as passed whatever the score, a mastery only when it passed", () => {
    const allWrong = { q1: 0, q2: 0, q3: 0, q4: 0 };
    expect(quizResult("diagnostic", questions, allWrong).passed).toBe(true);
    expect(quizResult("mastery", questions, allWrong)).toEqual({
      answers: allWrong,
      correct: 0,
      total: 4,
      gaps: ["rivers", "deltas"],
      passed: false,
      probed: ["rivers", "deltas"],
    });
    expect(statusAfterQuiz(quizResult("mastery", questions, allWrong))).toBe("in_progress");
    expect(statusAfterQuiz(quizResult("diagnostic", questions, allWrong))).toBe("completed");
  });

  it("reads back only well-formed stored results", () => {
    const result = quizResult("diagnostic", questions, { q1: 1 });
    expect(parseQuizResult(JSON.parse(JSON.stringify(result)))).toEqual(result);
    expect(parseQuizResult({ answers: "x" })).toBeNull();
    expect(parseQuizResult(null)).toBeNull();
  });
});

describe("gap focus", () => {
  const blocks = [
    { id: "general", subtopic_id: null },
    { id: "rivers", subtopic_id: "rivers" },
    { id: "deltas", subtopic_id: "deltas" },
  ];
  const ids = (items: { id: string }[]) => items.map((item) => item.id);
  const diagnostic = quizResult("diagnostic", questions, { q1: 0, q2: 1, q3: 1, q4: 1 });

  it("shows everything before any check", () => {
    const focus = gapFocus(null, null);
    expect(focus.assessed).toBe(false);
    expect(ids(itemsForFocus(blocks, focus))).toEqual(["general", "rivers", "deltas"]);
  });

  it("shows only the gaps (and general items) after the diagnostic", () => {
    expect(ids(itemsForFocus(blocks, gapFocus(diagnostic, null)))).toEqual(["general", "rivers"]);
  });

  it("shows nothing when the diagnostic found no gap", () => {
    const perfect = quizResult("diagnostic", questions, { q1: 1, q2: 1, q3: 1, q4: 1 });
    expect(itemsForFocus(blocks, gapFocus(perfect, null))).toEqual([]);
  });

  it("keeps in focus what the diagnostic never asked about, also when it found no gap", () => {
    const withCoasts = [...blocks, { id: "coasts", subtopic_id: "coasts" }];
    expect(ids(itemsForFocus(withCoasts, gapFocus(diagnostic, null)))).toEqual([
      "general",
      "rivers",
      "coasts",
    ]);
    const perfect = quizResult("diagnostic", questions, { q1: 1, q2: 1, q3: 1, q4: 1 });
    expect(perfect.probed).toEqual(["rivers", "deltas"]);
    const focus = gapFocus(perfect, null);
    expect(ids(unprobedItems(withCoasts, focus))).toEqual(["coasts"]);
    expect(ids(itemsForFocus(withCoasts, focus))).toEqual(["general", "coasts"]);
    expect(itemsForFocus(blocks, focus)).toEqual([]);
  });

  it("reads a result stored before it recorded what it asked about as asking about everything", () => {
    const { probed: _, ...stored } = quizResult("diagnostic", questions, { q1: 1, q2: 1, q3: 1, q4: 1 });
    const focus = gapFocus(parseQuizResult(stored), null);
    expect(focus.probed).toBeNull();
    expect(itemsForFocus([...blocks, { id: "coasts", subtopic_id: "coasts" }], focus)).toEqual([]);
  });

  it("reopens the gaps of a failed mastery check, not of a passed one", () => {
    const failed = quizResult("mastery", questions, { q1: 1, q2: 0, q3: 1, q4: 1 });
    expect(ids(itemsForFocus(blocks, gapFocus(diagnostic, failed)))).toEqual(["general", "rivers", "deltas"]);
    const passed = { ...failed, passed: true };
    expect(ids(itemsForFocus(blocks, gapFocus(diagnostic, passed)))).toEqual(["general", "rivers"]);
    expect(ids(itemsForFocus(blocks, gapFocus(null, failed)))).toEqual(["general", "deltas"]);
  });
});

describe("skipping study and practice", () => {
  it("skips only after a diagnostic without any mistake", () => {
    expect(diagnosticSkipsStudy(quizResult("diagnostic", questions, { q1: 1, q2: 1, q3: 1, q4: 1 }))).toBe(
      true,
    );
    expect(diagnosticSkipsStudy(quizResult("diagnostic", questions, { q1: 1, q2: 1, q3: 1, q4: 0 }))).toBe(
      false,
    );
    expect(diagnosticSkipsStudy(quizResult("diagnostic", [], {}))).toBe(false);
    expect(diagnosticSkipsStudy(null)).toBe(false);
  });

  it("keeps everything in focus when the mistakes name no subtopic", () => {
    // q4 has no subtopic: a wrong answer there leaves no named gap, but is no mastery either.
    const unmapped = quizResult("diagnostic", questions, { q1: 1, q2: 1, q3: 1, q4: 0 });
    expect(unmapped.gaps).toEqual([]);
    const focus = gapFocus(unmapped, null);
    expect(focus.unmapped).toBe(true);
    expect(itemsForFocus([{ subtopic_id: "rivers" }, { subtopic_id: null }], focus)).toHaveLength(2);
  });

  it("recognises the skip mark", () => {
    expect(isSkippedResult({ skipped: true })).toBe(true);
    expect(isSkippedResult({ skipped: "yes" })).toBe(false);
    expect(isSkippedResult(null)).toBe(false);
    expect(isSkippedResult(quizResult("diagnostic", questions, {}))).toBe(false);
  });
});

describe("activity status", () => {
  it("starts an activity on opening without undoing a completion", () => {
    expect(statusOnOpen(null)).toBe("in_progress");
    expect(statusOnOpen("not_started")).toBe("in_progress");
    expect(statusOnOpen("in_progress")).toBe("in_progress");
    expect(statusOnOpen("completed")).toBe("completed");
  });
});

describe("spaced repetition (FSRS)", () => {
  const now = new Date("2025-05-01T08:00:00Z");

  it("offers the four grades in Dutch", () => {
    expect(REVIEW_GRADES.map((grade) => [grade.grade, grade.label])).toEqual([
      [Rating.Again, "Opnieuw"],
      [Rating.Hard, "Moeilijk"],
      [Rating.Good, "Goed"],
      [Rating.Easy, "Makkelijk"],
    ]);
  });

  it("schedules a remembered card later than a forgotten one", () => {
    const again = reviewCard(null, Rating.Again, now);
    const easy = reviewCard(null, Rating.Easy, now);
    expect(new Date(again.due).getTime()).toBeGreaterThan(now.getTime());
    expect(new Date(easy.due).getTime()).toBeGreaterThan(new Date(again.due).getTime());
    expect(easy.reps).toBe(1);
  });

  it("grows the interval with successive good reviews", () => {
    const first = reviewCard(null, Rating.Good, now);
    const second = reviewCard(first, Rating.Good, new Date(first.due));
    const third = reviewCard(second, Rating.Good, new Date(second.due));
    const interval = (card: StoredCard, from: string) =>
      new Date(card.due).getTime() - new Date(from).getTime();
    expect(interval(third, second.due)).toBeGreaterThan(interval(second, first.due));
    expect(third.reps).toBe(3);
  });

  it("stores card state as JSON that reads back", () => {
    const stored = reviewCard(null, Rating.Good, now);
    expect(parseStoredCard(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(parseStoredCard({ due: 1 })).toBeNull();
  });

  it("shows what is due: new cards and cards whose time has come", () => {
    const later = reviewCard(null, Rating.Easy, now);
    const states = new Map([["seen", later]]);
    const cards = [{ id: "new" }, { id: "seen" }];
    expect(isDue(undefined, now)).toBe(true);
    expect(dueCards(cards, states, now).map((card) => card.id)).toEqual(["new"]);
    expect(dueCards(cards, states, new Date(later.due)).map((card) => card.id)).toEqual(["new", "seen"]);
  });

  it("completes practice once every card in focus was reviewed", () => {
    const state = reviewCard(null, Rating.Good, now);
    expect(practiceStatus([{ id: "a" }, { id: "b" }], new Map([["a", state]]))).toBe("in_progress");
    expect(practiceStatus([{ id: "a" }], new Map([["a", state]]))).toBe("completed");
    expect(practiceStatus([], new Map())).toBe("in_progress");
  });
});

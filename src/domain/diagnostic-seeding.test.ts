import { Rating, State } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import type { Question } from "./activity-payload.ts";
import {
  DIAGNOSTIC_SEED_RULES,
  diagnosticSeeds,
  isReviewed,
  type SubtopicVerdict,
  seededCard,
  subtopicVerdicts,
} from "./diagnostic-seeding.ts";
import { isDue, practiceStatus, reviewCard } from "./microlearning.ts";

const now = new Date("2026-11-28T09:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

function question(id: string, subtopic: string | null): Question {
  return {
    id,
    stem: `Question ${id}`,
    options: ["right", "wrong"],
    correct_option: 0,
    explanation: "",
    difficulty: "easy",
    subtopic_id: subtopic,
    citations: [],
  };
}

describe("subtopicVerdicts", () => {
  const questions = [
    question("q1", "rivers"),
    question("q2", "deltas"),
    question("q3", "deltas"),
    question("q4", null),
  ];
  it.each<{ case: string; answers: Record<string, number>; rivers: string; deltas: string }>([
    { case: "all right", answers: { q1: 0, q2: 0, q3: 0, q4: 0 }, rivers: "right", deltas: "right" },
    {
      case: "one of two wrong makes the subtopic wrong",
      answers: { q1: 0, q2: 0, q3: 1 },
      rivers: "right",
      deltas: "wrong",
    },
    { case: "unanswered counts as wrong", answers: { q2: 0, q3: 0 }, rivers: "wrong", deltas: "right" },
  ])("$case", ({ answers, rivers, deltas }) => {
    const verdicts = subtopicVerdicts(questions, answers);
    expect(Object.fromEntries(verdicts)).toEqual({ rivers, deltas });
  });
});

describe("seededCard follows DIAGNOSTIC_SEED_RULES", () => {
  it.each<{ verdict: SubtopicVerdict; dueInDays: number; reps: number; state: State; dueNow: boolean }>([
    { verdict: "right", dueInDays: 3, reps: 1, state: State.Review, dueNow: false },
    { verdict: "wrong", dueInDays: 0, reps: 0, state: State.New, dueNow: true },
  ])("$verdict: due in $dueInDays days, reps $reps", ({ verdict, dueInDays, reps, state, dueNow }) => {
    const card = seededCard(verdict, now);
    expect(DIAGNOSTIC_SEED_RULES[verdict].firstReviewDays).toBe(dueInDays);
    expect(new Date(card.due).getTime() - now.getTime()).toBe(dueInDays * DAY_MS);
    expect(card.reps).toBe(reps);
    expect(card.state).toBe(state);
    expect(isDue(card, now)).toBe(dueNow);
    expect(isReviewed(card)).toBe(reps > 0);
  });

  it("a right subtopic is seeded as one Good review would leave it, not easier", () => {
    const seeded = seededCard("right", now);
    expect(DIAGNOSTIC_SEED_RULES.right.rating).toBe(Rating.Good);
    expect(seeded.stability).toBeGreaterThan(0);
    expect(seeded.last_review).toBe(now.toISOString());
    // Reviewing it at its due date goes on from that state rather than from a new card.
    const next = reviewCard(seeded, Rating.Good, new Date(seeded.due));
    expect(next.reps).toBe(2);
    expect(new Date(next.due).getTime()).toBeGreaterThan(new Date(seeded.due).getTime());
  });
});

describe("diagnosticSeeds", () => {
  const verdicts = new Map<string, SubtopicVerdict>([
    ["rivers", "right"],
    ["deltas", "wrong"],
  ]);
  const reviewed = reviewCard(null, Rating.Again, now);
  const seededWrong = seededCard("wrong", now);
  it.each([
    { case: "card of a right subtopic", subtopic: "rivers", existing: undefined, seeded: "right" },
    { case: "card of a wrong subtopic", subtopic: "deltas", existing: undefined, seeded: "wrong" },
    { case: "card without a subtopic", subtopic: null, existing: undefined, seeded: null },
    { case: "card of a subtopic not asked about", subtopic: "coasts", existing: undefined, seeded: null },
    { case: "card the learner already reviewed", subtopic: "rivers", existing: reviewed, seeded: null },
    {
      case: "card a wrong answer seeded before, now right",
      subtopic: "rivers",
      existing: seededWrong,
      seeded: "right",
    },
  ])("$case", ({ subtopic, existing, seeded }) => {
    const states = new Map(existing ? [["c", existing]] : []);
    const seeds = diagnosticSeeds([{ id: "c", subtopic_id: subtopic }], verdicts, states, now);
    if (seeded === null) expect(seeds).toEqual([]);
    else expect(seeds).toEqual([{ cardId: "c", card: seededCard(seeded as SubtopicVerdict, now) }]);
  });
});

describe("practice completion after seeding", () => {
  it("a card the diagnostic found unknown still needs a review", () => {
    const states = new Map([["c", seededCard("wrong", now)]]);
    expect(practiceStatus([{ id: "c" }], states)).toBe("in_progress");
    states.set("c", reviewCard(states.get("c") ?? null, Rating.Good, now));
    expect(practiceStatus([{ id: "c" }], states)).toBe("completed");
  });
});

import { describe, expect, it } from "vitest";
import { PHASE_KINDS, type PhaseKind } from "./phase.ts";
import { type PathChapter, phaseNeighbours, phasePath } from "./phase-path.ts";

const chapter = (id: string, position: number, kinds: readonly PhaseKind[] = PHASE_KINDS): PathChapter => ({
  id,
  position,
  activities: kinds.map((kind) => ({ kind })),
});

/** "a1:overview" style names keep the tables readable. */
const named = (step: { chapterId: string; kind: PhaseKind } | null) =>
  step ? `${step.chapterId}:${step.kind}` : null;

// Chapter b has no diagnostic and no practice; chapters arrive out of order, as a query may answer.
const COURSE = [
  chapter("b", 2, ["overview", "study", "mastery", "recap"]),
  chapter("a", 1),
  chapter("c", 3, ["recap", "overview"]),
];

describe("phasePath", () => {
  it("orders chapters by position and phases in their fixed order, skipping what a chapter lacks", () => {
    expect(phasePath(COURSE).map(named)).toEqual([
      "a:overview",
      "a:diagnostic",
      "a:study",
      "a:practice",
      "a:mastery",
      "a:recap",
      "b:overview",
      "b:study",
      "b:mastery",
      "b:recap",
      "c:overview",
      "c:recap",
    ]);
  });

  it("carries each chapter's position, to name the chapter a step leads into", () => {
    expect(phasePath(COURSE).find((step) => step.chapterId === "c")?.chapterPosition).toBe(3);
  });

  it("is empty for a course without chapters or activities", () => {
    expect(phasePath([])).toEqual([]);
    expect(phasePath([chapter("a", 1, [])])).toEqual([]);
  });
});

describe("phaseNeighbours", () => {
  const rows: Array<[string, { chapterId: string; kind: PhaseKind }, string | null, string | null]> = [
    ["the course's first phase has no previous", { chapterId: "a", kind: "overview" }, null, "a:diagnostic"],
    ["within a chapter", { chapterId: "a", kind: "study" }, "a:diagnostic", "a:practice"],
    [
      "a chapter's end leads into the next chapter",
      { chapterId: "a", kind: "recap" },
      "a:mastery",
      "b:overview",
    ],
    [
      "a chapter's start leads back to the previous one",
      { chapterId: "b", kind: "overview" },
      "a:recap",
      "b:study",
    ],
    ["phases a chapter lacks are skipped", { chapterId: "b", kind: "study" }, "b:overview", "b:mastery"],
    ["the course's last phase has no next", { chapterId: "c", kind: "recap" }, "c:overview", null],
    // Opened by its address though the chapter has no such activity: the nearest phases either side.
    [
      "a phase the chapter lacks still has neighbours",
      { chapterId: "b", kind: "practice" },
      "b:study",
      "b:mastery",
    ],
    ["a missing phase at a chapter's start", { chapterId: "c", kind: "diagnostic" }, "c:overview", "c:recap"],
    ["a chapter not in the course has none", { chapterId: "z", kind: "study" }, null, null],
  ];

  it.each(rows)("%s", (_, current, previous, next) => {
    const neighbours = phaseNeighbours(COURSE, current);
    expect(named(neighbours.previous)).toBe(previous);
    expect(named(neighbours.next)).toBe(next);
  });
});

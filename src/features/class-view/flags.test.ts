import { describe, expect, it } from "vitest";
import {
  type ClassCountsRow,
  type FlagThreshold,
  groupByChapter,
  type ItemAnalysis,
  type ItemFlag,
} from "./api";
import { flagSentence, percent } from "./flags";

const THRESHOLDS = new Map<string, FlagThreshold>([
  ["too_easy", { flag: "too_easy", threshold: 0.9, min_attempts: 5 }],
  ["too_hard", { flag: "too_hard", threshold: 0.2, min_attempts: 5 }],
]);

/** A question answered right once, "B" seven times, "C" twice, "D" never. */
const item: ItemAnalysis = {
  chapter_id: "c1",
  chapter_position: 1,
  chapter_title: "Chapter",
  activity_id: "a1",
  kind: "mastery",
  question_id: "q1",
  question_position: 1,
  subtopic_id: null,
  stem: "Stem",
  attempts: 10,
  check_attempts: 10,
  quiz_attempts: 0,
  share_correct: 0.1,
  discrimination: -0.5,
  options: [
    { index: 0, text: "A", correct: true, picks: 1 },
    { index: 1, text: "B", correct: false, picks: 7 },
    { index: 2, text: "C", correct: false, picks: 2 },
    { index: 3, text: "D", correct: false, picks: 0 },
  ],
  flags: [],
};

describe("flagSentence", () => {
  it.each<[ItemFlag, string]>([
    ["too_easy", "Too easy: more than 90 % answer it right, so it tells you little."],
    ["too_hard", "Too hard: fewer than 20 % answer it right. Check the question and its answer."],
    ["negative_discrimination", "Misleading: learners who do well on the rest of the chapter"],
    ["unused_option", "Nobody picks “D”: not a believable wrong answer."],
    ["wrong_option_beats_right", "More learners pick “B” or “C” than the right answer."],
  ])("words %s for a teacher", (flag, sentence) => {
    expect(flagSentence(flag, item, THRESHOLDS)).toContain(sentence);
  });
});

describe("percent", () => {
  it.each([
    [0.9, "90 %"],
    [0.125, "13 %"],
    [null, "–"],
  ])("shows %s as %s", (share, shown) => {
    expect(percent(share)).toBe(shown);
  });
});

describe("groupByChapter", () => {
  const row = (chapter: string, position: number, subtopic: string | null): ClassCountsRow => ({
    chapter_id: chapter,
    chapter_position: position,
    chapter_title: chapter,
    subtopic_id: subtopic,
    subtopic_title: subtopic,
    started: 1,
    excused: 0,
    passed: 0,
    failed: 0,
    stuck: 0,
  });

  it("puts each subtopic under its chapter, chapters by position", () => {
    const chapters = groupByChapter([
      row("c2", 2, null),
      row("c1", 1, null),
      row("c1", 1, "s1"),
      row("c2", 2, "s2"),
    ]);
    expect(chapters.map((chapter) => [chapter.id, chapter.subtopics.map((s) => s.subtopic_id)])).toEqual([
      ["c1", ["s1"]],
      ["c2", ["s2"]],
    ]);
  });
});

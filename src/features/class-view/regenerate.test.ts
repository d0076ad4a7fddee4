import { describe, expect, it } from "vitest";
import type { Regeneration } from "./api";
import { regenerationSentence } from "./regenerate";

const row = (fields: Partial<Regeneration>): Regeneration => ({
  id: "66666666-6666-4666-8666-666666666666",
  part: "item",
  chapter_id: "77777777-7777-4777-8777-777777777777",
  activity_id: null,
  question_id: null,
  chunk_id: null,
  line_start: null,
  line_end: null,
  status: "done",
  error: null,
  result: null,
  created_at: "2026-11-28T10:00:00Z",
  ...fields,
});

describe("regenerationSentence", () => {
  it.each([
    [{ status: "queued" as const }, "A question is being regenerated."],
    [{ status: "running" as const, part: "chapter" as const }, "A chapter is being regenerated."],
    [
      { status: "failed" as const, error: "No different question could be written." },
      "A question could not be regenerated: No different question could be written.",
    ],
    [
      { result: { stem: "Which gas do leaves release?" } },
      "Question replaced by “Which gas do leaves release?”.",
    ],
    [
      { part: "chapter" as const, result: { kept: 4, replaced: 2, added: 0, removed: 0 } },
      "Chapter regenerated: 2 activities changed, 4 unchanged.",
    ],
    [
      { part: "chapter" as const, result: { kept: 5, replaced: 1, added: 0, removed: 0 } },
      "Chapter regenerated: 1 activity changed, 5 unchanged.",
    ],
    [{ part: "lines" as const, status: "queued" as const }, "Items are being added."],
    [{ part: "lines" as const, status: "running" as const }, "Items are being added."],
    [
      { part: "lines" as const, status: "failed" as const, error: "These lines hold nothing to ask about." },
      "Items could not be added: These lines hold nothing to ask about.",
    ],
    [
      { part: "lines" as const, result: { questions: 2, cards: 3, stems: ["A?", "B?"] } },
      "Added 2 questions and 3 cards.",
    ],
    [
      { part: "lines" as const, result: { questions: 1, cards: 1, stems: ["A?"] } },
      "Added 1 question and 1 card.",
    ],
    [
      { part: "lines" as const, result: { questions: 0, cards: 2, stems: [] } },
      "Added 0 questions and 2 cards.",
    ],
  ])("%o reads %s", (fields, sentence) => {
    expect(regenerationSentence(row(fields))).toBe(sentence);
  });
});

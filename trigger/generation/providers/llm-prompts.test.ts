import { describe, expect, it } from "vitest";
import { shapeOf } from "../course-shape.ts";
import { chapterCountsText, chapterSystem } from "./llm-prompts.ts";

const subtopics = [
  { subtopic_id: "section-1-1", title: "Dijken" },
  { subtopic_id: "section-1-2", title: "Literatuur" },
];

describe("chapterCountsText: the counts a chapter request asks for", () => {
  it.each([
    {
      name: "a section that teaches nothing asks for empty lists",
      bySubtopic: [0, 0],
      words: 0,
      contains: ["teach nothing", "empty lists", "empty transcript"],
      lacks: ["diagnostic"],
    },
    {
      name: "a subtopic without teachable sentences gets no items",
      bySubtopic: [8, 0],
      words: 200,
      contains: ["diagnostic 1 questions", "practice 4 cards", "give them no items: section-1-2"],
      lacks: ["Listed subtopics (ids): section-1-1, section-1-2"],
    },
    {
      name: "too little for a second check asks for an empty mastery",
      bySubtopic: [2, 1],
      words: 60,
      contains: ["mastery 0 questions", "recap transcript 30-230 words", "No form is required"],
      lacks: ["at least one question of each form"],
    },
    {
      name: "a full chapter asks for the forms",
      bySubtopic: [10, 10],
      words: 600,
      contains: ["mastery 6 questions", "recap transcript 150-230 words", "cause, definition"],
      lacks: ["give them no items"],
    },
  ])("$name", ({ bySubtopic, words, contains, lacks }) => {
    const shape = shapeOf(
      new Map(bySubtopic.map((count, index) => [`section-1-${index + 1}`, count])),
      words,
    );
    const text = chapterCountsText(shape, subtopics);
    for (const part of contains) expect(text).toContain(part);
    for (const part of lacks) expect(text).not.toContain(part);
  });
});

describe("chapterSystem: rules a model cannot read two ways", () => {
  it.each([
    ["the index base of correct_option", "counting from 0: 0 is the first option"],
    ["what to do when a rule cannot be met", "write fewer items (or none, an empty list): never invent"],
    ["connectives in the language written", "connectives of the language you write in"],
    ["options of similar length", "Keep all four options about the same length"],
    ["absolute words", "appear in the right option as often as in wrong ones"],
    ["a hint on every card", "Every card has a hint"],
    ["recap in own words", "never read a line aloud"],
    ["options named by their words, not their place", "never by its position, number or letter"],
    ["why places are wrong: options are reordered", "shown to the learner in another order"],
    ["no option spelled twice", "No two options may be the same words spelled differently"],
  ])("states %s", (_, phrase) => {
    expect(chapterSystem("en", 0)).toContain(phrase);
  });
});

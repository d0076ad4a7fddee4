import { describe, expect, it } from "vitest";
import { contentTerms } from "./corpus.ts";
import { ITEM_LIMITS, RECAP_WORDS, shapeOf, unteachableReason, verbatimShare } from "./course-shape.ts";
import { isCompleteSentence } from "./text/sentences.ts";

const sentence = (text: string) => ({ text, complete: isCompleteSentence(text), terms: contentTerms(text) });

describe("unteachableReason", () => {
  it.each([
    ["Magma that reaches the surface through a vent is called lava.", null],
    ["Een dijk is een kunstmatige wal die het land tegen het water beschermt.", null],
    ["Why do volcanoes form along plate boundaries?", "question"],
    ["Waarom liggen de meeste vulkanen langs de randen van platen?", "question"],
    ["Explain why the mid-ocean ridge is volcanically active.", "exercise"],
    ["Leg uit waarom het hart twee kamers heeft.", "exercise"],
    ["Smith, J. (2001). Volcanoes of the world. Cambridge University Press.", "reference"],
    ["Jansen et al. showed the same pattern in older rocks.", "reference"],
    ["See chapter 4.", "thin"],
    ["Plate tectonics and people", "incomplete"],
  ] as const)("%s → %s", (text, expected) => {
    expect(unteachableReason(sentence(text))).toBe(expected);
  });
});

describe("shapeOf: counts scale with the teachable sentences", () => {
  it.each([
    {
      name: "a section that teaches nothing (titles, references, review questions)",
      bySubtopic: [0, 0],
      words: 0,
      expected: { diagnostic: 0, mastery: 0, cards: 0, recap: { min: 0, max: 0 }, forms: 0 },
    },
    {
      name: "a one-paragraph abstract",
      bySubtopic: [4],
      words: 90,
      expected: { diagnostic: 1, mastery: 2, cards: 4, recap: { min: 45, max: 230 }, forms: 2 },
    },
    {
      name: "a paragraph of three sentences: no room for a second check",
      bySubtopic: [3],
      words: 60,
      expected: { diagnostic: 1, mastery: 0, cards: 3, recap: { min: 30, max: 230 }, forms: 0 },
    },
    {
      name: "two short subtopics",
      bySubtopic: [3, 3],
      words: 130,
      expected: { diagnostic: 2, mastery: 2, cards: 6, recap: { min: 65, max: 230 }, forms: 2 },
    },
    {
      name: "a full chapter",
      bySubtopic: [12, 9, 15, 7],
      words: 900,
      expected: {
        diagnostic: 4,
        mastery: ITEM_LIMITS.mastery,
        cards: ITEM_LIMITS.cards,
        recap: RECAP_WORDS,
        forms: 2,
      },
    },
    {
      name: "many subtopics, capped",
      bySubtopic: [2, 2, 2, 2, 2, 2, 2, 2],
      words: 500,
      expected: {
        diagnostic: ITEM_LIMITS.diagnostic,
        mastery: ITEM_LIMITS.mastery,
        cards: 8,
        recap: RECAP_WORDS,
        forms: 2,
      },
    },
  ])("$name", ({ bySubtopic, words, expected }) => {
    const shape = shapeOf(new Map(bySubtopic.map((count, index) => [`s-${index}`, count])), words);
    expect({
      diagnostic: shape.diagnostic,
      mastery: shape.mastery,
      cards: shape.cards,
      recap: shape.recapWords,
      forms: shape.forms.length,
    }).toEqual(expected);
  });

  it("lists only the subtopics that teach something", () => {
    const shape = shapeOf(
      new Map([
        ["a", 3],
        ["b", 0],
        ["c", 1],
      ]),
      80,
    );
    expect(shape.teachingSubtopics).toEqual(["a", "c"]);
  });
});

describe("verbatimShare", () => {
  const line = "Magma that reaches the surface through a vent is called lava and cools into rock.";
  it.each([
    { text: line, share: 1 },
    { text: "Lava is what we call magma once it has escaped at the surface.", share: 0 },
    { text: "Too short", share: 0 },
    {
      text: "Magma that reaches the surface through a vent becomes lava, which hardens later.",
      share: 4 / 9,
    },
  ])("$text → $share", ({ text, share }) => {
    expect(verbatimShare(text, [line])).toBeCloseTo(share, 5);
  });

  it("finds a phrase broken across two cited lines", () => {
    expect(
      verbatimShare("the surface through a vent is", ["reaches the surface", "through a vent is called"]),
    ).toBe(1);
  });
});

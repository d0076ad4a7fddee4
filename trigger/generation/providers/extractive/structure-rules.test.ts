import { describe, expect, it } from "vitest";
import type { Sentence } from "../../corpus.ts";
import { pastedSentences } from "../../fixtures/pasted.ts";
import { withListsJoined } from "./grouping.ts";
import {
  asTitle,
  continuesTitle,
  isCalloutHeading,
  isFrontMatterHeading,
  isObjectivesHeading,
  joinUntitled,
  leadOf,
  namesWrittenSmall,
} from "./structure.ts";

// A box's label is no chapter or subtopic: each row is a heading and whether it is one.
describe("isCalloutHeading", () => {
  const rows: [string, boolean][] = [
    ["Tip", true],
    ["Tip:", true],
    ["Let op!", true],
    ["Meer weten", true],
    ["Note", true],
    ["Did you know?", true],
    ["Tips voor docenten bij het gebruik van algoritmes", false],
    ["Herken bias", false],
    ["Plate tectonics", false],
  ];
  it.each(rows)("%j → %s", (heading, expected) => {
    expect(isCalloutHeading(heading)).toBe(expected);
  });
});

// A box of learning objectives is left out with its text: each row is a heading and whether it is one.
describe("isObjectivesHeading", () => {
  it.each<[string, boolean]>([
    ["Learning Objectives", true],
    ["Leerdoelen:", true],
    ["Objectives", true],
    ["Objectives of the Dutch water boards", false],
    ["Doelen van het waterschap", false],
  ])("%j → %s", (heading, expected) => {
    expect(isObjectivesHeading(heading)).toBe(expected);
  });
});

// A report's front matter opens no chapter: each row is a heading and whether it is front matter.
describe("isFrontMatterHeading", () => {
  it.each<[string, boolean]>([
    ["Contents", true],
    ["Table of Contents", true],
    ["List of Tables", true],
    ["Document Metadata", true],
    ["Disclaimer:", true],
    ["Inhoudsopgave", true],
    ["Colofon", true],
    ["Acknowledgements / Contributions", true], // a deck's closing slide, read as a chapter
    ["Acknowledgments", true],
    // read in a model's course of a paper: "Figure credits" and "Supplemental materials" as chapters
    ["FIGURE CREDITS", true],
    ["Supplemental materials", true],
    ["Funding", true],
    ["Beeldverantwoording", true],
    ["Dankwoord", true],
    ["Contributions to the water board", false],
    ["Contents of a cell", false],
    ["Metadata of public events", false],
    ["Inhoud van de dijk", false],
  ])("%j → %s", (heading, expected) => {
    expect(isFrontMatterHeading(heading)).toBe(expected);
  });
});

// A heading that repeats the section's title (a deck's continuation slide) opens no new chapter.
describe("continuesTitle", () => {
  const rows: [string | null, string, boolean][] = [
    ["Max Function", "Max Function", true],
    ["Max Function", "max function (cont.)", true],
    ["Bloedsomloop", "Bloedsomloop (vervolg)", true],
    ["Return Values", "Return Value", false],
    ["Dialog-state systems", "Dialog-state systems cont.", true],
    ["Frames", "Frames cont'd", true],
    ["Contents", "Discontent", false],
    [null, "Functions", false],
  ];
  it.each(rows)("%j then %j → %s", (previous, heading, expected) => {
    expect(continuesTitle(previous, heading)).toBe(expected);
  });
});

// A passage no title can name apart from its siblings joins the one before it (the first, the one
// after), while the section keeps two subtopics: each row is the titles in, the titles and sizes out.
describe("joinUntitled", () => {
  const sentence = (index: number) => ({ index }) as unknown as Sentence;
  const rows: [Array<string | null>, Array<[string | null, number]>][] = [
    [
      ["A", "B", null],
      [
        ["A", 1],
        ["B", 2],
      ],
    ],
    [
      [null, "A", "B"],
      [
        ["A", 2],
        ["B", 1],
      ],
    ],
    [
      ["A", null, null, "B"],
      [
        ["A", 3],
        ["B", 1],
      ],
    ],
    [
      ["A", null],
      [
        ["A", 1],
        [null, 1],
      ],
    ],
    [
      ["A", "B", "C"],
      [
        ["A", 1],
        ["B", 1],
        ["C", 1],
      ],
    ],
  ];
  it.each(rows)("%j → %j", (titles, expected) => {
    const groups = titles.map((title, index) => ({ title, sentences: [sentence(index)] }));
    expect(joinUntitled(groups).map((group) => [group.title, group.sentences.length])).toEqual(expected);
  });
});

// Any passage that adds nothing joins the same way: here the ones marked silent.
describe("joinUntitled by another measure", () => {
  const sentence = (index: number) => ({ index }) as unknown as Sentence;
  it.each<[Array<[string, boolean]>, Array<[string, number]>]>([
    [
      [
        ["Grammar", false],
        ["Package", true],
        ["Uncertainty", true],
        ["Retrospectives", false],
      ],
      [
        ["Grammar", 3],
        ["Retrospectives", 1],
      ],
    ],
    [
      [
        ["Own accord", true],
        ["Issues", false],
        ["Engagement", true],
      ],
      [
        ["Issues", 2],
        ["Engagement", 1],
      ],
    ],
  ])("%j → %j", (passages, expected) => {
    const groups = passages.map(([title, silent], index) => ({
      title,
      silent,
      sentences: [sentence(index)],
    }));
    const joined = joinUntitled(groups, (group) => group.silent);
    expect(joined.map((group) => [group.title, group.sentences.length])).toEqual(expected);
  });
});

// A subtopic's lead (its description) says what it is about: a statement before a credit line or a question.
describe("leadOf", () => {
  it.each([
    // read as a description: "Kwantitatieve analyse: Bron: Addendum Vooringenomenheid voorkomen, Algorithm Audit"
    [
      "Bron: Addendum Vooringenomenheid voorkomen, Algorithm Audit. Hieruit bleek dat er onvoldoende statistisch verband was tussen de criteria.",
      "Hieruit bleek dat er onvoldoende statistisch verband was tussen de criteria.",
    ],
    [
      "Hoe werkt een dijk? Een dijk houdt het water van de rivier tegen.",
      "Een dijk houdt het water van de rivier tegen.",
    ],
  ])("%s → %s", async (text, lead) => {
    expect(leadOf(await pastedSentences(text))?.text).toBe(lead);
  });
});

// A passage of list items alone joins the passage with their lead-in: each row is the passages' sentences
// (a number is a sentence's index, "n>m" one framed by the lead-in m) and the passages that result.
describe("withListsJoined", () => {
  const sentence = (label: string) => {
    const [index, lead] = label.split(">").map(Number);
    return { index, framedBy: lead } as unknown as Sentence;
  };
  it.each([
    [
      [
        ["0", "1"],
        ["2>1", "3>1"],
        ["4", "5"],
      ],
      [
        [0, 1, 2, 3],
        [4, 5],
      ],
    ],
    [[["0>9"], ["1", "2"]], [[0, 1, 2]]],
    [
      [
        ["0", "1>0"],
        ["2", "3>2"],
      ],
      [
        [0, 1],
        [2, 3],
      ],
    ],
    [[["0>9"]], [[0]]],
  ])("%j → %j", (passages, expected) => {
    const units = passages.map((labels) => ({ heading: null, sentences: labels.map(sentence) }));
    expect(withListsJoined(units).map((unit) => unit.sentences.map((s) => s.index))).toEqual(expected);
  });
});

// A name the text writes in small letters keeps them in a title: "Ggdist" and "XDIST" were read as typos.
describe("asTitle", () => {
  it.each([
    ["ggdist source code", "The package ggdist is small. ggdist's geometries follow.", "ggdist source code"],
    ["xDIST", "The layer maps xDIST onto the axis.", "xDIST"],
    ["grammar", "Grammar matters. grammar rules apply.", "Grammar"],
    ["grammar", "The grammar of graphics is everywhere.", "Grammar"],
  ])("%s in %j → %s", async (phrase, text, expected) => {
    expect(asTitle(phrase, namesWrittenSmall(await pastedSentences(text)))).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { shapeOf } from "../course-shape.ts";
import { chapterCountsText, chapterSystem, outlineSystem, reduceSystem } from "./llm-prompts.ts";

const subtopics = [
  { subtopic_id: "section-1-1", title: "Dijken" },
  { subtopic_id: "section-1-2", title: "Literatuur" },
];

describe("chapterCountsText: the counts a chapter request asks for", () => {
  it.each([
    {
      name: "a section that teaches nothing asks for slides and empty lists, recap bullets included",
      bySubtopic: [0, 0],
      words: 0,
      contains: [
        "one overview slide per subtopic",
        "recap bullets and podcast turns are empty lists",
        "transcript is an empty string",
      ],
      lacks: ["diagnostic 0", "Slide-only"],
    },
    {
      name: "a subtopic without teachable statements is slide-only, and says what that means",
      bySubtopic: [8, 0],
      words: 200,
      contains: [
        "diagnostic 1 question, one for each of these subtopics: section-1-1;",
        "practice 4 cards",
        "Slide-only subtopics (their lines state nothing a learner can be asked about): section-1-2.",
        "gets its overview slide and nothing else: no objective, question, study block, card, recap point or podcast turn",
      ],
      lacks: ["study blocks for each teaching subtopic: section-1-1, section-1-2"],
    },
    {
      name: "too little for a second check asks for an empty mastery and fewer bullets",
      bySubtopic: [1, 1],
      words: 40,
      contains: [
        "mastery 0 questions",
        "recap transcript 30-230 words and 2 bullets",
        "No question form is required",
      ],
      lacks: ["include a cause question"],
    },
    {
      name: "a full chapter asks for each form only where the lines give it",
      bySubtopic: [10, 10],
      words: 600,
      contains: [
        "objectives 5;",
        "mastery 6 questions",
        "recap transcript 150-230 words and 3-5 bullets",
        "a cause question ('Why ...?') if some line states a cause or reason",
        "a definition question ('What is ...?') if some line defines a term",
        "Where no line does, leave that form out",
      ],
      lacks: ["Slide-only"],
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

  it("asks the diagnostic about as many subtopics as it has questions", () => {
    const many = Array.from({ length: 13 }, (_, index) => ({
      subtopic_id: `section-5-${index + 1}`,
      title: "",
    }));
    const shape = shapeOf(new Map(many.map((subtopic) => [subtopic.subtopic_id, 3])), 400);
    const text = chapterCountsText(shape, many);
    const asked = /diagnostic (\d+) questions?, one for each of these subtopics: ([^;]*);/.exec(text);
    expect(Number(asked?.[1])).toBe(12);
    expect(asked?.[2]?.split(", ")).toHaveLength(12);
    expect(asked?.[2]).not.toContain("section-5-13");
  });
});

describe("chapterSystem: rules a model cannot read two ways", () => {
  it.each([
    ["the index base of correct_option", "counting from 0: 0 is the first option"],
    [
      "what to do when a rule cannot be met",
      "write fewer items (or none, an empty list) and leave the rule unmet rather than bend it",
    ],
    ["connectives in the language written", "connectives of the language you write in"],
    // Stand-ins were asked for "because" and then told their "because" stated a cause no line states.
    ["causal connectives only where a line states the cause", "a causal connective ('because', 'therefore'"],
    ["options of similar length", "Keep all four options about the same length"],
    // Three stand-in models asked whether "as often" was per question or overall, and which words count.
    ["absolute words", "across the chapter's questions, never let them appear"],
    ["a hint on every card", "Every card has a hint"],
    ["recap in own words", "never read a line aloud"],
    // A stand-in translated a table's English rows in a Dutch podcast, and no check could back the turns.
    ["names kept as the cited lines write them", "also where the lines are in another"],
    ["options named by their words, not their place", "never by its position, number or letter"],
    ["what a slide-only subtopic gets", "A subtopic listed as slide-only has no objective"],
    ["overview slides for every subtopic", "one slide per subtopic of the outline, every subtopic including"],
    ["a qa block has no content", "a qa block has no content"],
    [
      "a definition only where a line defines",
      "A definition question asks only for a term some line defines",
    ],
    ["a cause only where a line states one", "only for a cause or reason some line states"],
    [
      "what to do without a definition or cause",
      "write no question of that form, also where the request asks",
    ],
    ["connectives in other languages", "in any other language its own words for these"],
    ["the speakers' names", 'speaker is "host" or "expert"'],
    ["the difficulty values", 'difficulty is "easy", "medium" or "hard"'],
    ["when subtopic_id is null", "null only for an item that connects several subtopics"],
    ["line numbers as shown", "use them exactly as shown"],
    ["why places are wrong: options are reordered", "shown to the learner in another order"],
    ["no option spelled twice", "No two options may be the same words spelled differently"],
    // Graders read hints and stems pointing at "de tweede alinea", "volgens de tip" and unseen charts.
    ["the learner never sees the source", "never point at where something stands in it"],
    ["what a number shows, not the number", "ask what a number shows, never the number alone"],
  ])("states %s", (_, phrase) => {
    expect(chapterSystem("en", 0)).toContain(phrase);
  });
});

describe("reduceSystem: the entries' numbering", () => {
  it.each([
    ["the index base", "counting from 0"],
    ["where the ranges start", "the first range starts at 0"],
    ["inclusive ranges", "inclusive ranges {first, last}"],
  ])("states %s", (_, phrase) => {
    expect(reduceSystem("nl")).toContain(phrase);
  });
});

// A blind grading of a stand-in model's course: "Standaarden zijn het belangrijkste middel…" where the
// source says "een belangrijk middel", and a year the cited lines do not give.
describe("chapterSystem: no claim stronger than its lines", () => {
  it.each([
    ["degree and hedges", "keep their degree and hedges"],
    ["new facts", "add no date, number or name"],
  ])("asks to keep the lines' %s", (_, phrase) => {
    expect(chapterSystem("nl", 0)).toContain(phrase);
  });
});

describe("outlineSystem: which headings are chapters", () => {
  it("says a single heading above the rest is the title", () => {
    expect(outlineSystem("en", true, 0)).toContain(
      "a single heading above all of them is the document's title",
    );
  });

  // A stand-in model read "one section per chapter heading" as one section per slide of a deck whose slide
  // titles are all level 1, and had to decide alone.
  it("says how a slide deck's slides make sections", () => {
    expect(outlineSystem("en", true, 0)).toContain(
      "a section is a run of consecutive slides on one subject, titled with the title of its first slide",
    );
  });

  // A stand-in model kept a paper's "FIGURE CREDITS", "SUPPLEMENTAL MATERIALS" and "ACKNOWLEDGMENTS" as
  // chapters (the rule named only a deck's closing slide), and asked a card for an award number.
  // Graders found chapters of 17 and 20 subtopics whose diagnostic could ask about six.
  it("asks for no more subtopics per section than the diagnostic can ask about", () => {
    expect(outlineSystem("en", true, 0)).toContain(
      "at most 6 (the chapter's diagnostic asks one question per subtopic",
    );
  });

  it("says parts about the document are no section, in any kind of document", () => {
    const prompt = outlineSystem("en", true, 0);
    expect(prompt).toContain("Parts about the document rather than its subject are no section");
    for (const part of ["acknowledgements", "figure credits", "supplemental materials"])
      expect(prompt).toContain(part);
  });
});

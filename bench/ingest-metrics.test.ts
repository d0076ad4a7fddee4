import { describe, expect, it } from "vitest";
import {
  bodyText,
  gluedPageNumber,
  headingForms,
  headingRecall,
  intrusionNeedles,
  intrusions,
  median,
  normalizeText,
  referencesAsContent,
  sentenceIntegrity,
  type Truth,
} from "./ingest-metrics.ts";

function truth(overrides: Partial<Truth> = {}, nonBody: Partial<Truth["nonBody"]> = {}): Truth {
  return {
    language: "en",
    kind: "pdf",
    layout: "two-column",
    sentences: [],
    headings: [],
    ...overrides,
    nonBody: { captions: [], footnotes: [], furniture: [], references: [], tables: [], ...nonBody },
  };
}

describe("normalizeText", () => {
  it.each([
    ["ligatures split", "the ﬁrst ﬂow", "the first flow"],
    ["soft hyphens removed", "trans\u00ADpiration", "transpiration"],
    ["curly quotes folded", "‘sound picture’ and “music”", "'sound picture' and \"music\""],
    ["dashes folded", "novel—generations – 7−2", "novel-generations - 7-2"],
    ["whitespace collapsed", "  a \n\t b\u00A0c ", "a b c"],
    ["zero-width removed", "a\u200Bb", "ab"],
    ["case kept", "Water Cycle", "Water Cycle"],
    ["footnote marks dropped, powers kept", "plants¹ cover 12 km²", "plants cover 12 km2"],
    ["numbered references dropped", "networks [10] and LSTMs [7, 11].", "networks and LSTMs."],
    ["TeX logos in capitals, as printed", "LaTeX, TeX and BibTeX", "LATEX, TEX and BIBTEX"],
    ["REVTeX's logo in capitals, as printed", "REVTeX 4.1", "REVTEX 4.1"],
    ["a printed TeX logo", "the LATEX User's Guide", "the LATEX User's Guide"],
    ["a word holding tex is no logo", "Vertex and context", "Vertex and context"],
  ])("%s", (_, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe("sentenceIntegrity", () => {
  const sentences = [
    "The river carries sediment down to the sea.",
    "Dikes protect the low land behind them.",
    "Too short.",
  ];

  it("counts a sentence found whole in the body text", () => {
    const body = bodyText([
      "The river carries sediment down to the sea.",
      "Dikes protect the low land behind them.",
    ]);
    expect(sentenceIntegrity(sentences, body)).toEqual({ found: 2, total: 2, missing: [] });
  });

  it("counts a sentence split across corpus sentences as intact when its pieces follow each other", () => {
    const body = bodyText([
      "The river carries sediment",
      "down to the sea.",
      "Dikes protect the low land behind them.",
    ]);
    expect(sentenceIntegrity(sentences, body).found).toBe(2);
  });

  it("misses a sentence interrupted by another column's text", () => {
    const body = bodyText([
      "The river carries Figure 2 sediment down to the sea.",
      "Dikes protect the low land behind them.",
    ]);
    expect(sentenceIntegrity(sentences, body)).toEqual({
      found: 1,
      total: 2,
      missing: ["The river carries sediment down to the sea."],
    });
  });

  it("misses a word broken at a line end and not joined", () => {
    const body = bodyText(["The river carries sedi- ment down to the sea."]);
    expect(sentenceIntegrity(sentences.slice(0, 1), body).found).toBe(0);
  });

  it("leaves out truth sentences under six words", () => {
    expect(sentenceIntegrity(["Too short to count."], "").total).toBe(0);
  });

  it("reads a truth sentence cut at a pointer ('(Fig.') as the body reads it, without the pointer", () => {
    const cut = [
      "The layer applies a first set of aesthetic mappings (Fig.",
      "2C): those which depend on the computed variables of each layer.",
    ];
    const body = bodyText([
      "The layer applies a first set of aesthetic mappings (Fig. 2C): those which depend on the computed variables of each layer.",
    ]);
    expect(sentenceIntegrity(cut, body)).toEqual({ found: 2, total: 2, missing: [] });
  });
});

describe("intrusions", () => {
  const document = truth(
    { sentences: ["The river carries sediment down to the sea.", "Dikes protect the land."] },
    {
      captions: ["Figure 3: Sediment load of the Rhine per year. Data from 2010."],
      footnotes: ["See the delta report for all measurements."],
      furniture: ["Rivers and Dikes — Chapter 2", "Page"],
    },
  );

  it.each([
    ["a caption sentence", ["The river carries Sediment load of the Rhine per year. sediment"], 1],
    ["a footnote", ["Dikes protect the land. See the delta report for all measurements."], 1],
    ["a running head", ["Rivers and Dikes - Chapter 2 The river carries sediment."], 1],
    ["clean body text", ["The river carries sediment down to the sea."], 0],
    ["a short furniture string", ["Page the river"], 0],
  ])("counts %s", (_, sentences, expected) => {
    expect(intrusions(sentences, document, 10)).toHaveLength(expected);
  });

  it("takes a caption's text without its label as the needle", () => {
    expect(intrusionNeedles(document)).toContain("Sediment load of the Rhine per year.");
  });

  it("leaves out needles that the body itself contains", () => {
    const quoting = truth(
      { sentences: ["As the report says, the dikes were raised twice."] },
      { footnotes: ["the dikes were raised twice."] },
    );
    expect(intrusionNeedles(quoting)).toEqual([]);
  });
});

describe("gluedPageNumber", () => {
  const body = normalizeText("The river carries sediment down to the sea. It rose 3 metres.");

  it.each([
    ["a page number between two words the body joins", "The river 12 carries sediment", true],
    ["a number the body itself has there", "It rose 3 metres.", false],
    ["a number beyond the last page", "The river 120 carries sediment", false],
    ["a number at the sentence end", "down to the sea 12", false],
  ])("%s", (_, sentence, expected) => {
    expect(gluedPageNumber(sentence, body, 20)).toBe(expected);
  });
});

describe("headingRecall", () => {
  it.each([
    ["4.1 Gymnosperms", "Gymnosperms", true],
    ["3.1. Care and Feeding", "Care and Feeding", true],
    ["A.2. CNN", "CNN", true],
    ["IV. Results", "Results", true],
    ["Methods", "METHODS", true],
    ["2 Rivers", "2 Rivers", true],
    ["Rivers", "Dikes", false],
    ["A Study of Rivers", "Study of Rivers", false],
  ])("%s against %s", (truthHeading, corpusHeading, found) => {
    expect(headingRecall([truthHeading], [corpusHeading]).found).toBe(found ? 1 : 0);
  });

  it.each([
    ["References", ["References"], true],
    ["7 Literatuur", ["Literatuur"], true],
    ["Bronnen", ["BRONNEN"], true],
    ["Bronnen", [], false],
    ["Methods", ["Methods"], false],
    [
      "Literatuur over het doen van herkomstonderzoek",
      ["Literatuur over het doen van herkomstonderzoek"],
      true,
    ],
    ["Bronnen en literatuur", ["Bronnen en literatuur"], true],
  ])("reference-list heading %s against reference-role lines %j", (truthHeading, referenceLines, found) => {
    expect(headingRecall([truthHeading], [], referenceLines).found).toBe(found ? 1 : 0);
  });

  it.each([
    ["4.1 Gymnosperms", ["4.1 gymnosperms", "gymnosperms"]],
    ["IV. Results", ["iv. results", "results"]],
    ["a. Syntax", ["a. syntax", "syntax"]], // REVTeX's paragraph numbers
    ["Rivers", ["rivers"]],
    ["Maatregelen op basis van cryptografie.", ["maatregelen op basis van cryptografie"]],
    ["And so on...", ["and so on..."]],
  ])("keeps the number of %s as a form of its own", (heading, forms) => {
    expect(headingForms(heading)).toEqual(forms);
  });
});

describe("referencesAsContent", () => {
  const document = truth(
    { sentences: ["Nagy showed that metre is a stylometric feature in Latin verse."] },
    {
      references: [
        "B. Nagy, Metre as a stylometric feature in Latin hexameter poetry, Digital Scholarship in the Humanities 36 (2021).",
        { text: "F. Chollet, Keras, 2015.", title: "Keras" },
        { text: "M. Kay, ggdist, 2024.", title: "Visualizations of distributions and uncertainty" },
      ],
    },
  );

  it.each([
    ["a six-word run of an entry", "Metre as a stylometric feature in Latin hexameter poetry", 1],
    ["a title of three or more words", "Visualizations of distributions and uncertainty", 1],
    ["a one-word title alone", "We trained it with Keras on a GPU.", 0],
    ["a run the body itself has", "Nagy showed that metre is a stylometric feature in Latin verse.", 0],
  ])("counts %s", (_, text, expected) => {
    expect(referencesAsContent([text], document)).toHaveLength(expected);
  });
});

describe("median", () => {
  it.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[], Number.NaN],
  ])("of %j is %d", (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

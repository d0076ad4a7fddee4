import { describe, expect, it } from "vitest";
import { headingsOfLines } from "./headings.ts";
import { detectLanguage, isStopword } from "./language.ts";
import { joinLines, plainProse, plainText } from "./markup.ts";
import { isConceptPhrase } from "./phrase-checks.ts";
import {
  gluesTwoTexts,
  holdsNotation,
  isCompleteSentence,
  isUnstoppedStatement,
  splitSentences,
} from "./sentences.ts";

describe("headingsOfLines", () => {
  it("reads Markdown headings with their level, and only those in Markdown", () => {
    const lines = ["# Title", "", "Short line", "Some text follows here.", "## Part", "Text."];
    expect([...headingsOfLines(lines, true)]).toEqual([
      [0, { level: 1, text: "Title" }],
      [4, { level: 2, text: "Part" }],
    ]);
  });

  it("recognises titles by their shape in unmarked text, numbered ones with their depth", () => {
    const lines = [
      "Photosynthesis",
      "2.1 Light reactions",
      "Water is split in the light reactions.",
      "Calvin cycle",
      "Sugar is made.",
    ];
    expect([...headingsOfLines(lines, false)]).toEqual([
      [0, { level: 1, text: "Photosynthesis" }],
      [1, { level: 2, text: "Light reactions" }],
      [3, { level: 1, text: "Calvin cycle" }],
    ]);
  });

  it("does not take wrapped sentence lines or list items for titles", () => {
    const lines = [
      "Plants need three things to grow:",
      "Water",
      "Carbon dioxide",
      "Light",
      "The leaves of most plants",
      "are green.",
    ];
    expect(headingsOfLines(lines, false).size).toBe(0);
  });
});

describe("sentences", () => {
  it("splits at closing punctuation before a capital, not after abbreviations or initials", () => {
    const text = "Dr. Smith saw it, e.g. in 1953. J. Watson agreed! Zie bijv. het boek. Het klopt.";
    expect(splitSentences(text).map((span) => span.text)).toEqual([
      "Dr. Smith saw it, e.g. in 1953.",
      "J. Watson agreed!",
      "Zie bijv. het boek.",
      "Het klopt.",
    ]);
  });

  it.each([
    [
      "a reference before its numbers",
      "Use it: Refs. 1 and 4. By default it sorts.",
      ["Use it: Refs. 1 and 4.", "By default it sorts."],
    ],
    [
      "an equation number in brackets",
      "As shown in Eqs. (6b) and (6a) below.",
      ["As shown in Eqs. (6b) and (6a) below."],
    ],
    ["a Dutch chapter number", "Zie hfst. 3 voor meer. Dat helpt.", ["Zie hfst. 3 voor meer.", "Dat helpt."]],
    [
      "the word tab ends a sentence before a capital",
      "Open the second tab. Then click Save.",
      ["Open the second tab.", "Then click Save."],
    ],
  ])("keeps a numbered reference in its sentence: %s", (_, text, sentences) => {
    expect(splitSentences(text).map((span) => span.text)).toEqual(sentences);
  });

  it("knows a whole sentence from a piece of one", () => {
    expect(isCompleteSentence("Water boils at 100 degrees.")).toBe(true);
    expect(isCompleteSentence("boils at 100 degrees.")).toBe(false);
    expect(isCompleteSentence("Water boils at")).toBe(false);
  });

  it("joins lines undoing hyphenation and strips Markdown markup", () => {
    expect(joinLines(["Photo-", "synthesis is", "vital."])).toEqual({
      text: "Photosynthesis is vital.",
      starts: [0, 5, 18],
    });
    expect(plainText("- **Chlorophyll** is [green](https://x.test) and `shiny`")).toBe(
      "Chlorophyll is green and shiny",
    );
  });

  it.each([
    ["Pollen is carried by insects¹ and wind.", "Pollen is carried by insects and wind."],
    ["as shown by flowers.² The cone", "as shown by flowers. The cone"],
    ["The lake covers 12 km² of land.", "The lake covers 12 km² of land."],
    ["For example, if we⁸ wanted two intervals", "For example, if we wanted two intervals"],
    ["The area is x² plus 3 ft³ of sand.", "The area is x² plus 3 ft³ of sand."],
    ["Neural networks [10] and LSTMs [7, 11] were used [3–5].", "Neural networks and LSTMs were used."],
    ["See [green](https://x.test) leaves", "See green leaves"],
    // Underscores inside words are never emphasis (CommonMark): names of variables and files keep theirs.
    ["rename name1 to personal_name and family_name", "rename name1 to personal_name and family_name"],
    ["use bird_count_table.csv or fig_3_a.png", "use bird_count_table.csv or fig_3_a.png"],
    ["an _emphasised_ word and __strong__ one", "an emphasised word and strong one"],
  ])("reads “%s” as “%s”", (line, text) => {
    expect(plainText(line)).toBe(text);
  });

  // A Word document, PDF or web page is never Markdown: only note marks, numbered references and a
  // typed list marker go.
  it.each([
    ["pass *args and **kwargs on", "pass *args and **kwargs on"],
    ["keep __init__ and `code` as typed", "keep __init__ and `code` as typed"],
    ["see [the guide](notes) now¹", "see [the guide](notes) now"],
    ["• A bullet typed by hand [4]", "A bullet typed by hand"],
    [
      "a proceedings article [3], [15], a preprint [1], [28]–[36], and more",
      "a proceedings article, a preprint, and more",
    ],
    // Pointers to another part of the document, and recommendation labels, are no part of the claim.
    [
      "the layer applies an initial set of mappings (Fig. 2A), defining variables",
      "the layer applies an initial set of mappings, defining variables",
    ],
    ["and gradient plots (See Fig. 1A).", "and gradient plots."],
    ["Iterating on that syntax (Sec. 4) has led to this.", "Iterating on that syntax has led to this."],
    ["such as code review (Section 6).", "such as code review."],
    ["shown in two panels (Figures 3 and 4).", "shown in two panels."],
    ["zoals het overzicht (zie tabel 3) laat zien", "zoals het overzicht laat zien"],
    [
      "Record all the steps used to process data (1d): manipulation is",
      "Record all the steps used to process data: manipulation is",
    ],
    ["(3c) Make explicit decisions", "Make explicit decisions"],
    // A parenthesis that says something stays.
    ["The effect was large (p < 0.05) in both groups.", "The effect was large (p < 0.05) in both groups."],
    ["a table (or a list) of values", "a table (or a list) of values"],
    ["three options (a, b and c)", "three options (a, b and c)"],
  ])("reads “%s” from text without markup as “%s”", (line, text) => {
    expect(plainProse(line)).toBe(text);
  });

  it("keeps a dash that opens a later line of a paragraph: it goes on with the sentence", () => {
    expect(plainProse("- https://capitalizemytitle.com/ has useful rules", false)).toBe(
      "- https://capitalizemytitle.com/ has useful rules",
    );
  });
});

describe("isStopword: pronouns, indefinite ones included, are function words, never terms", () => {
  it.each([
    // read as a blank: "Several participants state that ___ would not need the materials." → others
    ["others", true],
    ["anderen", true],
    ["nobody", true],
    ["niemand", true],
    ["materials", false],
    ["onderzoekers", false],
  ])("%s → %s", (word, expected) => {
    expect(isStopword(word)).toBe(expected);
  });
});

describe("detectLanguage", () => {
  it("tells Dutch from English by their function words", () => {
    expect(detectLanguage("De zon verwarmt het water in de zee en het verdampt.")).toBe("nl");
    expect(detectLanguage("The sun warms the water in the sea and it evaporates.")).toBe("en");
    expect(detectLanguage("")).toBe("en");
  });
});

describe("holdsNotation: mathematical notation or table rows that extraction leaves unreadable", () => {
  it.each([
    ["A median interval could be defined on any distribution M as follows: median(M) → x", true],
    ["We must adjust its density values by the factor |g (y)|, the absolute value of the derivative.", true],
    ["The test is significant when p ≤ 0.05 holds for the sample.", true],
    ["We then set y = f(x) for every point of the grid.", true],
    ["A 95% quantile interval shows where most of the distribution lies.", false],
    ["De variabelen x en y worden samen in één grafiek getoond.", false],
    ["Use the pipe operator (|>) to chain the calls.", false],
    ["Het resultaat (zie bijlage A) is in 2020 gepubliceerd.", false],
    [
      "15- Stappen worden voor iedere bronhouder doorlopen 15 16- Het bronsysteem controleert het token.",
      true,
    ],
    ["Stappen worden voor iedere bronhouder doorlopen 15 16- Het bronsysteem controleert het token.", true],
    ["In 2015 - het jaar van de wet - veranderde alles voor de zorg.", false],
    ["De stappen 15-19 worden voor iedere bronhouder doorlopen.", false],
  ] as const)("%s → %s", (text, expected) => {
    expect(holdsNotation(text)).toBe(expected);
  });
});

describe("isConceptPhrase: a phrase that can name a concept", () => {
  it.each([
    ["Model Open Standaarden)", "nl", false],
    ["(kortweg: beheer", "nl", false],
    ["open standaard", "nl", true],
    ["quantile dotplot (QDP)", "en", true],
  ] as const)("%j (%s) → %s", (phrase, language, expected) => {
    expect(isConceptPhrase(phrase, language)).toBe(expected);
  });
});

describe("gluesTwoTexts: a term and its definition, or a label and the body, run together", () => {
  it.each([
    ["Community Elke specifieke gemeenschap die zich bezighoudt met standaarden.", "nl", true],
    ["Beheer- en Ontwikkelmodel Het Beheer- en Ontwikkelmodel is een gelaagde structuur.", "nl", true],
    ["Date We will learn more about the variants in the next lesson.", "en", true],
    ["De Rijn en de Maas vormen samen een grote delta.", "nl", false],
    ["Then I ran the tests on the cluster again.", "en", false],
    ["The book “The Grammar of Graphics” describes plots by their parts.", "en", false],
    ["Dit is een onderwerp: Het beheer gebeurt transparant.", "nl", false],
    ["Uw gegevens worden gedeeld als U daarvoor toestemming geeft.", "nl", false],
  ] as const)("%s (%s) → %s", (text, language, expected) => {
    expect(gluesTwoTexts(text, language)).toBe(expected);
  });
});

describe("isUnstoppedStatement: a bullet that states something without a stop", () => {
  it.each([
    ["In Python a function is some reusable code that takes arguments as input", "en", true],
    ["We can define more than one parameter in the function definition", "en", true],
    ["Een algoritme kan onderscheid maken op grond van afkomst", "nl", true],
    ["Make a library of common stuff that you do over and over", "en", true],
    ["Python Functions, part 2", "en", false],
    ["Type conversions and string conversions in Python 3", "en", false],
    ["Bias ontstaat bijvoorbeeld in de volgende drie situaties:", "nl", false],
    ["Water boils at 100 degrees when the pressure is normal.", "en", false],
    ["is some reusable code that takes arguments as input", "en", false],
  ] as const)("%s (%s) → %s", (text, language, expected) => {
    expect(isUnstoppedStatement(text, language)).toBe(expected);
  });
});

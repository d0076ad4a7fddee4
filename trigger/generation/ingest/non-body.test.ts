import { describe, expect, it } from "vitest";
import {
  headingKind,
  headingStyleLevel,
  isCapitalsHeadingText,
  isCaptionStyle,
  isCaptionText,
  isDocumentMetadata,
  isListText,
  isNumberedHeadingText,
  isTocEntry,
  isTocStyle,
  opensReferenceEntry,
  referenceShape,
  runInHeadingLength,
} from "./non-body.ts";

describe("referenceShape", () => {
  it.each<[string, "strong" | "weak" | null]>([
    // Entries of reference lists in the styles Dutch and English teaching material uses.
    ["Leiden: Sidestone Press 2010.", "strong"],
    ["Bazelmans, J., De Romeinse limes in Nederland. Leiden: Sidestone Press 2010.", "strong"],
    [
      "Roymans, N. (2004). Ethnic identity and imperial power. Amsterdam: Amsterdam University Press.",
      "strong",
    ],
    ["Willems, W.J.H., 1986: Romans and Batavians, Amersfoort.", "strong"],
    ["Vries, J. de en A. van der Woude (1995). Nederland 1500-1815. Amsterdam: Balans.", "strong"],
    ["Van der Berg, A.-M. (2019). Dijken. Utrecht: Matrijs.", "strong"],
    ["J. Bazelmans, Het rivierengebied, Utrecht 2001.", "strong"],
    ["[3] Smith, A. B. (2015). Rivers. Journal of Hydrology 12, pp. 33-41.", "strong"],
    ["Smit, Anna (2012). Dijken en polders. Amsterdam: Boom.", "strong"],
    ["Jansen, Peter. 2010. De waterlinie. Leiden: Sidestone.", "strong"],
    ["Blom, J.C.H. en E. Lamberts (red.), Geschiedenis van de Nederlanden. Amsterdam: Boom 2014.", "strong"],
    ["Rijkswaterstaat (2020). Deltaprogramma. https://www.deltaprogramma.nl", "strong"],
    ["Darwin, C. (1859). On the origin of species. London: John Murray.", "strong"],
    // Loose marks: enough under a "Literatuur" heading, not on their own.
    ["Atlas van Nederland, deel 4, 1990", "weak"],
    ["www.rijkswaterstaat.nl", "weak"],
    // Prose.
    ["Darwin (1859) liet zien dat soorten veranderen.", "weak"],
    ["Amsterdam, Rotterdam en Utrecht groeiden snel na 1900, toen de industrie kwam.", "weak"],
    ["Let op: de rivier stroomt snel.", null],
    ["In 1953 brak de dijk door op veel plaatsen in Zeeland.", "weak"],
    ["Een rivier voert water naar zee.", null],
  ])("%s → %s", (text, shape) => {
    expect(referenceShape(text)).toBe(shape);
  });
});

describe("isCaptionText", () => {
  it.each<[string, boolean]>([
    ["Figuur 1. Doorsnede van een dijk", true],
    ["Figuur 3 Doorsnede van een dijk", true],
    ["Fig. 2.1: Het stroomgebied", true],
    ["Afbeelding 4 – De Afsluitdijk", true],
    ["Tabel 2", true],
    ["Table 3: Sea level since 1900", true],
    ["FIGURE 5. Pine cone", true],
    ["Video 1. Students explain their idea about the third law.", true],
    ["Listing 2: A loop over the rivers", true],
    ["Video 1 illustrates several features of the class.", false],
    ["Tabel 2 laat zien dat de zeespiegel stijgt.", false],
    ["Figure 1 shows the water cycle.", false],
    ["Kaart van Nederland", false],
    ["De figuur laat zien dat water stroomt.", false],
  ])("%s → %s", (text, caption) => {
    expect(isCaptionText(text)).toBe(caption);
  });
});

describe("headingKind", () => {
  it.each<[string, ReturnType<typeof headingKind>]>([
    ["Literatuur", "reference"],
    ["Literatuurlijst", "reference"],
    ["Bronnen", "reference"],
    ["7. Bibliografie", "reference"],
    ["References", "reference"],
    ["Works cited", "reference"],
    ["References II", "reference"],
    ["References (cont.)", "reference"],
    ["Literatuur (vervolg)", "reference"],
    ["Further reading:", "reference"],
    ["Verder lezen", "reference"],
    ["Noten", "notes"],
    ["Competing interests.", "notice"],
    ["Code and data availability.", "notice"],
    ["Belangenverstrengeling", "notice"],
    ["Interests", null],
    ["Keywords", "notice"],
    ["Trefwoorden:", "notice"],
    ["Disclaimer:", "notice"],
    ["Document Metadata", "notice"],
    ["Abstract", "abstract"],
    ["Samenvatting", "abstract"],
    ["Summary of the results", null],
    ["Notes", "notes"],
    ["Inhoudsopgave", "toc"],
    ["Contents", "toc"],
    ["Inhoud", "toc"],
    // Longer headings of reading lists: joined, or with what the list is about.
    ["Literatuur over het doen van herkomstonderzoek", "reference"],
    ["Bronnen en literatuur", "reference"],
    ["Literatuur en websites", "reference"],
    ["Boeken, artikelen en websites", null],
    ["Further reading on plate tectonics", "reference"],
    ["References for chapter 3", "reference"],
    ["Books and articles", null],
    ["Sources and further reading", "reference"],
    ["Literatuur in de middeleeuwen", null],
    ["Literatuur en cultuur", null],
    ["Literature and society", null],
    ["Bronnen van energie", null],
    ["Rivieren", null],
  ])("%s → %s", (text, kind) => {
    expect(headingKind(text)).toBe(kind);
  });
});

describe("style names", () => {
  it.each<[string, number | "title" | null]>([
    ["heading 1", 1],
    ["Heading 3", 3],
    ["Kop 2", 2],
    ["Überschrift 4", 4],
    ["Titre 1", 1],
    ["Title", "title"],
    ["Titel", "title"],
    ["Normal", null],
    ["toc 1", null],
  ])("%s → heading level %s", (name, level) => {
    expect(headingStyleLevel(name)).toBe(level);
  });

  it.each<[string, "caption" | "toc" | null]>([
    ["caption", "caption"],
    ["Bijschrift", "caption"],
    ["Beschriftung", "caption"],
    ["toc 1", "toc"],
    ["TOC Heading", "toc"],
    ["Inhopg 2", "toc"],
    ["Normal", null],
  ])("%s → %s", (name, kind) => {
    expect(isCaptionStyle(name) ? "caption" : isTocStyle(name) ? "toc" : null).toBe(kind);
  });
});

describe("contents entries and typed list items", () => {
  it.each<[string, boolean]>([
    ["Rivieren 3", true],
    ["1.2 De Rijn . . . . . . . 14", true],
    ["Voorwoord iv", true],
    ["De rivier is 1233 km lang. 3", false],
    ["Een rivier voert water naar zee.", false],
  ])("%s is a contents entry: %s", (text, entry) => {
    expect(isTocEntry(text)).toBe(entry);
  });

  it.each<[string, boolean]>([
    ["• Ze zet klei af.", true],
    ["1. Ze schuurt gesteente weg.", true],
    ["a) Ze vervoert zand.", true],
    ["Een rivier voert water naar zee.", false],
    ["1953 was een rampjaar.", false],
  ])("%s is a list item: %s", (text, item) => {
    expect(isListText(text)).toBe(item);
  });
});

describe("isDocumentMetadata", () => {
  it.each<[string, boolean]>([
    ["Dit werk valt onder een Creative Commons Naamsvermelding 4.0 licentie", true],
    ["CC BY-SA 4.0 · Zoekhulp herkomstonderzoek", true],
    ["Versie 1.2 – 3 maart 2022", true],
    ["versie: 2.0", true],
    ["Version 3, last updated 12 May 2021", true],
    ["© 2022 Rijksmuseum", true],
    ["first edited by Wiebe Reints as original_author on 2024-04-25", true],
    ["Laatst bewerkt door Anna de Vries op 3 maart 2024", true],
    ["The text was edited by two teachers in 2024.", false],
    ["Licensed under CC-BY 4.0", true],
    ["De nieuwe versie van het archief is groter.", false],
    ["This version of the model was trained for two hours.", false],
    ["Een licentie is een vergunning.", false],
    ["Rivieren en dijken", false],
  ])("%s → %s", (text, metadata) => {
    expect(isDocumentMetadata(text)).toBe(metadata);
  });
});

describe("isCapitalsHeadingText", () => {
  it.each<[string, boolean]>([
    ["INTRODUCTION", true],
    ["I. INTRODUCTION", true],
    ["XII. FIGURES", true],
    ["1 RELATED WORK", true],
    ["2.1 DATA AND METHODS", true],
    ["A. SAMPLE SECTION", true],
    ["REFERENCES", true],
    ["5 HOW DOES ALL THIS WORK, ANYWAY?", true], // a question as a title
    ["WHY? BECAUSE WE CAN", false], // a question mark ends the title
    ["II.", false], // a number alone
    ["NASA", true],
    ["USA", false], // too few letters for a heading
    ["I. Introduction", false], // lower case: a title-case heading needs size or weight
    ["THE RESULTS SHOW THAT ALL OF THE MODELS WE TESTED AGREE", false], // too many words
  ])("%s → %s", (text, expected) => {
    expect(isCapitalsHeadingText(text)).toBe(expected);
  });
});

describe("opensReferenceEntry", () => {
  it.each<[string, string, boolean]>([
    ["[12] A. Author, “A title,” in Proc. X, 2019, pp. 1–9.", "", true],
    ["[3] S. Andler, “Predicate path expressions,” in Proceedings of the 6th.", "", true],
    [
      "P. S. Abril and R. Plant, “The patent holder’s dilemma: Buy, sell, or troll?”",
      "Communications of the ACM, vol. 50, no. 1, pp. 36–44, Jan. 2007.",
      true,
    ],
    ["Patricia S. Abril and Robert Plant. 2007. The patent holder’s dilemma.", "", false],
    ["Abril, P. S. and Plant, R. (2007). The patent holder’s dilemma.", "", true],
    ["P. S. Abril and R. Plant argued that patents matter", "to everyone who writes software today.", false],
    ["The results of 2019 were better than before.", "", false],
  ])("%s", (text, following, expected) => {
    expect(opensReferenceEntry(text, following)).toBe(expected);
  });
});

describe("isNumberedHeadingText", () => {
  it.each<[string, boolean]>([
    ["A. Template Styles", true],
    ["2.1 Method", true],
    ["2.1. Method", true],
    ["A.1 Part One", true],
    ["IV. Results", true],
    ["1) Subsubsection", true],
    ["a) Paragraph", true],
    ["Appendix A: Appendixes", true],
    ["Bijlage 2. Begrippenlijst", true],
    ["appendix B more on appendixes", false], // a number before lower case
    ["a. Syntax", false], // a lower-case letter with a stop is an item's label, not a section number
    ["Appendix of the paper", false],
    ["Template Styles", false], // no number
    ["2 apples and a pear", false], // a number before lower case is a count
    ["A new approach", false], // a letter without a stop is a word
  ])("%s → %s", (text, expected) => {
    expect(isNumberedHeadingText(text)).toBe(expected);
  });
});

describe("runInHeadingLength", () => {
  // [line, its emphasised lead, the heading it opens with ("" for none)]
  it.each<[string, string, string]>([
    ["Paragraph. This is a paragraph.", "Paragraph.", "Paragraph."],
    ["9.1.1 Subsubsection. This is a subsubsection.", "9.1.1 Subsubsection.", "9.1.1 Subsubsection."],
    ["1) Subsubsection: This is a subsubsection.", "1) Subsubsection:", "1) Subsubsection:"],
    ["Abstract—A clear and well-documented document.", "Abstract", "Abstract—"], // the dash is the rest's
    ["Related work. Earlier studies read one column.", "Related work. ", "Related work."],
    [
      "1.2.2 How can you work with adjacent projects and their communities? As you",
      "1.2.2 How can you work with adjacent projects and their communities?",
      "1.2.2 How can you work with adjacent projects and their communities?",
    ], // a question is closed too, and a numbered title may be longer
    ["Why? Because the wind turned.", "Why?", "Why?"],
    ["Nature reports that seeds travel far.", "Nature", ""], // no closing stop
    ["Sensitive data: The work with sensitive data is a barrier.", "Sensitive data:", ""], // a label
    ["a) Paragraph: This is a paragraph.", "a) Paragraph:", "a) Paragraph:"],
    ["Figure 1: Seattle Mariners at Spring Training.", "Figure 1:", ""], // a caption's label
    ["acmsmall: The default journal template style.", "acmsmall:", ""], // a term, not a title
    ["Method. we measured the rivers.", "Method.", ""], // the rest does not open a sentence
    [
      "The rivers of the delta and their dikes. They",
      "The rivers of the delta and their dikes.",
      "The rivers of the delta and their dikes.",
    ], // eight words,
    [
      "One two three four five six seven eight nine. Text",
      "One two three four five six seven eight nine.",
      "",
    ], // too long
    ["Paragraph.", "Paragraph.", ""], // nothing follows: a line of its own
  ])("%s", (line, lead, heading) => {
    expect(line.slice(0, runInHeadingLength(line, lead))).toBe(heading);
  });

  // LaTeX's \paragraph sets its bold title apart by a quad instead of a stop.
  it.each<[string, string, boolean, string]>([
    [
      "Wereldwijde CRS-en De meest gebruikte CRS-en zijn het ITRS en WGS 84.",
      "Wereldwijde CRS-en ",
      true,
      "Wereldwijde CRS-en",
    ],
    ["Nature reports that seeds travel far.", "Nature ", false, ""], // a word space: emphasis
    ["Nature reports that seeds travel far.", "Nature ", true, ""], // the rest opens no sentence
    ["Subparagraph this is lower case.", "Subparagraph ", true, ""],
    ["a. Syntax The argument of cite may be a single key.", "a. Syntax ", true, "a. Syntax"],
    // After a quad the paragraph may open with code.
    [
      "a. A few notes on tags \\tag{#1} requires the",
      "a. A few notes on tags ",
      true,
      "a. A few notes on tags",
    ],
    ["a. A few notes on tags \\tag{#1} requires the", "a. A few notes on tags ", false, ""],
  ])("%s (set apart by a quad: %s)", (line, lead, quad, heading) => {
    expect(line.slice(0, runInHeadingLength(line, lead, quad))).toBe(heading);
  });
});

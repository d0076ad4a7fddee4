import { Document, Packer, Paragraph, TextRun } from "docx";
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { buildCorpus, type Corpus, type CorpusItem, citeSentence } from "../corpus.ts";
import { generateStructure } from "../engine.ts";
import { type ContentFixture, contentFixtures, contentPdfs } from "../fixtures/content-sources.ts";
import type { MadeDocument, TeachingDocument } from "../fixtures/documents.ts";
import { englishPdf, englishText } from "../fixtures/sources.ts";
import { chunkOfRow, chunkRow } from "../pipelines/db.ts";
import { extractiveProvider } from "../providers/extractive/index.ts";
import { headingFromLines } from "../text/headings.ts";
import { joinLines } from "../text/markup.ts";
import { joinAcrossLines, loadEnglishWords, tightJoin, vocabularyOf } from "./hyphenation.ts";
import { type Chunk, ingestSource, SourceReadError } from "./index.ts";

const SOURCE_ID = "66666666-6666-4666-8666-666666666666";

async function ingest(fixture: ContentFixture): Promise<Chunk[]> {
  const { chunks } = await ingestSource({
    id: SOURCE_ID,
    kind: fixture.kind,
    file_name: fixture.file_name,
    file_path: null,
    content: fixture.content,
  });
  return chunks;
}

function corpusOf(fixture: ContentFixture, chunks: Chunk[]): Corpus {
  return buildCorpus([{ id: SOURCE_ID, kind: fixture.kind, file_name: fixture.file_name, chunks }]);
}

type HeadingItem = Extract<CorpusItem, { type: "heading" }>;
const headingsIn = (corpus: Corpus) =>
  corpus.items.filter((item): item is HeadingItem => item.type === "heading");

/** The title (1), section (2) and subsection (3) headings of a document, in reading order. */
function outline(document: TeachingDocument): Array<{ level: number; text: string }> {
  return [
    { level: 1, text: document.title },
    ...document.sections.flatMap((section) => [
      { level: 2, text: section.heading },
      ...(section.subsections ?? []).map((subsection) => ({ level: 3, text: subsection.heading })),
    ]),
  ];
}

const pdfs = await contentPdfs();

describe.each(pdfs.map(({ fixture, pdf }) => [fixture.name, fixture, pdf] as const))(
  "PDF %s",
  (_name, fixture: ContentFixture, pdf: MadeDocument) => {
    it("rebuilds the page's real lines, page furniture in no chunk", async () => {
      const chunks = await ingest(fixture);
      const furniture = new Set(pdf.furniture.map(({ page, line }) => `${page}:${line}`));
      pdf.lines.forEach((lines, pageIndex) => {
        const page = pageIndex + 1;
        const stored: Array<string | undefined> = [];
        for (const chunk of chunks.filter((candidate) => candidate.page_number === page)) {
          chunk.content.split("\n").forEach((line, offset) => {
            stored[chunk.line_start + offset] = line;
          });
        }
        lines.forEach((line, index) => {
          expect(stored[index]).toBe(furniture.has(`${page}:${index}`) ? undefined : line);
        });
      });
    });

    it("knows the title and the headings with their levels, and never reads them as sentences", async () => {
      const corpus = corpusOf(fixture, await ingest(fixture));
      const headings = headingsIn(corpus);
      expect(headings.map(({ heading }) => heading)).toEqual(outline(fixture.document));
      expect(headings.every((item) => item.marked)).toBe(true);
      for (const made of pdf.headings) {
        const item = headings.find(
          (heading) =>
            heading.chunk.page_number === made.page &&
            heading.line_start <= made.line &&
            heading.line_end >= made.line,
        );
        expect(item?.heading.level, made.text).toBe(made.level);
        expect(item?.chunk.headingLevels.get(made.line), made.text).toBe(made.level);
      }
      const headingLines = new Set(pdf.headings.map(({ page, line }) => `${page}:${line}`));
      for (const sentence of corpus.sentences) {
        for (let line = sentence.line_start; line <= sentence.line_end; line++) {
          expect(headingLines.has(`${sentence.chunk.page_number}:${line}`), sentence.text).toBe(false);
        }
        // Glued, a heading runs into the next line's capital: "The water cycle Evaporation and …".
        for (const { text } of outline(fixture.document)) {
          expect(sentence.text, sentence.text).not.toMatch(new RegExp(`(^|\\. )${text} \\p{Lu}`, "u"));
        }
      }
    });

    it("keeps running headers, footers and page numbers out of every sentence", async () => {
      const corpus = corpusOf(fixture, await ingest(fixture));
      const furniture = pdf.furniture.map(({ page, line }) => pdf.lines[page - 1]?.[line] ?? "");
      expect(furniture.length).toBeGreaterThan(pdf.lines.length);
      for (const sentence of corpus.sentences) {
        for (const line of furniture) expect(sentence.text).not.toContain(line);
        expect(sentence.text).not.toMatch(/\b(Pagina \d+ van \d+|The water cycle \d)\b/);
      }
    });

    it("joins words hyphenated across line ends while citations quote the page's real lines", async () => {
      const corpus = corpusOf(fixture, await ingest(fixture));
      expect(pdf.splits.length).toBeGreaterThan(2);
      for (const split of pdf.splits) {
        const sentence = corpus.sentences.find(
          (candidate) =>
            candidate.chunk.page_number === split.page &&
            candidate.line_start <= split.line &&
            candidate.line_end > split.line,
        );
        expect(sentence?.text, split.word).toMatch(
          new RegExp(`(^|[^\\p{L}-])${split.word}([^\\p{L}-]|$)`, "u"),
        );
      }
      for (const sentence of corpus.sentences) {
        expect(sentence.text).not.toMatch(/\p{L}- \p{Ll}/u);
        const citation = citeSentence(sentence);
        const page = pdf.lines[(sentence.chunk.page_number ?? 0) - 1] ?? [];
        expect(citation.exactLines).toEqual(page.slice(citation.line_start, citation.line_end + 1));
      }
      if (fixture.language === "en") {
        expect(corpus.sentences.some((sentence) => sentence.text.includes("well-known effect"))).toBe(true);
      }
    });

    it("keeps its layout through the stored-chunk form the pipelines write and read", async () => {
      const chunks = await ingest(fixture);
      // jsonb gives keys back in its own order; the reader must not care.
      const reorder = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(reorder)
          : value && typeof value === "object"
            ? Object.fromEntries(
                Object.entries(value)
                  .reverse()
                  .map(([key, inner]) => [key, reorder(inner)]),
              )
            : value;
      const stored = chunks.map((chunk) => {
        const { topic_id: _topic, ...row } = chunkRow(chunk, "77777777-7777-4777-8777-777777777777");
        return chunkOfRow(reorder(JSON.parse(JSON.stringify(row))));
      });
      expect(stored).toEqual(chunks);
      expect(stored.some((chunk) => (chunk.layout?.headings?.length ?? 0) > 0)).toBe(true);
      const text = (corpus: Corpus) =>
        corpus.items.map((item) =>
          item.type === "heading" ? item.heading : item.sentences.map((s) => s.text),
        );
      expect(text(corpusOf(fixture, stored))).toEqual(text(corpusOf(fixture, chunks)));
    });
  },
);

describe("Word and Markdown layout", () => {
  it("takes Word headings from the Title and Heading styles, Markdown headings from #", async () => {
    const fixtures = (await contentFixtures()).filter((fixture) => fixture.kind !== "pdf");
    expect(fixtures.map((fixture) => `${fixture.language} ${fixture.kind}`).sort()).toEqual([
      "en docx",
      "en markdown",
      "nl docx",
      "nl markdown",
    ]);
    for (const fixture of fixtures) {
      const corpus = corpusOf(fixture, await ingest(fixture));
      const headings = headingsIn(corpus);
      expect(headings.map(({ heading }) => heading)).toEqual(outline(fixture.document));
      expect(headings.every((item) => item.marked)).toBe(true);
      const paragraphs = fixture.document.sections.flatMap((section) => [
        ...section.paragraphs,
        ...(section.subsections ?? []).flatMap((subsection) => subsection.paragraphs),
      ]);
      expect(corpus.items.filter((item) => item.type === "paragraph")).toHaveLength(paragraphs.length);
    }
  });

  it("stores no layout for plain text, whose headings are still guessed from their shape", async () => {
    const { chunks } = await ingestSource(englishText().input);
    expect(chunks.every((chunk) => chunk.layout === null)).toBe(true);
    const corpus = buildCorpus([{ ...englishText().input, chunks }]);
    expect(headingsIn(corpus).every((item) => !item.marked)).toBe(true);
  });

  it("guesses headings for chunks stored before layouts existed", async () => {
    const fixture = await englishPdf();
    const { chunks } = await ingestSource(fixture.input);
    const withLayout = buildCorpus([{ ...fixture.input, chunks }]);
    const old = buildCorpus([
      { ...fixture.input, chunks: chunks.map(({ layout: _layout, ...chunk }) => chunk) },
    ]);
    expect(headingsIn(old).map(({ heading }) => heading)).toEqual(
      headingsIn(withLayout).map(({ heading }) => heading),
    );
    expect(headingsIn(old).map(({ heading }) => heading.text)).toContain("The light reactions");
  });
});

describe("sections", () => {
  it("are the document's own section headings, under its title, for every content fixture", async () => {
    for (const fixture of await contentFixtures()) {
      const chunks = await ingest(fixture);
      const { structure } = await generateStructure(
        { title: fixture.document.title, description: null },
        [{ id: SOURCE_ID, kind: fixture.kind, file_name: fixture.file_name, chunks }],
        extractiveProvider(),
      );
      expect(
        structure.sections.map((section) => section.title),
        fixture.name,
      ).toEqual(fixture.document.sections.map((section) => section.heading));
    }
  });
});

describe("joining lines and reading marked headings", () => {
  it("joins by the layout's decisions, and only by them, when there is a layout", () => {
    const lines = ["the sun heats the sur-", "face; a well-", "known effect of a -", "dash"];
    expect(joinLines(lines, [false, true, undefined]).text).toBe(
      "the sun heats the surface; a well-known effect of a - dash",
    );
    expect(joinLines(lines, [undefined, undefined, undefined]).text).toBe(lines.join(" "));
    expect(joinLines(lines).text).toBe("the sun heats the surface; a well-known effect of a - dash");
  });

  it("takes a marked heading's title without # marks, numbering or emphasis, over all its lines", () => {
    expect(headingFromLines(["## 2.1 **Light**"], 2)).toEqual({ level: 2, text: "Light" });
    expect(headingFromLines(["Rivieren en dijken in de", "Nederlandse delta"], 1)).toEqual({
      level: 1,
      text: "Rivieren en dijken in de Nederlandse delta",
    });
  });

  // A run-in heading's stop and a low-level enumerator are the page's, not the title's.
  it.each([
    ["Paragraph.", "Paragraph"],
    ["9.1.1 Subsubsection.", "Subsubsection"],
    ["1) Subsubsection:", "Subsubsection"],
    ["a) Paragraph:", "Paragraph"],
    ["Abstract—", "Abstract"],
    ["Frames cont.", "Frames cont."],
    ["Results (cont.)", "Results (cont.)"],
    ["Made in the U.S.", "Made in the U.S."],
    ["Why do rivers flood?", "Why do rivers flood?"],
    ["Floats: Figures, Tables, Videos, etc.", "Floats: Figures, Tables, Videos, etc."],
    ["Manuscript Title: with Forced Linebreak∗", "Manuscript Title: with Forced Linebreak"],
    ["Ben Nagy¹", "Ben Nagy"],
    ["Footnotes*", "Footnotes"],
  ])("takes the title of the heading line %s", (line, title) => {
    expect(headingFromLines([line], 3).text).toBe(title);
  });
});

describe("tightJoin", () => {
  it.each([
    ["from scratch—but using the pre-trained embeddings—", "are exponentially quicker", true],
    ["adjacency–", "rhyme becomes", true],
    ["error bars should be considered harmful [9]—", "proposed instead", true],
    ["The preprint may be found at https://github.com/", "bnagy/fail-paper. All code", true],
    ["see www.example.org/", "docs for more", true],
    ["documentation, available at https:", "//www.acm.org/publications/proceedings-template, has", true],
    ["System — https://", "www.acm.org/publications/class-2012 — is a set", true],
    ["the most common (c.f. the VGG16 design", "[14]) but in this domain", true],
    ["in the recent tf-keras-vis package [15]—VanillaSaliency", "[16], GradCam [17] and ScoreCam", true],
    ["the river reaches the sea", ". Then it", true],
    ["gebruik maken van het S.M.A.R.T.-", "principe (van Uchelen", true],
    // A dash set apart, an ordinary line end, a reference before a word: a space.
    ["the river — as we saw —", "reaches the sea", false],
    ["the river reaches", "the sea", false],
    ["as shown by", "[14] and others", false],
    ["see the website", "https://example.org", false],
    // A word that starts with punctuation opens the next line: a code argument, a decimal.
    ["stat_pointinterval(point_interval = median_qi,", ".width = c(.66, .95))", false],
    ["the share rose from", ".5 to .8 of all votes", false],
  ] as const)("%s | %s: joined without a space = %s", (line, next, tight) => {
    expect(tightJoin(line, next)).toEqual(tight ? { hyphen: true } : null);
  });
});

describe("joinAcrossLines", () => {
  const none = new Set<string>();

  it.each([
    ["molecules escape. Because the oceans cover about sev-", "enty per cent", "en", false],
    ["the forests have a strong, lasting and well-", "known effect", "en", true],
    ["water is a by-", "product of", "en", true],
    ["Het leven in een delta heeft voordelen. De bodem is ach-", "terland.", "nl", false],
    ["de zee-", "spiegel", "nl", false],
    ["een zee-", "egel", "nl", true],
    ["geschikt voor be-", "antwoorden van", "nl", false],
    ["een auto-", "ongeluk", "nl", true],
    ["uit Noord-", "Frankrijk", "nl", true],
    ["de CO2-", "uitstoot", "nl", true],
  ] as const)("%s | %s (%s): keeps the hyphen = %s", (line, next, language, hyphen) => {
    expect(joinAcrossLines(line, next, language, none)).toEqual({ hyphen });
  });

  // With the English word list (ingestion loads it): a joined word whose second half is no word loses
  // the hyphen, two words that make no word together keep it, and otherwise the rules above decide, a
  // compound prefix only when the list does not know the whole word ("extensions").
  it.each([
    ["contains ex-", "actly twelve metrons", false],
    ["clear that sub-", "word tokenisation", true],
    ["a strong and well-", "known effect", true],
    ["water is a by-", "product of", true],
    ["Obvious ex-", "tensions include", false],
    ["the ex-", "wife of", true],
    ["by transpi-", "ration of leaves", false],
    ["the self-", "cleaning oven", true],
  ] as const)("%s | %s with the word list: keeps the hyphen = %s", async (line, next, hyphen) => {
    const dictionary = await loadEnglishWords();
    expect(joinAcrossLines(line, next, "en", none, dictionary)).toEqual({ hyphen });
  });

  it("follows the document's own spelling first, and leaves dashes alone", () => {
    const vocabulary = vocabularyOf(["Een korte-termijn oplossing", "de transpiratie van bladeren"]);
    expect(joinAcrossLines("een korte-", "termijn plan", "nl", vocabulary)).toEqual({ hyphen: true });
    expect(joinAcrossLines("de transpi-", "ratie", "nl", vocabulary)).toEqual({ hyphen: false });
    // A head the document hyphenates elsewhere, before a word it also writes alone.
    const prefixed = vocabularyOf(["scored per-metron and pre-trained", "each syllable is scored"]);
    expect(joinAcrossLines("was tokenized per-", "syllable, as opposed", "en", prefixed)).toEqual({
      hyphen: true,
    });
    expect(joinAcrossLines("as pre-", "sented here", "en", prefixed)).toEqual({ hyphen: false });
    // The halves around a line-end hyphen are no words of the document.
    expect([...vocabularyOf(["the noord-", "westerstorm came"])]).toEqual(["the", "came"]);
    expect(joinAcrossLines("water -", "and air", "en", none)).toBeNull();
    // A compound's hanging hyphen before a conjunction.
    expect(
      joinAcrossLines("een basis beschrijving van het Beheer-", "en Ontwikkelmodel", "nl", none),
    ).toBeNull();
    expect(joinAcrossLines("both pre-", "and post-war houses", "en", none)).toBeNull();
    expect(joinAcrossLines("the river's en-", "ergy", "en", none)).toEqual({ hyphen: false });
    expect(joinAcrossLines("water and", "air", "en", none)).toBeNull();
  });
});

describe("unreadable PDFs", () => {
  it("reports a scanned PDF whose only text is a page number as having no selectable text", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([420, 595]).drawText("1", { x: 205, y: 24, size: 8, font });
    const attempt = ingestSource({
      id: SOURCE_ID,
      kind: "pdf",
      file_name: "scan.pdf",
      file_path: null,
      content: await pdf.save(),
    });
    await expect(attempt).rejects.toBeInstanceOf(SourceReadError);
    await expect(attempt).rejects.toThrow(
      '"scan.pdf" could not be read as a PDF: it contains no selectable text',
    );
  });
});

describe("Word documents without Heading styles", () => {
  it("take short paragraphs set wholly in bold as headings, and leave bold words in a sentence alone", async () => {
    const document = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun({ text: "Erosie door water", bold: true })] }),
            new Paragraph({
              children: [
                new TextRun({ text: "Erosie", bold: true }),
                new TextRun(" is het wegspoelen van grond. Regen neemt losse korrels mee."),
              ],
            }),
            new Paragraph({ children: [new TextRun({ text: "Let op: dit is belangrijk.", bold: true })] }),
            new Paragraph({ children: [new TextRun({ text: "Erosie door wind", bold: true })] }),
            new Paragraph("Wind blaast droog zand weg, doordat er geen planten groeien."),
          ],
        },
      ],
    });
    const fixture: ContentFixture = {
      name: "bold-headings",
      language: "nl",
      kind: "docx",
      file_name: "erosie.docx",
      content: new Uint8Array(await Packer.toBuffer(document)),
      document: { title: "", sections: [] },
    };
    const corpus = corpusOf(fixture, await ingest(fixture));
    expect(headingsIn(corpus).map(({ heading }) => heading)).toEqual([
      { level: 1, text: "Erosie door water" },
      { level: 1, text: "Erosie door wind" },
    ]);
    expect(corpus.sentences.map((sentence) => sentence.text)).toContain("Let op: dit is belangrijk.");
  });
});

describe("PDF pages in two columns", () => {
  it("are read column by column, with a title across both kept above them", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const page = pdf.addPage([595, 842]);
    page.drawText("Rivers and their valleys in the lowlands", { x: 56, y: 780, size: 18, font: bold });
    const left = [
      "A river carries water from",
      "high ground to the sea. On",
      "its way it wears away rock",
      "and carries the pieces along.",
      "Fast water carries more.",
      "Slow water drops its load.",
    ];
    const right = [
      "In the lowlands a river flows",
      "slowly and winds through a",
      "wide valley. Its bends are",
      "called meanders, and they",
      "move a little every year.",
      "Floods spread fine clay.",
    ];
    left.forEach((line, index) => {
      page.drawText(line, { x: 56, y: 740 - index * 14, size: 10.5, font });
    });
    right.forEach((line, index) => {
      page.drawText(line, { x: 310, y: 740 - index * 14, size: 10.5, font });
    });
    const { chunks } = await ingestSource({
      id: SOURCE_ID,
      kind: "pdf",
      file_name: "rivers.pdf",
      file_path: null,
      content: await pdf.save(),
    });
    const lines = chunks.flatMap((chunk) => chunk.content.split("\n"));
    expect(lines).toEqual(["Rivers and their valleys in the lowlands", ...left, ...right]);
  });
});

describe("PDF headings that return on every page", () => {
  it("stay headings when set larger than the text, while a small repeated footer is furniture", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    for (const number of [1, 2, 3]) {
      const page = pdf.addPage([595, 842]);
      page.drawText(`Exercise ${number}`, { x: 56, y: 800, size: 14, font: bold });
      page.drawText(`Rivers carry sand to the sea in exercise ${number}.`, { x: 56, y: 770, size: 11, font });
      page.drawText("Explain why the water slows down near the coast.", { x: 56, y: 755, size: 11, font });
      page.drawText(`Worksheet rivers - page ${number}`, { x: 56, y: 30, size: 8, font });
    }
    const { chunks } = await ingestSource({
      id: SOURCE_ID,
      kind: "pdf",
      file_name: "worksheet.pdf",
      file_path: null,
      content: await pdf.save(),
    });
    const corpus = buildCorpus([{ id: SOURCE_ID, kind: "pdf", file_name: "worksheet.pdf", chunks }]);
    expect(headingsIn(corpus).map(({ heading }) => heading.text)).toEqual([
      "Exercise 1",
      "Exercise 2",
      "Exercise 3",
    ]);
    expect(corpus.sentences).toHaveLength(6);
    expect(chunks.some((chunk) => chunk.content.includes("Worksheet rivers"))).toBe(false);
  });
});

describe("PDF contents pages and lists", () => {
  it("leave a table of contents out, and keep a bullet's wrapped lines with its item", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    const draw = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 11, font });
    draw("1 Rivers . . . . . . . . . . . . . . . . . . 2", 56, 780);
    draw("2 Dikes . . . . . . . . . . . . . . . . . . . 5", 56, 765);
    draw("Rivers shape the land in three ways:", 56, 720);
    draw("• They wear away rock where the water flows fast and", 56, 705);
    draw("carries stones along the bottom.", 68, 691);
    draw("• They drop sand and clay where the water slows down.", 56, 677);
    const { chunks } = await ingestSource({
      id: SOURCE_ID,
      kind: "pdf",
      file_name: "rivers.pdf",
      file_path: null,
      content: await pdf.save(),
    });
    expect(chunks.some((chunk) => chunk.content.includes(". . . ."))).toBe(false);
    const corpus = buildCorpus([{ id: SOURCE_ID, kind: "pdf", file_name: "rivers.pdf", chunks }]);
    expect(corpus.sentences.map((sentence) => sentence.text)).toEqual([
      "Rivers shape the land in three ways:",
      "They wear away rock where the water flows fast and carries stones along the bottom.",
      "They drop sand and clay where the water slows down.",
    ]);
  });
});

describe("PDF pages turned by /Rotate", () => {
  it("are read as they are shown", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    // A landscape hand-out stored as a portrait page turned a quarter: the text runs up the page.
    const page = pdf.addPage([595, 842]);
    page.setRotation(degrees(90));
    page.drawText("Tides", { x: 100, y: 60, size: 18, font: bold, rotate: degrees(90) });
    page.drawText("The moon pulls the sea towards it.", {
      x: 130,
      y: 60,
      size: 11,
      font,
      rotate: degrees(90),
    });
    page.drawText("So the water rises twice a day.", { x: 145, y: 60, size: 11, font, rotate: degrees(90) });
    const { chunks } = await ingestSource({
      id: SOURCE_ID,
      kind: "pdf",
      file_name: "tides.pdf",
      file_path: null,
      content: await pdf.save(),
    });
    expect(chunks.flatMap((chunk) => chunk.content.split("\n"))).toEqual([
      "Tides",
      "The moon pulls the sea towards it.",
      "So the water rises twice a day.",
    ]);
    expect(chunks[0]?.layout?.headings).toEqual([{ line: 0, level: 1 }]);
  });
});

describe("heading levels from numbering and Markdown underlines", () => {
  /** The headings read from one PDF page of 11-point lines, each "*"-marked line set in bold. */
  const pdfHeadings = async (lines: readonly string[]) => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => {
      const text = line.replace(/^\*/u, "");
      page.drawText(text, { x: 56, y: 760 - index * 24, size: 11, font: text === line ? font : bold });
    });
    const { chunks } = await ingestSource({
      id: SOURCE_ID,
      kind: "pdf",
      file_name: "rivers.pdf",
      file_path: null,
      content: await pdf.save(),
    });
    const corpus = buildCorpus([{ id: SOURCE_ID, kind: "pdf", file_name: "rivers.pdf", chunks }]);
    return headingsIn(corpus).map(({ heading }) => heading);
  };

  it("tells numbered PDF headings of one style apart by their numbering depth", async () => {
    expect(
      await pdfHeadings([
        "*1 Rivers",
        "A river carries water to the sea.",
        "*1.1 Dikes",
        "A dike keeps the river in its bed.",
        "*2 Polders",
        "A polder is land below the water level.",
      ]),
    ).toEqual([
      { level: 1, text: "Rivers" },
      { level: 2, text: "Dikes" },
      { level: 1, text: "Polders" },
    ]);
  });

  // A two-column paper set its sections as "1 INTRODUCTION" in plain capitals and its subsections as
  // "2.1 A simplified notation" in bold: by emphasis alone the subsections ranked above the sections.
  it("ranks numbered PDF headings of two styles by their numbering, not by which is bold", async () => {
    expect(
      await pdfHeadings([
        "1 RIVERS",
        "A river carries water to the sea.",
        "*1.1 Dikes and their builders",
        "A dike keeps the river in its bed.",
        "2 POLDERS",
        "A polder is land below the water level.",
        "*2.1 Pumping stations",
        "A pumping station keeps a polder dry.",
      ]),
    ).toEqual([
      { level: 1, text: "RIVERS" },
      { level: 2, text: "Dikes and their builders" },
      { level: 1, text: "POLDERS" },
      { level: 2, text: "Pumping stations" },
    ]);
  });

  const markdownCorpus = async (text: string) => {
    const { chunks } = await ingestSource({
      id: SOURCE_ID,
      kind: "markdown",
      file_name: "rivers.md",
      file_path: null,
      content: text,
    });
    return buildCorpus([{ id: SOURCE_ID, kind: "markdown", file_name: "rivers.md", chunks }]);
  };

  it("reads Markdown headings underlined with === and ---", async () => {
    const text =
      "Rivers\n======\n\nA river carries water.\n\nDikes\n-----\n\nA dike keeps water out.\n\n---\n\nThe end.";
    const corpus = await markdownCorpus(text);
    expect(headingsIn(corpus).map(({ heading }) => heading)).toEqual([
      { level: 1, text: "Rivers" },
      { level: 2, text: "Dikes" },
    ]);
    expect(corpus.sentences.map((sentence) => sentence.text)).toEqual([
      "A river carries water.",
      "A dike keeps water out.",
      "The end.",
    ]);
  });

  it("reads each Markdown list item as its own paragraph of role list, its lead-in apart", async () => {
    const text = [
      "Never do this near a river:",
      "- **Swim** after rain. The current is strong.",
      "- Camp on the bank",
      "  when the water rises.",
      "",
      "* * *",
      "",
      "1. Dikes keep water out.",
    ].join("\n");
    const corpus = await markdownCorpus(text);
    expect(
      corpus.sentences.map((sentence) => [
        sentence.text,
        sentence.chunk.lineRoles.get(sentence.line_start) ?? null,
        sentence.framedBy ?? null,
      ]),
    ).toEqual([
      ["Never do this near a river:", null, null],
      ["Swim after rain.", "list", 0],
      ["The current is strong.", "list", 0],
      ["Camp on the bank when the water rises.", "list", 0],
      ["Dikes keep water out.", "list", null],
    ]);
  });
});

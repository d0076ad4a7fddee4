import { describe, expect, it } from "vitest";
import { buildCorpus, citeSentenceParts, mayRunOn } from "./corpus.ts";
import type { Chunk, ChunkLayout, SourceKind } from "./ingest/index.ts";

function chunk(
  page: number | null,
  lineStart: number,
  lines: string[],
  layout: ChunkLayout | null = {},
): Chunk {
  return {
    id: `chunk-${page}-${lineStart}`,
    source_id: "source",
    file_path: "book.pdf",
    file_name: "book.pdf",
    page_number: page,
    line_start: lineStart,
    line_end: lineStart + lines.length - 1,
    content: lines.join("\n"),
    layout,
  };
}

function sentencesOf(chunks: Chunk[], kind: SourceKind = "pdf") {
  const corpus = buildCorpus([{ id: "source", kind, file_name: "book.pdf", chunks }]);
  return corpus.sentences;
}

const PAGE_END = [
  "Seed plants are the largest group of land plants.",
  "The gymnosperms and angiosperms together com-",
];
const TOP_ON = ["prise the seed plants of the world today.", "Their seeds carry an embryo."];

describe("sentences across chunk edges and page breaks", () => {
  it.each([
    {
      name: "a word broken at the page end reads whole",
      chunks: [chunk(4, 0, PAGE_END), chunk(5, 1, TOP_ON)],
      sentences: [
        "Seed plants are the largest group of land plants.",
        "The gymnosperms and angiosperms together comprise the seed plants of the world today.",
        "Their seeds carry an embryo.",
      ],
    },
    {
      name: "a numbered reference broken over two lines goes like one on a single line",
      chunks: [
        chunk(1, 0, [
          "Examples include quantile dotplots and innumerable variations on eye plots [4,",
          "18, 31, 45]. Yet most of them are hard to produce (see Fig.",
          "2).",
        ]),
      ],
      sentences: [
        "Examples include quantile dotplots and innumerable variations on eye plots.",
        "Yet most of them are hard to produce.",
      ],
    },
    {
      name: "a sentence runs on over the page without a broken word",
      chunks: [
        chunk(4, 0, ["The cone holds the seeds that the wind"]),
        chunk(5, 0, ["carries far from the tree."]),
      ],
      sentences: ["The cone holds the seeds that the wind carries far from the tree."],
    },
    {
      name: "a broken word keeps its hyphen where the source writes it so",
      chunks: [
        chunk(2, 0, ["The first attempt worked per-syllable.", "The second was tokenized per-"]),
        chunk(3, 0, ["syllable instead."]),
      ],
      sentences: ["The first attempt worked per-syllable.", "The second was tokenized per-syllable instead."],
    },
    {
      name: "the next page opens a paragraph: two pieces",
      chunks: [chunk(4, 0, PAGE_END), chunk(5, 1, TOP_ON, { paragraphs: [1] })],
      sentences: [
        "Seed plants are the largest group of land plants.",
        "The gymnosperms and angiosperms together com-",
        "prise the seed plants of the world today.",
        "Their seeds carry an embryo.",
      ],
    },
    {
      name: "the next page opens with a heading",
      chunks: [
        chunk(4, 0, PAGE_END),
        chunk(5, 0, ["Gymnosperms", ...TOP_ON], { headings: [{ line: 0, level: 2 }] }),
      ],
      sentences: [
        "Seed plants are the largest group of land plants.",
        "The gymnosperms and angiosperms together com-",
        "prise the seed plants of the world today.",
        "Their seeds carry an embryo.",
      ],
    },
    {
      name: "a caption at the top of the next page is stepped over",
      chunks: [
        chunk(4, 0, PAGE_END),
        chunk(5, 0, ["Figure 4.3: Pine young ovulate cone.", ...TOP_ON], {
          roles: [{ line: 0, role: "caption" }],
        }),
      ],
      sentences: [
        "Seed plants are the largest group of land plants.",
        "The gymnosperms and angiosperms together comprise the seed plants of the world today.",
        "Their seeds carry an embryo.",
      ],
    },
    {
      name: "a page is skipped: no run-on",
      chunks: [
        chunk(4, 0, ["The cone holds the seeds that the wind"]),
        chunk(6, 0, ["carries far from the tree."]),
      ],
      sentences: ["The cone holds the seeds that the wind", "carries far from the tree."],
    },
    {
      name: "the next lines of the same page (a paragraph cut by a chunk edge)",
      chunks: [
        chunk(4, 0, ["The cone holds the seeds that the wind"]),
        chunk(4, 1, ["carries far from the tree."]),
      ],
      sentences: ["The cone holds the seeds that the wind carries far from the tree."],
    },
    {
      name: "lines left out between two chunks of a Word page (a blank line)",
      kind: "docx" as const,
      chunks: [
        chunk(null, 0, ["The cone holds the seeds that the wind"]),
        chunk(null, 2, ["carries far from the tree."]),
      ],
      sentences: ["The cone holds the seeds that the wind", "carries far from the tree."],
    },
    {
      name: "lines left out between two chunks of a PDF page (furniture: text in a figure)",
      chunks: [
        chunk(4, 0, ["The cone holds the seeds that the wind"]),
        chunk(4, 3, ["carries far from the tree."]),
      ],
      sentences: ["The cone holds the seeds that the wind carries far from the tree."],
    },
    {
      name: "a paragraph that starts after furniture on a PDF page",
      chunks: [
        chunk(4, 0, ["The cone holds the seeds of the tree."]),
        chunk(4, 3, ["The wind carries them far."], { paragraphs: [3] }),
      ],
      sentences: ["The cone holds the seeds of the tree.", "The wind carries them far."],
    },
    {
      name: "text without a layout never runs on",
      chunks: [
        chunk(4, 0, ["The cone holds the seeds that the wind"], null),
        chunk(5, 0, ["carries far from the tree."], null),
      ],
      sentences: ["The cone holds the seeds that the wind", "carries far from the tree."],
    },
  ])("$name", ({ chunks, sentences, kind }: { chunks: Chunk[]; sentences: string[]; kind?: SourceKind }) => {
    expect(sentencesOf(chunks, kind).map((sentence) => sentence.text)).toEqual(sentences);
  });

  it("slides never run on", () => {
    const chunks = [
      chunk(4, 0, ["The cone holds the seeds that the wind"]),
      chunk(5, 0, ["carries far from the tree."]),
    ];
    expect(sentencesOf(chunks, "pptx").map((sentence) => sentence.text)).toEqual([
      "The cone holds the seeds that the wind",
      "carries far from the tree.",
    ]);
  });

  it("cites a sentence over a page break on both pages, each with its own exact lines", () => {
    const sentence = sentencesOf([chunk(4, 0, PAGE_END), chunk(5, 1, TOP_ON)])[1];
    expect(sentence?.chunk.id).toBe("chunk-4-0");
    expect(sentence && citeSentenceParts(sentence)).toEqual([
      expect.objectContaining({
        chunk_id: "chunk-4-0",
        page_number: 4,
        line_start: 1,
        line_end: 1,
        exactLines: ["The gymnosperms and angiosperms together com-"],
        snippet: "The gymnosperms and angiosperms together com",
      }),
      expect.objectContaining({
        chunk_id: "chunk-5-1",
        page_number: 5,
        line_start: 1,
        line_end: 1,
        exactLines: ["prise the seed plants of the world today."],
        snippet: "prise the seed plants of the world today.",
      }),
    ]);
  });

  it("cites a sentence on one page once", () => {
    const sentence = sentencesOf([chunk(4, 0, PAGE_END), chunk(5, 1, TOP_ON)])[0];
    expect(sentence && citeSentenceParts(sentence)).toEqual([
      expect.objectContaining({ chunk_id: "chunk-4-0", line_start: 0, line_end: 0 }),
    ]);
  });
});

describe("mayRunOn", () => {
  const laid = (page: number | null, start: number, end: number, layout: ChunkLayout | null = {}) => ({
    ...chunk(
      page,
      start,
      Array.from({ length: end - start + 1 }, () => "x"),
    ),
    layout,
  });
  it.each([
    ["the next lines of a page", laid(1, 0, 3), laid(1, 4, 6), true],
    ["a gap on the page", laid(1, 0, 3), laid(1, 5, 6), false],
    ["a gap on a PDF page (furniture)", laid(1, 0, 3), laid(1, 5, 6), true, "pdf" as const],
    ["a gap on a Word page (blank lines)", laid(null, 0, 3), laid(null, 5, 6), false, "docx" as const],
    ["the top of the next page", laid(1, 0, 30), laid(2, 2, 6), true],
    ["two pages on", laid(1, 0, 30), laid(3, 0, 6), false],
    ["the next lines of an unpaged file", laid(null, 0, 3), laid(null, 4, 6), true],
    ["no layout before", laid(1, 0, 3, null), laid(1, 4, 6), false],
    ["no layout after", laid(1, 0, 3), laid(1, 4, 6, null), false],
  ])("%s", (_, previous, next, runsOn, kind?: SourceKind) => {
    expect(mayRunOn(previous, next, kind)).toBe(runsOn);
  });

  it("nothing before the first chunk", () => {
    expect(mayRunOn(null, laid(1, 0, 3))).toBe(false);
  });
});

describe("list items framed by their lead-in", () => {
  const LEAD = "Here are a few things you should not do in your workshop:";
  const NOT_TO_DO = "Talk contemptuously about any tool.";
  const WHY = "Many of your learners may be using that tool.";
  const NEXT_ITEM = "Take over the learner's keyboard.";
  const list = (lines: number[]) => lines.map((line) => ({ line, role: "list" as const }));
  const read = (lines: string[], layout: ChunkLayout) => {
    const sentences = sentencesOf([chunk(1, 0, lines, layout)]);
    return sentences.map(({ text, framedBy, complete }) => ({
      text,
      framedBy: framedBy === undefined ? null : sentences[framedBy]?.text,
      complete,
    }));
  };
  it.each([
    {
      name: "every sentence of each item is framed by the lead-in",
      lines: [LEAD, `${NOT_TO_DO} ${WHY}`, NEXT_ITEM],
      layout: { paragraphs: [1, 2], roles: list([1, 2]) },
      expected: [
        { text: LEAD, framedBy: null, complete: false },
        { text: NOT_TO_DO, framedBy: LEAD, complete: true },
        { text: WHY, framedBy: LEAD, complete: true },
        { text: NEXT_ITEM, framedBy: LEAD, complete: true },
      ],
    },
    {
      name: "a list without a lead-in (slide bullets) stands alone",
      lines: ["Teaching takes practice.", NOT_TO_DO],
      layout: { paragraphs: [1], roles: list([1]) },
      expected: [
        { text: "Teaching takes practice.", framedBy: null, complete: true },
        { text: NOT_TO_DO, framedBy: null, complete: true },
      ],
    },
    {
      name: "a heading ends the list's lead-in",
      lines: [LEAD, "Keyboards", NEXT_ITEM],
      layout: { paragraphs: [2], roles: list([2]), headings: [{ line: 1, level: 2 }] },
      expected: [
        { text: LEAD, framedBy: null, complete: false },
        { text: NEXT_ITEM, framedBy: null, complete: true },
      ],
    },
    {
      name: "a paragraph of prose after the list ends it",
      lines: [LEAD, NOT_TO_DO, WHY, NEXT_ITEM],
      layout: { paragraphs: [1, 2, 3], roles: list([1, 3]) },
      expected: [
        { text: LEAD, framedBy: null, complete: false },
        { text: NOT_TO_DO, framedBy: LEAD, complete: true },
        { text: WHY, framedBy: null, complete: true },
        { text: NEXT_ITEM, framedBy: null, complete: true },
      ],
    },
  ])("$name", ({ lines, layout, expected }) => {
    expect(read(lines, layout)).toEqual(expected);
  });
});

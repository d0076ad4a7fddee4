import { describe, expect, it } from "vitest";
import { chunkPage } from "./chunk.ts";
import { emptyLayout } from "./layout.ts";

const SOURCE = {
  id: "11111111-1111-4111-8111-111111111111",
  file_path: null,
  file_name: "a.pdf",
  markup: false,
};

/** One paragraph of `count` lines; the lines listed in `ends` end a sentence. */
function paragraph(count: number, ends: readonly number[]): string[] {
  return Array.from({ length: count }, (_, line) =>
    ends.includes(line) ? `Line ${line} ends.` : `line ${line} goes`,
  );
}

describe("chunks of a paragraph longer than a chunk", () => {
  it.each([
    {
      name: "end at the last sentence end in the second half of each chunk",
      lines: paragraph(40, [9, 17, 30, 39]),
      maxLines: 20,
      ranges: [
        [0, 17],
        [18, 30],
        [31, 39],
      ],
    },
    {
      name: "are cut at the limit where no sentence ends in its second half",
      lines: paragraph(30, [3, 29]),
      maxLines: 10,
      ranges: [
        [0, 9],
        [10, 19],
        [20, 29],
      ],
    },
    {
      name: "run on to a sentence end at most half a chunk further rather than cut a sentence",
      lines: paragraph(30, [3, 12, 29]),
      maxLines: 10,
      ranges: [
        [0, 12],
        [13, 22],
        [23, 29],
      ],
    },
    { name: "stay whole when they fit", lines: paragraph(10, [9]), maxLines: 10, ranges: [[0, 9]] },
  ])("$name", ({ lines, maxLines, ranges }) => {
    const chunks = chunkPage(SOURCE, { page_number: 1, lines, layout: emptyLayout() }, maxLines);
    expect(chunks.map((chunk) => [chunk.line_start, chunk.line_end])).toEqual(ranges);
  });
});

describe("chunks around a footnote or caption inside a paragraph", () => {
  // Line 0 is a paragraph; lines 1–6 another, with a footnote and a caption set inside it (lines 3–4,
  // each a paragraph start of its own, as the PDF reader marks them).
  const lines = [
    "A first paragraph ends.",
    "The river carries",
    "sand to the",
    "¹ A footnote.",
    "Figure 1: A map.",
    "sea, where it",
    "settles.",
  ];
  it.each([
    {
      name: "keep the paragraph in one chunk when it goes on after them",
      newParagraph: false,
      ranges: [
        [0, 0],
        [1, 6],
      ],
    },
    {
      name: "are blocks of their own when a new paragraph follows them",
      newParagraph: true,
      ranges: [
        [0, 4],
        [5, 6],
      ],
    },
  ])("$name", ({ newParagraph, ranges }) => {
    const layout = emptyLayout();
    for (const line of [1, 3, 4]) layout.paragraphs.add(line);
    layout.roles.set(3, "footnote");
    layout.roles.set(4, "caption");
    if (newParagraph) layout.paragraphs.add(5);
    const chunks = chunkPage(SOURCE, { page_number: 1, lines, layout }, 6);
    expect(chunks.map((chunk) => [chunk.line_start, chunk.line_end])).toEqual(ranges);
  });
});

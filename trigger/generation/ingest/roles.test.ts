import { describe, expect, it } from "vitest";
import { buildCorpus } from "../corpus.ts";
import type { Chunk } from "./chunk.ts";
import { type ChunkLayout, chunkLayoutOf, emptyLayout, type LineRole } from "./layout.ts";

const SOURCE_ID = "77777777-7777-4777-8777-777777777777";

/** The sentences generation reads from one page of lines with the given roles and joins. */
function sentencesOf(lines: string[], layout: ChunkLayout): string[] {
  const chunk: Chunk = {
    id: "88888888-8888-4888-8888-888888888888",
    source_id: SOURCE_ID,
    file_path: null,
    file_name: "chapter.pdf",
    page_number: 1,
    line_start: 0,
    line_end: lines.length - 1,
    content: lines.join("\n"),
    layout,
  };
  const corpus = buildCorpus([{ id: SOURCE_ID, kind: "pdf", file_name: "chapter.pdf", chunks: [chunk] }]);
  return corpus.sentences.map((sentence) => sentence.text);
}

describe("line roles in the corpus", () => {
  it.each<{ name: string; lines: string[]; layout: ChunkLayout; sentences: string[] }>([
    {
      name: "a caption between two halves of a sentence is stepped over",
      lines: ["Pine cones are the", "Figure 4.3: Pine young ovulate cone.", "female organs of the tree."],
      layout: { roles: [{ line: 1, role: "caption" }] },
      sentences: ["Pine cones are the female organs of the tree."],
    },
    {
      name: "a word broken around a footnote is joined",
      lines: ["Gymnosperms and angiosperms together com-", "1 See the appendix.", "prise the seed plants."],
      layout: { roles: [{ line: 1, role: "footnote" }], joins: [{ line: 0, hyphen: false }] },
      sentences: ["Gymnosperms and angiosperms together comprise the seed plants."],
    },
    {
      name: "reference entries are never sentences",
      lines: [
        "Dikes protect the low land from the sea.",
        "Jansen, P. (2010). De Hollandse waterlinie. Leiden: Sidestone Press.",
        "Smit, A. (2012). Dijken en polders. Amsterdam: Boom.",
      ],
      layout: { roles: [{ line: 1, end: 2, role: "reference" }] },
      sentences: ["Dikes protect the low land from the sea."],
    },
    {
      name: "a table row ends the paragraph before it and is no sentence",
      lines: ["The table lists the planets by size and", "Jupiter | 142,984 km | gas giant", "distance."],
      layout: { roles: [{ line: 1, role: "table" }] },
      sentences: ["The table lists the planets by size and", "distance."],
    },
    {
      name: "list items are body text, each its own paragraph",
      lines: ["• Roots take up water from the soil.", "• Leaves make sugar from light."],
      layout: { roles: [{ line: 0, end: 1, role: "list" }], paragraphs: [1] },
      sentences: ["• Roots take up water from the soil.", "• Leaves make sugar from light."].map((item) =>
        item.replace("• ", ""),
      ),
    },
  ])("$name", ({ lines, layout, sentences }) => {
    expect(sentencesOf(lines, layout)).toEqual(sentences);
  });
});

describe("stored roles", () => {
  it.each<{ roles: Array<[number, LineRole]>; start: number; end: number; stored: ChunkLayout["roles"] }>([
    { roles: [], start: 0, end: 5, stored: undefined },
    { roles: [[2, "caption"]], start: 0, end: 5, stored: [{ line: 2, role: "caption" }] },
    {
      roles: [
        [2, "caption"],
        [3, "caption"],
        [4, "footnote"],
      ],
      start: 0,
      end: 5,
      stored: [
        { line: 2, end: 3, role: "caption" },
        { line: 4, role: "footnote" },
      ],
    },
    {
      roles: [
        [1, "reference"],
        [3, "reference"],
      ],
      start: 0,
      end: 5,
      stored: [
        { line: 1, role: "reference" },
        { line: 3, role: "reference" },
      ],
    },
    { roles: [[7, "table"]], start: 0, end: 5, stored: undefined },
  ])("roles $roles over lines $start..$end are stored as $stored", ({ roles, start, end, stored }) => {
    const layout = emptyLayout();
    for (const [line, role] of roles) layout.roles.set(line, role);
    expect(chunkLayoutOf(layout, start, end).roles).toEqual(stored);
  });
});

describe("chunkLayoutOf paragraph starts", () => {
  it.each([
    // The first line keeps its mark: without one, it goes on with the chunk before (corpus.ts).
    { paragraphs: [4, 6], start: 4, end: 8, stored: [4, 6] },
    { paragraphs: [6], start: 4, end: 8, stored: [6] },
    { paragraphs: [2, 9], start: 4, end: 8, stored: undefined },
    { paragraphs: [8], start: 4, end: 8, stored: [8] },
  ])(
    "paragraph starts $paragraphs over lines $start..$end are stored as $stored",
    ({ paragraphs, start, end, stored }) => {
      const layout = emptyLayout();
      for (const line of paragraphs) layout.paragraphs.add(line);
      expect(chunkLayoutOf(layout, start, end).paragraphs).toEqual(stored);
    },
  );
});

import { describe, expect, it } from "vitest";
import { buildCorpus, type CorpusChunk } from "../corpus.ts";
import { longSource } from "../fixtures/long-source.ts";
import { revealsAnswer } from "../support-check.ts";
import {
  batchChunks,
  batchContexts,
  fillCitation,
  groupingSchema,
  mergeOutlines,
  type Outline,
  renderChunk,
} from "./llm-outline.ts";

const corpus = buildCorpus([longSource(40)]);
const chunks = [...corpus.chunks.values()];
const shownOf = (list: readonly CorpusChunk[]) => new Map(list.map((chunk) => [chunk.id, chunk]));
const firstLine = (chunk: CorpusChunk) => ({
  chunk_id: chunk.id,
  line_start: chunk.line_start,
  line_end: chunk.line_start,
});

describe("llm outline map/reduce", () => {
  it("tags each line with what the layout says it is, as the offline provider reads it", () => {
    const [tagged] = buildCorpus([
      {
        id: "99999999-9999-4999-8999-999999999999",
        kind: "pdf",
        file_name: "chapter.pdf",
        chunks: [
          {
            id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
            source_id: "99999999-9999-4999-8999-999999999999",
            file_path: null,
            file_name: "chapter.pdf",
            page_number: 3,
            line_start: 4,
            line_end: 7,
            content:
              "4.1 Gymnosperms\nSeeds lie bare on the scales.\nFigure 4.3: A pine cone.\nRaven, P. (2005). Biology.",
            layout: {
              headings: [{ line: 4, level: 2 }],
              roles: [
                { line: 6, role: "caption" },
                { line: 7, role: "reference" },
              ],
            },
          },
        ],
      },
    ]).chunks.values();
    expect(
      renderChunk(tagged as CorpusChunk)
        .split("\n")
        .slice(1, -1),
    ).toEqual([
      "4 [heading 2]: 4.1 Gymnosperms",
      "5: Seeds lie bare on the scales.",
      "6 [caption]: Figure 4.3: A pine cone.",
      "7 [reference]: Raven, P. (2005). Biology.",
    ]);
  });

  it("puts every chunk in exactly one batch, in order, each batch within its budget", () => {
    const batches = batchChunks(chunks, 6000);
    expect(batches.flat().map((chunk) => chunk.id)).toEqual(chunks.map((chunk) => chunk.id));
    for (const batch of batches) {
      const size = batch.reduce((sum, chunk) => sum + renderChunk(chunk).length + 1, 0);
      expect(batch.length === 1 || size <= 6000).toBe(true);
    }
    // A chunk larger than the budget still travels, alone.
    expect(batchChunks(chunks.slice(0, 3), 10).map((batch) => batch.length)).toEqual([1, 1, 1]);
  });

  it("fills lines from the chunk and leaves a reference outside the shown chunks without lines", () => {
    const [first, second] = chunks as [CorpusChunk, CorpusChunk];
    const shown = shownOf([first]);
    const filled = fillCitation(
      { chunk_id: first.id, line_start: first.line_start, line_end: first.line_start + 1 },
      shown,
    );
    expect(filled.exactLines).toEqual(first.lines.slice(0, 2));
    expect(filled.file_path).toBe(first.file_path);
    expect(filled.page_number).toBe(first.page_number);
    expect(filled.snippet).not.toBeNull();
    expect(fillCitation(firstLine(second), shown).exactLines).toEqual([]);
    expect(fillCitation({ ...firstLine(first), line_end: first.line_end + 1 }, shown).exactLines).toEqual([]);
    expect(fillCitation({ ...firstLine(first), line_start: -3 }, shown)).toMatchObject({
      line_start: 0,
      exactLines: [],
    });
  });

  it("merges a section cut by a batch boundary, and subtopics of the same title", () => {
    const [a, b, c] = chunks as [CorpusChunk, CorpusChunk, CorpusChunk];
    const section = (
      title: string,
      continues: boolean,
      subtopics: Outline["sections"][number]["subtopics"],
    ) => ({
      title,
      description: "",
      continues_previous: continues,
      subtopics,
    });
    const subtopic = (title: string, chunk: CorpusChunk) => ({
      title,
      description: "",
      key_points: [title],
      citations: [firstLine(chunk)],
    });
    const merged = mergeOutlines([
      {
        outline: { title: "", description: "", sections: [section("One", false, [subtopic("Rivers", a)])] },
        shown: shownOf([a]),
      },
      {
        outline: {
          title: "",
          description: "",
          // Listed out of reading order; the merge restores it.
          sections: [
            section("Two", false, [subtopic("Harbours", c)]),
            section("One (cont.)", true, [subtopic("rivers", b)]),
          ],
        },
        shown: shownOf([b, c]),
      },
    ]);
    expect(merged.map((s) => s.title)).toEqual(["One", "Two"]);
    expect(merged[0]?.subtopics).toHaveLength(1);
    expect(merged[0]?.subtopics[0]?.citations.map((citation) => citation.chunk_id)).toEqual([a.id, b.id]);
  });

  it("keeps a section where most of its lines are, whatever one stray citation says", () => {
    const [a, b, c] = chunks as [CorpusChunk, CorpusChunk, CorpusChunk];
    const section = (title: string, cited: CorpusChunk[]) => ({
      title,
      description: "",
      continues_previous: false,
      subtopics: cited.map((chunk, index) => ({
        title: `${title} ${index + 1}`,
        description: "",
        key_points: [],
        citations: [firstLine(chunk)],
      })),
    });
    // graded: an appendix citing one line of the chapter before it was moved ahead of that chapter's
    // neighbour, and the next part's continuation joined the wrong section.
    const merged = mergeOutlines([
      {
        outline: {
          title: "",
          description: "",
          sections: [section("Appendix A", [b]), section("Appendix B", [c, a, c])],
        },
        shown: shownOf([a, b, c]),
      },
    ]);
    expect(merged.map((s) => s.title)).toEqual(["Appendix A", "Appendix B"]);
  });

  it("continues the previous section when a batch opens without a heading, whatever the model says", () => {
    const batches = batchChunks(chunks, 6000);
    const contexts = batchContexts(
      batches,
      corpus.items.flatMap((item) =>
        item.type === "heading"
          ? [{ chunk: item.chunk, line_start: item.line_start, text: item.heading.text }]
          : [],
      ),
    );
    expect(contexts[0]).toEqual({ opensWithHeading: true, previousHeading: null });
    const midChapter = contexts.findIndex((context, index) => index > 0 && !context.opensWithHeading);
    expect(contexts[midChapter]?.previousHeading).toMatch(/^Chapter \d+ /);

    const [a, b] = chunks as [CorpusChunk, CorpusChunk];
    const outline = (title: string, chunk: CorpusChunk): Outline => ({
      title: "",
      description: "",
      sections: [
        {
          title,
          description: "",
          continues_previous: false,
          subtopics: [{ title, description: "", key_points: [], citations: [firstLine(chunk)] }],
        },
      ],
    });
    const merge = (opensWithHeading: boolean) =>
      mergeOutlines([
        { outline: outline("Rivers", a), shown: shownOf([a]) },
        { outline: outline("Deltas", b), shown: shownOf([b]), opensWithHeading },
      ]).map((section) => section.title);
    expect(merge(false)).toEqual(["Rivers"]);
    expect(merge(true)).toEqual(["Rivers", "Deltas"]);
  });

  it("accepts only groupings that cover every merged section once, in order", () => {
    const group = (first: number, last: number) => ({ first, last, title: "T", description: "" });
    const schema = groupingSchema(4);
    expect(
      schema.safeParse({ title: "T", description: "", sections: [group(0, 1), group(2, 3)] }).success,
    ).toBe(true);
    expect(
      schema.safeParse({ title: "T", description: "", sections: [group(0, 1), group(3, 3)] }).success,
    ).toBe(false);
    expect(schema.safeParse({ title: "T", description: "", sections: [group(0, 2)] }).success).toBe(false);
    expect(schema.safeParse({ title: "T", description: "", sections: [group(1, 3)] }).success).toBe(false);
  });

  it("recognises a hint or stem that hands over the answer", () => {
    expect(revealsAnswer("Think of chlorophyll", "Chlorophyll")).toBe(true);
    expect(revealsAnswer("It reflects a colour", "They reflect green light")).toBe(false);
    expect(revealsAnswer("Which pigment is green?", "Chlorophyll")).toBe(false);
    expect(revealsAnswer("Denk aan de planten", "plant")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { type CoverageRow, groupBySource } from "./api";
import { runRange, testedSentence } from "./coverage";

const SOURCE_A = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const SOURCE_B = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const CHAPTER = "77777777-7777-4777-8777-777777777777";

const row = (fields: Partial<CoverageRow>): CoverageRow => ({
  source_id: SOURCE_A,
  file_name: "notes.pdf",
  file_path: "org/topic/notes.pdf",
  source_url: null,
  body_lines: 40,
  tested_lines: 30,
  chunk_id: "c1",
  page_number: 3,
  line_start: 3,
  line_end: 5,
  excerpt: "Chlorophyll absorbs red and blue light.",
  chapter_id: CHAPTER,
  chapter_title: "Light reactions",
  ...fields,
});

/** A fully tested source: its one row has the run columns null. */
const fullyTested = (fields: Partial<CoverageRow>): CoverageRow =>
  row({
    chunk_id: null,
    page_number: null,
    line_start: null,
    line_end: null,
    excerpt: null,
    chapter_id: null,
    chapter_title: null,
    ...fields,
  });

describe("groupBySource", () => {
  it("keeps the sources and their runs in the rows' order", () => {
    const sources = groupBySource([
      row({ line_start: 3, line_end: 5 }),
      row({
        chunk_id: "c2",
        page_number: 4,
        line_start: 0,
        line_end: 1,
        chapter_id: null,
        chapter_title: null,
      }),
      fullyTested({
        source_id: SOURCE_B,
        file_path: null,
        source_url: "https://www.example.org/a",
        body_lines: 9,
        tested_lines: 9,
      }),
    ]);
    expect(
      sources.map((source) => [source.name, source.bodyLines, source.testedLines, source.runs.length]),
    ).toEqual([
      ["notes.pdf", 40, 30, 2],
      ["example.org", 9, 9, 0],
    ]);
    expect(sources[0]?.runs[1]).toEqual({
      chunkId: "c2",
      pageNumber: 4,
      lineStart: 0,
      lineEnd: 1,
      excerpt: "Chlorophyll absorbs red and blue light.",
      chapterId: null,
      chapterTitle: null,
    });
  });

  it.each([
    [{ file_path: "org/topic/notes.pdf", source_url: null, file_name: "other.pdf" }, "notes.pdf"],
    [{ file_path: null, source_url: "https://www.example.org/page" }, "example.org"],
    [{ file_path: null, source_url: "not a url" }, "Web"],
    [{ file_path: null, source_url: null, file_name: "My notes" }, "My notes"],
    [{ file_path: null, source_url: null, file_name: null }, "Pasted text"],
  ])("names a source %o %s", (fields, name) => {
    expect(groupBySource([row(fields)])[0]?.name).toBe(name);
  });

  it("returns nothing for no rows", () => {
    expect(groupBySource([])).toEqual([]);
  });
});

describe("the coverage words", () => {
  it.each([
    [{ bodyLines: 40, testedLines: 30 }, "30 of 40 lines tested (75 %)"],
    [{ bodyLines: 3, testedLines: 1 }, "1 of 3 lines tested (33 %)"],
    [{ bodyLines: 0, testedLines: 0 }, "0 of 0 lines tested (–)"],
  ])("%o reads %s", (source, sentence) => {
    expect(testedSentence(source)).toBe(sentence);
  });

  it.each([
    [{ pageNumber: 3, lineStart: 3, lineEnd: 5 }, "p.3 · Lines: 4-6"],
    [{ pageNumber: null, lineStart: 0, lineEnd: 0 }, "Lines: 1-1"],
  ])("%o is at %s", (run, range) => {
    expect(runRange(run)).toBe(range);
  });
});

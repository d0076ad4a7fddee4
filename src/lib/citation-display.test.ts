import { describe, expect, it } from "vitest";
import type { Citation } from "@/domain/citation.ts";
import { citationLabel, lineRangeText, numberedLines } from "./citation-display.ts";

const citation: Citation = {
  chunk_id: "c1",
  file_path: "entity/topic/rivers.pdf",
  page_number: 3,
  line_start: 4,
  line_end: 6,
  exactLines: ["first", "second", "third"],
  snippet: "first second",
  source_url: null,
};

describe("citation chip label", () => {
  it("is the file name plus the page", () => {
    expect(citationLabel(citation)).toBe("rivers.pdf p.3");
  });

  it("leaves out the page when there is none", () => {
    expect(citationLabel({ ...citation, page_number: null })).toBe("rivers.pdf");
  });

  it("falls back to the site host without www", () => {
    const web = {
      ...citation,
      file_path: null,
      page_number: null,
      source_url: "https://www.example.org/a/b",
    };
    expect(citationLabel(web)).toBe("example.org");
    expect(citationLabel({ ...web, source_url: "https://docs.example.org/x" })).toBe("docs.example.org");
  });

  it("falls back to Web, keeping the page", () => {
    expect(citationLabel({ ...citation, file_path: null, source_url: null })).toBe("Web p.3");
    expect(citationLabel({ ...citation, file_path: "", source_url: "not a url", page_number: null })).toBe(
      "Web",
    );
  });
});

describe("citation lines", () => {
  it("numbers the exact lines from line_start + 1", () => {
    expect(numberedLines(citation)).toEqual([
      { number: 5, text: "first" },
      { number: 6, text: "second" },
      { number: 7, text: "third" },
    ]);
  });

  it("shows the range one-based", () => {
    expect(lineRangeText(citation)).toBe("Lines: 5-7");
    expect(lineRangeText({ line_start: 0, line_end: 0 })).toBe("Lines: 1-1");
  });
});

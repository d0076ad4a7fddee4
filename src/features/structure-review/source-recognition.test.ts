import { describe, expect, it } from "vitest";
import type { Citation } from "@/domain/citation.ts";
import {
  citationRecognitionNotes,
  OCR_NOTE,
  pageList,
  type ReviewSource,
  sourceDisplayName,
  sourceRecognitionNotes,
} from "./source-recognition.ts";

function source(overrides: Partial<ReviewSource> = {}): ReviewSource {
  return {
    id: "s1",
    kind: "pdf",
    name: "scan.pdf",
    filePath: "e/t/scan.pdf",
    sourceUrl: null,
    status: "ingested",
    error: null,
    ocrPages: [],
    ocrLowConfidencePages: [],
    ...overrides,
  };
}

const HARD = "Check the cited lines against the original.";

describe("pageList", () => {
  it.each([
    [[], ""],
    [[3], "3"],
    [[3, 5], "3, 5"],
    [[5, 3], "3, 5"],
    [[3, 4], "3, 4"],
    [[3, 4, 5], "3–5"],
    [[1, 2, 3, 7, 9, 10, 11, 12], "1–3, 7, 9–12"],
    [[2, 2, 3], "2, 3"],
  ])("writes %j as %s", (pages, expected) => {
    expect(pageList(pages)).toBe(expected);
  });
});

describe("sourceRecognitionNotes", () => {
  it.each<[string, Partial<ReviewSource>, string[]]>([
    ["text read as text", {}, []],
    ["a scanned page", { ocrPages: [1] }, [`${OCR_NOTE}: p. 1`]],
    [
      "scanned pages, two hard to read",
      { ocrPages: [2, 3, 5], ocrLowConfidencePages: [3, 5] },
      [`${OCR_NOTE}: p. 2, 3, 5`, `Some pages were hard to read: p. 3, 5. ${HARD}`],
    ],
    ["a photo", { kind: "image", ocrPages: [1] }, [OCR_NOTE]],
    [
      "a photo hard to read",
      { kind: "image", ocrPages: [1], ocrLowConfidencePages: [1] },
      [OCR_NOTE, `The image was hard to read. ${HARD}`],
    ],
  ])("%s", (_, overrides, expected) => {
    expect(sourceRecognitionNotes(source(overrides))).toEqual(expected);
  });
});

describe("citationRecognitionNotes", () => {
  const scan = source({ ocrPages: [2, 3], ocrLowConfidencePages: [3] });
  const photo = source({
    id: "s2",
    kind: "image",
    name: "board.jpg",
    filePath: "e/t/board.jpg",
    ocrPages: [1],
    ocrLowConfidencePages: [1],
  });
  const web = source({ id: "s3", kind: "url", filePath: null, sourceUrl: "https://example.org/a" });
  const cite = (overrides: Partial<Citation>) => ({
    file_path: "e/t/scan.pdf",
    source_url: null,
    page_number: 1,
    ...overrides,
  });

  it.each<[string, Partial<Citation>, string[]]>([
    ["a page read as text", { page_number: 1 }, []],
    ["a recognised page", { page_number: 2 }, [OCR_NOTE]],
    ["a page hard to read", { page_number: 3 }, [OCR_NOTE, `Page 3 was hard to read. ${HARD}`]],
    [
      "a photo, unpaged",
      { file_path: "e/t/board.jpg", page_number: null },
      [OCR_NOTE, `The image was hard to read. ${HARD}`],
    ],
    ["another file", { file_path: "e/t/other.pdf", page_number: 2 }, []],
    ["a web page", { file_path: null, source_url: "https://example.org/a", page_number: null }, []],
    ["pasted text", { file_path: null, source_url: null, page_number: null }, []],
  ])("%s", (_, overrides, expected) => {
    expect(citationRecognitionNotes(cite(overrides), [scan, photo, web])).toEqual(expected);
  });
});

describe("sourceDisplayName", () => {
  it.each<[Partial<ReviewSource>, string]>([
    [{ name: "scan.pdf" }, "scan.pdf"],
    [{ kind: "url", name: "https://example.org/a" }, "https://example.org/a"],
    [{ kind: "pasted", name: null }, "Pasted text"],
  ])("%j is %s", (overrides, expected) => {
    expect(sourceDisplayName(source(overrides))).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { sourceFileProblem } from "./source-files";
import {
  formatLimitBytes,
  limitReason,
  SOURCE_LIMITS,
  type SourceLimits,
  sourceLimitsHint,
} from "./source-limits";

const MB = 1024 * 1024;

describe("SOURCE_LIMITS", () => {
  it("lets a 1,000-page textbook through: pages, text (4,000 characters a page) and size", () => {
    expect(SOURCE_LIMITS.pages).toBeGreaterThanOrEqual(1_000);
    expect(SOURCE_LIMITS.characters).toBeGreaterThanOrEqual(1_000 * 4_000);
    expect(SOURCE_LIMITS.bytes.pdf).toBeGreaterThanOrEqual(20 * MB);
  });

  it("stops what took the local stack down: 5,000 pages, gigabytes unpacked", () => {
    expect(SOURCE_LIMITS.pages).toBeLessThan(5_000);
    expect(SOURCE_LIMITS.unzippedBytes).toBeLessThan(1024 * MB);
    expect(SOURCE_LIMITS.memoryMb).toBeLessThan(2_048);
  });

  it("reads text files whole, so their size stays within the characters limit", () => {
    expect(SOURCE_LIMITS.bytes.text).toBeLessThanOrEqual(SOURCE_LIMITS.characters);
    expect(SOURCE_LIMITS.bytes.markdown).toBeLessThanOrEqual(SOURCE_LIMITS.characters);
  });
});

describe("limitReason", () => {
  it.each([
    ["bytes", "pdf", "is too large to read: more than 50 MB"],
    ["bytes", "markdown", "is too large to read: more than 8 MB"],
    ["bytes", "pasted", "is too large to read: more than 8 MB"],
    ["pages", "pdf", "is too large to read: more than 2,000 pages"],
    ["pages", "pptx", "is too large to read: more than 2,000 slides"],
    ["characters", "docx", "is too large to read: more than 10,000,000 characters of text"],
    ["unzippedBytes", "docx", "is too large to read: its parts unpack to more than 256 MB"],
    ["seconds", "pdf", "took longer than 120 s to read"],
    ["memoryMb", "pdf", "needs more memory than allowed to read (1,024 MB)"],
  ] as const)("%s of a %s: %s", (limit, kind, reason) => {
    expect(limitReason(limit, kind)).toBe(reason);
  });

  it("names the limits it was given", () => {
    const tight: SourceLimits = { ...SOURCE_LIMITS, pages: 10, seconds: 2 };
    expect(limitReason("pages", "pdf", tight)).toBe("is too large to read: more than 10 pages");
    expect(limitReason("seconds", "pdf", tight)).toBe("took longer than 2 s to read");
  });
});

describe("formatLimitBytes", () => {
  it.each([
    [50 * MB, "50 MB"],
    [1024 * MB, "1,024 MB"],
    [512 * 1024, "512 KB"],
  ])("%d bytes read as %s", (bytes, text) => {
    expect(formatLimitBytes(bytes)).toBe(text);
  });
});

describe("the limits before upload", () => {
  it("hint at each kind's size and the page limit, kinds with one limit named together", () => {
    expect(sourceLimitsHint()).toBe(
      "PDF, Word (.docx) or PowerPoint (.pptx) up to 50 MB each; photos of pages (PNG, JPEG) up to 20 MB " +
        "each; Markdown or text up to 8 MB each. At most 2,000 pages or slides per file.",
    );
  });

  it.each([
    ["book.pdf", 50 * MB, null],
    ["book.pdf", 50 * MB + 1, "book.pdf is larger than 50 MB."],
    ["notes.md", 8 * MB, null],
    ["notes.md", 8 * MB + 1, "notes.md is larger than 8 MB."],
    ["notes.txt", 20 * MB, "notes.txt is larger than 8 MB."],
    ["slides.pptx", 51 * MB, "slides.pptx is larger than 50 MB."],
  ])("refuse %s of %d bytes as the kind's limit says", (name, size, problem) => {
    expect(sourceFileProblem({ name, type: "", size })).toBe(problem);
  });
});

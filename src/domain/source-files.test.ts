import { describe, expect, it } from "vitest";
import {
  MAX_SOURCE_BYTES,
  MAX_WEB_SOURCES,
  safeObjectName,
  sourceFileProblem,
  sourceKindOf,
  topicObjectPath,
  uniqueObjectNames,
  webSourceUrls,
} from "./source-files";

describe("sourceKindOf", () => {
  it.each([
    ["notes.PDF", "", "pdf"],
    ["essay.docx", "", "docx"],
    ["Lecture 3.PPTX", "", "pptx"],
    ["noextension", "application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"],
    ["readme.md", "", "markdown"],
    ["readme.markdown", "", "markdown"],
    ["plain.txt", "", "text"],
    ["page 12.JPG", "", "image"],
    ["whiteboard.jpeg", "", "image"],
    ["scan.png", "", "image"],
    ["noextension", "image/jpeg", "image"],
    ["noextension", "application/pdf", "pdf"],
    ["noextension", "text/plain", "text"],
  ])("%s (%s) is %s", (name, type, kind) => {
    expect(sourceKindOf(name, type)).toBe(kind);
  });

  it("refuses what generation cannot read", () => {
    expect(sourceKindOf("photo.heic", "image/heic")).toBeNull();
    expect(sourceKindOf("old.doc", "application/msword")).toBeNull();
  });
});

describe("sourceFileProblem", () => {
  it("accepts a readable, non-empty file within the limit", () => {
    expect(sourceFileProblem({ name: "a.pdf", type: "application/pdf", size: 1000 })).toBeNull();
  });

  it("names the problem", () => {
    expect(sourceFileProblem({ name: "a.mp4", type: "video/mp4", size: 10 })).toMatch(/only PDF/);
    expect(sourceFileProblem({ name: "a.pdf", type: "", size: 0 })).toBe("a.pdf is empty.");
    expect(sourceFileProblem({ name: "a.pdf", type: "", size: MAX_SOURCE_BYTES + 1 })).toMatch(/50 MB/);
  });
});

describe("object names and paths", () => {
  it("keeps safe names and folds the rest", () => {
    expect(safeObjectName("lecture-1_notes.pdf")).toBe("lecture-1_notes.pdf");
    expect(safeObjectName("Hoofdstuk één (v2).PDF")).toBe("Hoofdstuk-een-v2.pdf");
    expect(safeObjectName("../../etc/passwd")).toBe("passwd");
    expect(safeObjectName("C:\\Users\\ada\\notes.md")).toBe("notes.md");
    expect(safeObjectName("???.txt")).toBe("file.txt");
  });

  it("makes repeated names unique", () => {
    expect(uniqueObjectNames(["a.pdf", "a.pdf", "b.pdf", "a.pdf"])).toEqual([
      "a.pdf",
      "2-a.pdf",
      "b.pdf",
      "3-a.pdf",
    ]);
  });

  it("builds <entity_id>/<topic_id>/<file>", () => {
    expect(topicObjectPath("e1", "t1", "a.pdf")).toBe("e1/t1/a.pdf");
  });
});

describe("webSourceUrls", () => {
  it.each([
    ["", [], null],
    [
      "https://example.org/a\n\n  http://example.net/b  ",
      ["https://example.org/a", "http://example.net/b"],
      null,
    ],
    ["https://example.org/a\nhttps://example.org/a", ["https://example.org/a"], null],
    ["https://EXAMPLE.org", ["https://example.org/"], null],
    ["example.org/a", [], "example.org/a is not a web address; it must start with https:// or http://."],
    ["javascript:alert(1)", [], /javascript:alert\(1\) is not a web address/],
    ["file:///etc/passwd", [], /is not a web address/],
    ["https://exa mple.org", [], /is not a web address/],
  ])("%j", (text, urls, problem) => {
    const result = webSourceUrls(text);
    expect(result.urls).toEqual(urls);
    if (problem === null) expect(result.problem).toBeNull();
    else expect(result.problem).toMatch(problem);
  });

  it("caps the number of pages", () => {
    const text = Array.from(
      { length: MAX_WEB_SOURCES + 1 },
      (_, index) => `https://example.org/${index}`,
    ).join("\n");
    expect(webSourceUrls(text).problem).toMatch(/At most 10 web pages/);
  });
});

import { describe, expect, it } from "vitest";
import {
  MAX_SOURCE_BYTES,
  safeObjectName,
  sourceFileProblem,
  sourceKindOf,
  topicObjectPath,
  uniqueObjectNames,
} from "./source-files";

describe("sourceKindOf", () => {
  it.each([
    ["notes.PDF", "", "pdf"],
    ["essay.docx", "", "docx"],
    ["readme.md", "", "markdown"],
    ["readme.markdown", "", "markdown"],
    ["plain.txt", "", "text"],
    ["noextension", "application/pdf", "pdf"],
    ["noextension", "text/plain", "text"],
  ])("%s (%s) is %s", (name, type, kind) => {
    expect(sourceKindOf(name, type)).toBe(kind);
  });

  it("refuses what generation cannot read", () => {
    expect(sourceKindOf("photo.jpg", "image/jpeg")).toBeNull();
    expect(sourceKindOf("old.doc", "application/msword")).toBeNull();
  });
});

describe("sourceFileProblem", () => {
  it("accepts a readable, non-empty file within the limit", () => {
    expect(sourceFileProblem({ name: "a.pdf", type: "application/pdf", size: 1000 })).toBeNull();
  });

  it("names the problem", () => {
    expect(sourceFileProblem({ name: "a.png", type: "image/png", size: 10 })).toMatch(/only PDF/);
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

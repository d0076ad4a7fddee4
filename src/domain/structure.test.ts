import { describe, expect, it } from "vitest";
import { citationKey, uniqueCitations } from "./citation.ts";
import { structureCitations, structureSchema } from "./structure.ts";

const citation = {
  chunk_id: "c1",
  file_path: "e/t/a.pdf",
  page_number: 1,
  line_start: 0,
  line_end: 1,
  exactLines: ["a", "b"],
  snippet: "a",
  source_url: null,
};

describe("structure and citations", () => {
  it("accepts docs/product.md §3's structure shape and lists its citations in order", () => {
    const structure = structureSchema.parse({
      title: "T",
      description: "",
      sections: [
        {
          section_id: "s1",
          title: "S",
          description: "",
          subtopics: [
            { subtopic_id: "s1-1", title: "A", description: "", key_points: ["k"], citations: [citation] },
          ],
        },
      ],
    });
    expect(structureCitations(structure)).toEqual([citation]);
  });

  it("refuses citations with negative lines, a zero page or missing exact lines", () => {
    const subtopic = (c: object) => ({
      subtopic_id: "x",
      title: "X",
      description: "",
      key_points: [],
      citations: [c],
    });
    const parse = (c: object) =>
      structureSchema.safeParse({
        title: "T",
        description: "",
        sections: [{ section_id: "s", title: "S", description: "", subtopics: [subtopic(c)] }],
      });
    expect(parse({ ...citation, line_start: -1 }).success).toBe(false);
    expect(parse({ ...citation, page_number: 0 }).success).toBe(false);
    const { exactLines: _, ...withoutLines } = citation;
    expect(parse(withoutLines).success).toBe(false);
  });

  it("counts the same cited range once", () => {
    expect(citationKey(citation)).toBe("c1:0-1");
    expect(
      uniqueCitations([citation, { ...citation, snippet: "b" }, { ...citation, line_end: 0 }]),
    ).toHaveLength(2);
  });
});

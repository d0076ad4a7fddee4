import { describe, expect, it } from "vitest";
import { frontMatterLineKind, isAuthorBlock, markFrontMatter } from "./front-matter.ts";
import { emptyLayout } from "./layout.ts";

describe("frontMatterLineKind", () => {
  it.each([
    ["Greg Wilson1,, Jennifer Bryan2,, Karen Cranston3,, Tracy K. Teal6,", "names"],
    ["Jan de Vries en Anna van der Berg", "names"],
    ["Anna Smit*", "names"],
    // A byline, however many authors it names.
    [
      "by Jan de Vries, Anna van der Berg, Pieter Jansen, Els Bakker, Sanne Visser, Thomas Smit and Fleur Mulder",
      "names",
    ],
    ["door Jan de Vries en Anna van der Berg", "names"],
    ["1 Software Carpentry Foundation / gvwilson@software-carpentry.org", "email"],
    ["ORCID 0000-0002-1825-0097", "email"],
    ["2 RStudio, University of British Columbia", "affiliation"],
    ["Faculteit der Geesteswetenschappen, Universiteit Leiden", "affiliation"],
    ["These authors contributed equally to this work.", "note"],
    ["* Corresponding author", "note"],
    // Prose, titles and lists of things are none of these.
    ["Good Enough Practices for Scientific Computing", null],
    ["Rivers, Lakes and Seas", null],
    ["by Rivers, Lakes and Seas", null],
    ["by the end of the war, factories, mines and railways had changed the country", null],
    ["The university was founded in 1575 and soon had students from all over Europe.", null],
    ["Mail your questions to the teacher, whose address is on the course page, before Friday.", null],
  ])("“%s” is %s", (line, kind) => {
    expect(frontMatterLineKind(line)).toBe(kind);
  });
});

describe("isAuthorBlock", () => {
  it.each([
    [["Greg Wilson1, Jennifer Bryan2", "1 University of Oslo / lex@uio.no", "2 Duke University"], true],
    [
      ["Greg Wilson, Jennifer Bryan", "They wrote this paper over many months with the help of others."],
      true,
    ],
    [["These authors contributed equally to this work."], false],
    [["We present a set of computing tools.", "Greg Wilson", "It helps researchers."], false],
  ])("%j is an author block: %s", (lines, expected) => {
    expect(isAuthorBlock(lines)).toBe(expected);
  });
});

describe("markFrontMatter", () => {
  it("marks the author block between the title and the first section, nothing after it", () => {
    const lines = [
      "Rivers",
      "",
      "Anna Smit1 and Jan de Vries2",
      "1 Universiteit Utrecht / a.smit@uu.nl",
      "",
      "Introduction",
      "",
      "Anna Smit and Jan de Vries",
    ];
    const layout = emptyLayout();
    layout.headings.set(0, { level: 1, end: 0 });
    layout.headings.set(5, { level: 2, end: 5 });
    markFrontMatter(lines, layout);
    expect([...layout.furniture]).toEqual([2, 3]);
  });
});

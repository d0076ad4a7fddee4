import { describe, expect, it } from "vitest";
import { emptyLayout, type PageLayout } from "./layout.ts";
import {
  markBackMatter,
  markNoticeSections,
  markReferenceRuns,
  markReferenceSections,
} from "./reference-sections.ts";

/** A page of lines; `headings` maps a line to its level. */
function page(lines: string[], headings: Record<number, number>) {
  const layout: PageLayout = emptyLayout();
  for (const [line, level] of Object.entries(headings))
    layout.headings.set(Number(line), { level, end: Number(line) });
  return { lines, layout };
}

const ENTRIES = [
  "Raven, P. H., Evert, R. F. (2005). Biology of Plants. New York: Freeman.",
  "Jansen, P. (2010). De Hollandse waterlinie. Leiden: Sidestone Press.",
];

describe("reference sections", () => {
  it.each([
    {
      name: "a References heading and its entries, across a page break, until the next section",
      pages: [
        page(["Seeds lie bare on the scales.", "References", ENTRIES[0] as string], { 1: 1 }),
        page([ENTRIES[1] as string, "Appendix", "A table of sizes follows."], { 1: 1 }),
      ],
      roles: [[1, 2], [0]],
      headings: [[], [1]],
    },
    {
      name: "a numbered Dutch heading with a continued entry",
      pages: [page(["5. Literatuur", ENTRIES[1] as string, "en verder gelezen op p. 12."], { 0: 2 })],
      roles: [[0, 1, 2]],
      headings: [[]],
    },
    {
      name: "no list under a Bronnen heading that introduces prose",
      pages: [
        page(["Bronnen", "Water komt uit bronnen in de bergen.", "Daar ontspringen rivieren."], { 0: 2 }),
      ],
      roles: [[]],
      headings: [[0]],
    },
  ])("$name", ({ pages, roles, headings }) => {
    markReferenceSections(pages);
    expect(pages.map(({ layout }) => [...layout.roles.keys()].sort((a, b) => a - b))).toEqual(roles);
    expect(pages.map(({ layout }) => [...layout.headings.keys()])).toEqual(headings);
  });
});

describe("markNoticeSections", () => {
  it("makes a paper's declarations furniture, each up to the next heading of its level", () => {
    const pages = [
      page(
        [
          "5 Conclusion",
          "Open practices need support.",
          "Code and data availability.",
          "The data and the code are available under this link.",
          "Competing interests.",
          "The author works as an Open Science Officer at ITC.",
          "References",
        ],
        { 0: 1, 2: 2, 4: 2, 6: 1 },
      ),
    ];
    markNoticeSections(pages);
    const layout = pages[0]?.layout ?? emptyLayout();
    expect([...layout.furniture].sort((a, b) => a - b)).toEqual([2, 3, 4, 5]);
    expect([...layout.headings.keys()]).toEqual([0, 6]);
  });

  it("ends a declaration at the reference list's heading, which stays the list's", () => {
    const pages = [
      page(["Competing interests.", "The author works at ITC.", "References", ...ENTRIES], { 0: 3, 2: 1 }),
    ];
    markBackMatter(pages);
    const layout = pages[0]?.layout ?? emptyLayout();
    expect([...layout.furniture].sort((a, b) => a - b)).toEqual([0, 1]);
    expect([...layout.roles.keys()].sort((a, b) => a - b)).toEqual([2, 3, 4]);
  });
});

describe("markReferenceRuns", () => {
  const entries = [
    "P. S. Abril and R. Plant, “The patent holder’s dilemma: Buy, sell, or troll?”",
    "Communications of the ACM, vol. 50, no. 1, pp. 36–44, Jan. 2007.",
    "[2] S. Cohen, W. Nutt, and Y. Sagic, “Deciding equivalences,” J. ACM,",
    "vol. 54, no. 2, Apr. 2007.",
    "[3] J. Cohen, Ed., Special issue: Digital Libraries, vol. 39, no. 11, Nov. 1996.",
    "[4] D. Kosiur, Understanding Policy-Based Networking, 2nd ed. New York,",
    "NY: Wiley, 2001.",
  ];
  it.each<[string, string[], number[]]>([
    [
      "a numbered list after the body, its heading missed",
      ["Body text ends here.", "REFERENCES", ...entries],
      [1, 2, 3, 4, 5, 6, 7, 8],
    ],
    [
      "two entries are not a list",
      ["Body text.", entries[4] as string, "[5] A. Author, Title, pp. 1–9, 2001.", "Then the prose goes on."],
      [],
    ],
    [
      "prose that cites authors",
      ["A. Smith and B. Jones showed this in their study.", "It held for every case."],
      [],
    ],
  ])("%s", (_, lines, expected) => {
    const layout = emptyLayout();
    markReferenceRuns([{ lines, layout }]);
    expect([...layout.roles].filter(([, role]) => role === "reference").map(([line]) => line)).toEqual(
      expected,
    );
  });
});

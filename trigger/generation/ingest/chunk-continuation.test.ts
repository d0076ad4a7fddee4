import { describe, expect, it } from "vitest";
import { pageRunOn, type ReadPage } from "./chunk-continuation.ts";
import { markPageRunOns, type SourcePage } from "./extract.ts";
import { emptyLayout, type LineRole } from "./layout.ts";

interface PageSpec {
  lines: string[];
  headings?: number[];
  paragraphs?: number[];
  furniture?: number[];
  roles?: Record<number, LineRole>;
}

function page(spec: PageSpec): ReadPage {
  const layout = emptyLayout();
  for (const line of spec.headings ?? []) layout.headings.set(line, { level: 2, end: line });
  for (const line of spec.paragraphs ?? []) layout.paragraphs.add(line);
  for (const line of spec.furniture ?? []) layout.furniture.add(line);
  for (const [line, role] of Object.entries(spec.roles ?? {})) layout.roles.set(Number(line), role);
  return { lines: spec.lines, layout };
}

const BODY_END = "The gymnosperms and angiosperms together";
const BODY_START = "form the seed plants of the world.";

describe("a sentence cut by a page break", () => {
  it.each<{ name: string; before: PageSpec; after: PageSpec; runOn: ReturnType<typeof pageRunOn> }>([
    {
      name: "runs on when the page ends mid-sentence and the next opens no paragraph",
      before: { lines: ["Seeds.", BODY_END] },
      after: { lines: [BODY_START] },
      runOn: { from: 1, to: 0 },
    },
    {
      name: "does not run on after a full stop",
      before: { lines: ["Seed plants are old."] },
      after: { lines: [BODY_START] },
      runOn: null,
    },
    {
      name: "does not run on after a question mark in quotes",
      before: { lines: ['He asked "why?"'] },
      after: { lines: [BODY_START] },
      runOn: null,
    },
    {
      name: "does not run on after a colon before a list",
      before: { lines: ["Seed plants come in two kinds:"] },
      after: { lines: ["gymnosperms and angiosperms"] },
      runOn: null,
    },
    {
      name: "does not run on from a heading at the page end",
      before: { lines: ["Seeds.", "4.1 Gymnosperms"], headings: [1] },
      after: { lines: [BODY_START] },
      runOn: null,
    },
    {
      name: "does not run on into a heading at the page top",
      before: { lines: [BODY_END] },
      after: { lines: ["4.2 Angiosperms", BODY_START], headings: [0] },
      runOn: null,
    },
    {
      name: "does not run on into a paragraph the next page opens (an indent)",
      before: { lines: [BODY_END] },
      after: { lines: [BODY_START], paragraphs: [0] },
      runOn: null,
    },
    {
      name: "does not run on into a list item",
      before: { lines: [BODY_END] },
      after: { lines: ["• form the seed plants"], roles: { 0: "list" } },
      runOn: null,
    },
    {
      name: "a list item wrapped over the page break runs on",
      before: { lines: ["• gymnosperms and angiosperms"], roles: { 0: "list" } },
      after: { lines: ["together"], roles: { 0: "list" } },
      runOn: { from: 0, to: 0 },
    },
    {
      name: "does not run on from a table row",
      before: { lines: ["Pine | 12 | needles"], roles: { 0: "table" } },
      after: { lines: [BODY_START] },
      runOn: null,
    },
    {
      name: "does not run on into a reference entry",
      before: { lines: [BODY_END] },
      after: { lines: ["[1] Smith, J. Seeds. 2010"], roles: { 0: "reference" } },
      runOn: null,
    },
    {
      name: "steps over the page number and running head",
      before: { lines: [BODY_END, "12"], furniture: [1] },
      after: { lines: ["4.1 GYMNOSPERMS 13", BODY_START], furniture: [0] },
      runOn: { from: 0, to: 1 },
    },
    {
      name: "steps over footnotes at the foot of the page",
      before: { lines: [BODY_END, "1 See the appendix for the"], roles: { 1: "footnote" } },
      after: { lines: [BODY_START] },
      runOn: { from: 0, to: 0 },
    },
    {
      name: "a footnote is never what runs on, though it ends mid-phrase",
      before: { lines: ["Seed plants are old.", "1 See the appendix for the"], roles: { 1: "footnote" } },
      after: { lines: [BODY_START] },
      runOn: null,
    },
    {
      name: "steps over a caption at the top of the next page",
      before: { lines: [BODY_END] },
      after: { lines: ["Figure 4.3: Pine young ovulate cone", BODY_START], roles: { 0: "caption" } },
      runOn: { from: 0, to: 1 },
    },
    {
      name: "a caption at the page end is never what runs on",
      before: { lines: ["Seed plants are old.", "Figure 4.3: Pine young ovulate"], roles: { 1: "caption" } },
      after: { lines: [BODY_START] },
      runOn: null,
    },
    {
      name: "joins a word hyphenated at the page end without its hyphen",
      before: { lines: ["The gymnosperms and angiosperms together com-"] },
      after: { lines: ["prise the seed plants."] },
      runOn: { from: 0, to: 0, hyphen: false },
    },
    {
      name: "keeps the hyphen of a compound broken at the page end",
      before: { lines: ["It is a well-"] },
      after: { lines: ["known plant."] },
      runOn: { from: 0, to: 0, hyphen: true },
    },
    {
      name: "an empty page runs nothing on",
      before: { lines: [] },
      after: { lines: [BODY_START] },
      runOn: null,
    },
  ])("$name", ({ before, after, runOn }) => {
    expect(pageRunOn(page(before), page(after), "en", new Set())).toEqual(runOn);
  });
});

describe("pages as extracted", () => {
  it("marks each run-on, and makes every other page's first line a paragraph start", () => {
    const pages: SourcePage[] = [BODY_END, BODY_START, "Seed plants are old.", "4.2 Angiosperms"].map(
      (line, index) => ({ page_number: index + 1, lines: [line], layout: emptyLayout() }),
    );
    pages[3]?.layout?.headings.set(0, { level: 2, end: 0 });
    markPageRunOns(pages, "en", new Set());
    expect(pages.map((item) => item.runsOn ?? null)).toEqual([{ from: 0, to: 0 }, null, null, null]);
    // A heading opens its own block already; it is no paragraph start.
    expect(pages.map((item) => [...(item.layout?.paragraphs ?? [])])).toEqual([[], [], [0], []]);
  });
});

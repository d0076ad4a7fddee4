import { describe, expect, it } from "vitest";
import { type CitedActivity, compareCitedText, type StoredCitation } from "./source-changes.ts";

const SOURCE = "source-1";

/** One chunk per paragraph, numbered from line 0, as ingestion would cut a small text. */
function chunksOf(paragraphs: string[][], prefix: string) {
  let line = 0;
  return paragraphs.map((lines, index) => {
    const chunk = {
      id: `${prefix}-${index}`,
      source_id: SOURCE,
      page_number: null,
      line_start: line,
      line_end: line + lines.length - 1,
      content: lines.join("\n"),
    };
    line += lines.length;
    return chunk;
  });
}

const ORIGINAL = [
  ["Ink dries by absorption", "into the paper."],
  ["Presses apply even force", "across the sheet."],
  ["Type is set by hand."],
];

function question(id: string, exactLines: string[], chunkId: string) {
  return {
    id,
    citations: [{ chunk_id: chunkId, exactLines, snippet: exactLines.join(" "), line_start: 0, line_end: 0 }],
  };
}

const activities: CitedActivity[] = [
  {
    id: "mastery",
    kind: "mastery",
    payload: {
      questions: [
        question("q-ink", ORIGINAL[0] as string[], "old-0"),
        question("q-press", ORIGINAL[1] as string[], "old-1"),
      ],
    },
  },
  { id: "overview", kind: "overview", payload: { slides: [], objectives: [] } },
];

/** The overview cites the second paragraph's lines 2..3 of chunk old-1. */
const citations: StoredCitation[] = [
  { id: 1, activity_id: "overview", chunk_id: "old-1", line_start: 2, line_end: 3, snippet: "even force" },
];

const cases: Array<{ name: string; after: string[][]; stale: string[]; overviewStale: boolean }> = [
  { name: "nothing changed", after: ORIGINAL, stale: [], overviewStale: false },
  {
    name: "a paragraph inserted above shifts every line and changes nothing cited",
    after: [["A new opening paragraph."], ...ORIGINAL],
    stale: [],
    overviewStale: false,
  },
  {
    name: "lines re-wrapped differently are the same text",
    after: [["Ink dries by", "absorption into the paper."], ORIGINAL[1] as string[], ORIGINAL[2] as string[]],
    stale: [],
    overviewStale: false,
  },
  {
    name: "one paragraph rewritten marks only what cites it",
    after: [["Ink dries by evaporation", "into the air."], ORIGINAL[1] as string[], ORIGINAL[2] as string[]],
    stale: ["q-ink"],
    overviewStale: false,
  },
  {
    name: "a removed paragraph marks its question and the overview citing it",
    after: [ORIGINAL[0] as string[], ORIGINAL[2] as string[]],
    stale: ["q-press"],
    overviewStale: true,
  },
  { name: "a removed source marks everything", after: [], stale: ["q-ink", "q-press"], overviewStale: true },
];

describe("compareCitedText", () => {
  it.each(cases)("$name", ({ after, stale, overviewStale }) => {
    const changes = compareCitedText({
      before: chunksOf(ORIGINAL, "old"),
      after: chunksOf(after, "new"),
      activities,
      citations,
    });
    const mastery = changes.stale.find((mark) => mark.activity_id === "mastery");
    expect(mastery?.item_ids ?? []).toEqual(stale);
    expect(mastery?.citations_changed ?? false).toBe(false);
    expect(changes.stale.some((mark) => mark.activity_id === "overview" && mark.citations_changed)).toBe(
      overviewStale,
    );
  });

  it("points a citation whose text moved at its new lines", () => {
    const changes = compareCitedText({
      before: chunksOf(ORIGINAL, "old"),
      after: chunksOf([["A new opening paragraph."], ...ORIGINAL], "new"),
      activities,
      citations,
    });
    expect(changes.relinks).toEqual([{ id: 1, chunk_id: "new-2", line_start: 3, line_end: 4 }]);
  });

  it("leaves a citation whose text and lines are unchanged alone", () => {
    const same = chunksOf(ORIGINAL, "old");
    const changes = compareCitedText({ before: same, after: same, activities, citations });
    expect(changes.relinks).toEqual([]);
  });

  it("marks a study block's changed text as the activity's own", () => {
    const { citations: blockCitations } = question("unused", ["Type is set by hand."], "old-2");
    const study: CitedActivity = {
      id: "study",
      kind: "study",
      payload: { blocks: [{ type: "text", content: "Type", citations: blockCitations }] },
    };
    const changes = compareCitedText({
      before: chunksOf(ORIGINAL, "old"),
      after: chunksOf([ORIGINAL[0] as string[], ["Type is set by machine."]], "new"),
      activities: [study],
      citations: [],
    });
    expect(changes.stale).toEqual([{ activity_id: "study", item_ids: [], citations_changed: true }]);
  });
});

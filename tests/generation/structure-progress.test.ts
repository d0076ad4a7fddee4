import { afterAll, describe, expect, it } from "vitest";
import { scannedHandoutPdf } from "../../trigger/generation/fixtures/scanned-pdf.ts";
import { runStructureGeneration } from "../../trigger/generation/index.ts";
import {
  PROGRESS_WRITE_INTERVAL_MS,
  STRUCTURE_BANDS,
} from "../../trigger/generation/pipelines/structure-progress.ts";
import { GenerationWorld } from "./support.ts";

/**
 * Issue 24: a topic with one long source sat at 5 % while it was read and structured. Its one source
 * here is a scanned handout (a text page, then pictures of pages that are recognised, about two seconds
 * each), so the reading takes long enough for the bar to move within it at one write a second.
 */

const world = new GenerationWorld();
afterAll(() => world.close());

async function progressOnRow(topicId: string): Promise<number | undefined> {
  const { rows } = await world.db.query<{ processing_progress: number }>(
    "select processing_progress from public.topics where id = $1",
    [topicId],
  );
  return rows[0]?.processing_progress;
}

describe("structure progress of a one-source topic", () => {
  it("moves through several increasing values while its multi-page PDF is read, then reaches 100", async () => {
    const { bytes } = await scannedHandoutPdf(3);
    const topic = await world.topic(
      [
        {
          input: { id: "handout", kind: "pdf", file_name: "handout.pdf", file_path: null, content: bytes },
          lines: new Map(),
          language: "en",
        },
      ],
      { title: "The water cycle" },
    );
    const reported: Array<{ pct: number; at: number; onRow: number | undefined }> = [];
    const output = await runStructureGeneration(world.service, { topicId: topic.topicId }, async (pct) => {
      reported.push({ pct, at: Date.now(), onRow: await progressOnRow(topic.topicId) });
    });

    expect(output.status).toBe("generated");
    const values = reported.map((entry) => entry.pct);
    expect(values[0]).toBe(1);
    expect(values.at(-1)).toBe(100);
    for (const [index, value] of values.entries())
      if (index > 0) expect(value).toBeGreaterThan(values[index - 1] ?? 0);
    const [readingFrom, readingTo] = STRUCTURE_BANDS.reading;
    const withinTheSource = values.filter((value) => value > readingFrom && value < readingTo);
    expect(withinTheSource.length, `progress written: ${values.join(", ")}`).toBeGreaterThanOrEqual(3);
    // What the topic page polls is what the run reported, each value on the row as it was reported.
    for (const entry of reported.slice(0, -1)) expect(entry.onRow).toBe(entry.pct);
    expect(await progressOnRow(topic.topicId)).toBe(100);
    // At most about one write a second (the exact spacing is throttledProgress's unit test): the writes,
    // less the first and the final state, fit in the run's whole seconds.
    const seconds = ((reported.at(-1)?.at ?? 0) - (reported[0]?.at ?? 0)) / PROGRESS_WRITE_INTERVAL_MS;
    expect(reported.length - 2).toBeLessThanOrEqual(Math.ceil(seconds));
  }, 120_000);
});

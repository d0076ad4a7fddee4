import { describe, expect, it } from "vitest";
import { SOURCE_LIMITS, type SourceLimits } from "../../../src/domain/source-limits.ts";
import { inflatingPdf, manyPagesPdf, zipBombDocx } from "../fixtures/hostile-files.ts";
import { scannedHandoutPdf } from "../fixtures/scanned-pdf.ts";
import { englishPdf } from "../fixtures/sources.ts";
import { ingestSource, type SourceInput, SourceReadError } from "./index.ts";
import { ingestIsolated } from "./isolate.ts";
import type { ReadStep } from "./read-progress.ts";

/**
 * Reading in a child process: a hostile file ends in its own SourceReadError within the time and memory
 * limits, while this process (standing in for the task worker) keeps its memory and keeps running.
 * A child's start costs a second or more (tsx compiles the reader), so tight limits keep each test short.
 */

function source(file_name: string, kind: SourceInput["kind"], content: Uint8Array): SourceInput {
  return { id: "source", kind, file_name, file_path: null, content };
}

/** The reading's outcome, with how long it took, this process's peak memory and longest stall. */
async function watched(input: SourceInput, limits: SourceLimits) {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let longestStallMs = 0;
  let last = Date.now();
  const probe = setInterval(() => {
    const now = Date.now();
    longestStallMs = Math.max(longestStallMs, now - last);
    last = now;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const started = Date.now();
  const error = await ingestIsolated(input, { limits }).then(
    () => null,
    (caught: unknown) => caught,
  );
  clearInterval(probe);
  return { error, ms: Date.now() - started, growthMb: (peakRss - startRss) / 2 ** 20, longestStallMs };
}

describe("ingestIsolated", () => {
  it("reads a real source in the child exactly as in this process", async () => {
    const fixture = await englishPdf();
    expect(await ingestIsolated(fixture.input)).toEqual(await ingestSource(fixture.input));
  });

  it.each([
    ["a PDF whose one stream inflates to 2 GB", () => source("bomb.pdf", "pdf", inflatingPdf(2_048))],
    [
      "a Word document whose document.xml inflates to 1 GB while its zip claims 1 KB",
      () => source("bomb.docx", "docx", zipBombDocx(1_024, "lying")),
    ],
  ])(
    "stops %s at the memory limit, this process unharmed",
    async (_, make) => {
      const limits = { ...SOURCE_LIMITS, memoryMb: 256 };
      const { error, ms, growthMb, longestStallMs } = await watched(make(), limits);
      expect(error).toBeInstanceOf(SourceReadError);
      expect((error as Error).message).toMatch(
        /^"bomb\.(pdf|docx)" needs more memory than allowed to read \(256 MB\)$/,
      );
      expect(ms).toBeLessThan(40_000);
      expect(growthMb).toBeLessThan(100);
      expect(longestStallMs).toBeLessThan(1_000);
    },
    60_000,
  );

  it("stops a reading that takes longer than the time limit", async () => {
    // 2 GB to inflate with memory to spare: only the clock can stop it.
    const limits = { ...SOURCE_LIMITS, seconds: 3, memoryMb: 8_192 };
    const { error, ms } = await watched(source("slow.pdf", "pdf", inflatingPdf(2_048)), limits);
    expect((error as Error).message).toBe('"slow.pdf" took longer than 3 s to read');
    expect(ms).toBeGreaterThanOrEqual(3_000);
    expect(ms).toBeLessThan(10_000);
  }, 30_000);

  it("refuses a 5,000-page PDF in the child with the page limit's message", async () => {
    const { error } = await watched(source("pages.pdf", "pdf", manyPagesPdf(5_000)), SOURCE_LIMITS);
    expect((error as Error).message).toBe('"pages.pdf" is too large to read: more than 2,000 pages');
  }, 30_000);

  it("stops the child when the run is aborted (cancelled, or over its maxDuration)", async () => {
    const controller = new AbortController();
    const reading = ingestIsolated(source("slow.pdf", "pdf", inflatingPdf(2_048)), {
      limits: { ...SOURCE_LIMITS, memoryMb: 8_192 },
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error("Run exceeded maxDuration")), 500);
    await expect(reading).rejects.toThrow("Run exceeded maxDuration");
  });
});

describe("ingestIsolated's reading steps", () => {
  it("tells each page read, each scanned page rendered and recognised, in order, before the result", async () => {
    const { bytes, pages } = await scannedHandoutPdf(2);
    const steps: ReadStep[] = [];
    const ingested = await ingestIsolated(source("handout.pdf", "pdf", bytes), {
      onStep: (step) => steps.push(step),
    });
    expect(ingested.recognition.pages).toEqual([2, 3]);
    expect(steps).toEqual([
      ...Array.from({ length: pages }, (_, index) => ({ stage: "pages", done: index + 1, total: pages })),
      { stage: "rendering", done: 1, total: 2 },
      { stage: "rendering", done: 2, total: 2 },
      { stage: "recognising", done: 1, total: 2 },
      { stage: "recognising", done: 2, total: 2 },
    ]);
    // Two pages of OCR in a fresh child: seconds, and more on a machine running other suites.
  }, 60_000);
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ReadStep, readShare } from "../ingest/read-progress.ts";
import {
  readingFraction,
  STRUCTURE_BANDS,
  type StructureStage,
  structurePercent,
  throttledProgress,
} from "./structure-progress.ts";

describe("structurePercent", () => {
  it.each([
    { stage: "started", fraction: 0, expected: 1 },
    { stage: "reading", fraction: 0, expected: 5 },
    { stage: "reading", fraction: 0.5, expected: 38 },
    { stage: "reading", fraction: 1, expected: 70 },
    { stage: "reading", fraction: 1.5, expected: 70 },
    { stage: "writing", fraction: 0, expected: 75 },
    { stage: "writing", fraction: 1, expected: 95 },
    { stage: "done", fraction: 0, expected: 100 },
  ] as const)("$stage at $fraction: $expected %", ({ stage, fraction, expected }) => {
    expect(structurePercent(stage, fraction)).toBe(expected);
  });

  it("has bands that follow each other without going back", () => {
    const stages: StructureStage[] = ["started", "reading", "writing", "done"];
    const edges = stages.flatMap((stage) => STRUCTURE_BANDS[stage]);
    expect(edges).toEqual([...edges].sort((a, b) => a - b));
  });
});

describe("readShare: how far one source's reading is", () => {
  it.each([
    { stage: "pages", done: 0, total: 10, expected: 0 },
    { stage: "pages", done: 5, total: 10, expected: 0.2 },
    { stage: "pages", done: 10, total: 10, expected: 0.4 },
    { stage: "rendering", done: 1, total: 2, expected: 0.45 },
    { stage: "rendering", done: 2, total: 2, expected: 0.5 },
    { stage: "recognising", done: 1, total: 4, expected: 0.625 },
    { stage: "recognising", done: 4, total: 4, expected: 1 },
    { stage: "recognising", done: 1, total: 0, expected: 0.5 },
  ] as const)("$stage $done of $total: $expected", ({ stage, done, total, expected }) => {
    expect(readShare({ stage, done, total })).toBeCloseTo(expected, 10);
  });
});

describe("one PDF's reading on the bar", () => {
  it.each([
    { index: 0, total: 1, share: 0, expected: 5 },
    { index: 0, total: 1, share: 0.4, expected: 31 },
    { index: 0, total: 1, share: 1, expected: 70 },
    { index: 0, total: 4, share: 1, expected: 21 },
    { index: 3, total: 4, share: 0, expected: 54 },
    { index: 0, total: 0, share: 0, expected: 70 },
  ])("source $index of $total, $share read: $expected %", ({ index, total, share, expected }) => {
    expect(structurePercent("reading", readingFraction(index, total, share))).toBe(expected);
  });

  it("moves through a one-source topic page by page, never backwards", () => {
    const steps: ReadStep[] = [
      ...[1, 2, 3, 4].map((done) => ({ stage: "pages" as const, done, total: 4 })),
      ...[1, 2].map((done) => ({ stage: "rendering" as const, done, total: 2 })),
      ...[1, 2].map((done) => ({ stage: "recognising" as const, done, total: 2 })),
    ];
    const percents = steps.map((step) => structurePercent("reading", readingFraction(0, 1, readShare(step))));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBe(percents.length);
    expect(percents[0]).toBeGreaterThan(5);
    expect(percents.at(-1)).toBe(70);
  });
});

describe("throttledProgress", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function recorder() {
    const written: Array<{ percent: number; at: number }> = [];
    const progress = throttledProgress(async (percent) => {
      written.push({ percent, at: Date.now() });
    });
    return { written, progress };
  }

  it("writes the first value at once and holds later ones to one write a second", async () => {
    const { written, progress } = recorder();
    await progress.report(5);
    await progress.report(10);
    await progress.report(20);
    expect(written).toEqual([{ percent: 5, at: 0 }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([
      { percent: 5, at: 0 },
      { percent: 20, at: 1000 },
    ]);
  });

  it("never writes a lower or equal value", async () => {
    const { written, progress } = recorder();
    await progress.report(30);
    await vi.advanceTimersByTimeAsync(1500);
    await progress.report(20);
    await progress.report(30);
    await vi.advanceTimersByTimeAsync(1500);
    expect(written.map((entry) => entry.percent)).toEqual([30]);
  });

  it("writes at once when a second has passed since the last write", async () => {
    const { written, progress } = recorder();
    await progress.report(5);
    await vi.advanceTimersByTimeAsync(1200);
    await progress.report(8);
    expect(written).toEqual([
      { percent: 5, at: 0 },
      { percent: 8, at: 1200 },
    ]);
  });

  it("drops a held value on close, so nothing lands after the run's final write", async () => {
    const { written, progress } = recorder();
    await progress.report(5);
    await progress.report(60);
    await progress.close();
    await vi.advanceTimersByTimeAsync(2000);
    await progress.report(90);
    expect(written.map((entry) => entry.percent)).toEqual([5]);
  });

  it("surfaces a failed write on the next report and on close", async () => {
    const progress = throttledProgress(async () => {
      throw new Error("database down");
    });
    await expect(progress.report(5)).rejects.toThrow("database down");
    await expect(progress.report(6)).rejects.toThrow("database down");
    await expect(progress.close()).rejects.toThrow("database down");
  });
});

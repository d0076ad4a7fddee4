import { describe, expect, it } from "vitest";
import { sourceProgress } from "./structure.ts";

describe("sourceProgress", () => {
  it.each([
    { index: 0, total: 1, stage: "reading", expected: 5 },
    { index: 0, total: 1, stage: "read", expected: 60 },
    { index: 0, total: 4, stage: "reading", expected: 5 },
    { index: 0, total: 4, stage: "read", expected: 19 },
    { index: 1, total: 4, stage: "reading", expected: 19 },
    { index: 3, total: 4, stage: "read", expected: 60 },
    { index: 0, total: 0, stage: "reading", expected: 5 },
  ] as const)("source $index of $total, $stage: $expected %", ({ index, total, stage, expected }) => {
    expect(sourceProgress(index, total, stage)).toBe(expected);
  });

  it("moves past the run's first 1 % before the first source is read, and counts up per source", () => {
    const steps = [0, 1, 2].flatMap((index) => [
      sourceProgress(index, 3, "reading"),
      sourceProgress(index, 3, "read"),
    ]);
    expect(steps[0]).toBeGreaterThan(1);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(new Set(steps).size).toBe(4);
  });
});

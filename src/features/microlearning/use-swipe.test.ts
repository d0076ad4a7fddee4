import { describe, expect, it } from "vitest";
import { SWIPE_MIN_PX, swipeDirection } from "./use-swipe.ts";

describe("swipeDirection", () => {
  it.each([
    ["a swipe to the right", 80, 10, "right"],
    ["a swipe to the left", -80, -10, "left"],
    ["exactly the minimum distance", SWIPE_MIN_PX, 0, "right"],
    ["a tap's wobble", 8, 3, null],
    ["just short of the minimum", SWIPE_MIN_PX - 1, 0, null],
    ["a scroll", 20, 200, null],
    ["a diagonal wipe", 80, 60, null],
  ] as const)("%s", (_, dx, dy, expected) => {
    expect(swipeDirection(dx, dy)).toBe(expected);
  });
});

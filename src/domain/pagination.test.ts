import { describe, expect, it } from "vitest";
import { pageCount, pageRange } from "./pagination";

describe("pageRange", () => {
  it("maps 1-based pages to inclusive row ranges", () => {
    expect(pageRange(1, 12)).toEqual({ from: 0, to: 11 });
    expect(pageRange(3, 12)).toEqual({ from: 24, to: 35 });
  });

  it("treats pages below 1 as the first", () => {
    expect(pageRange(0, 10)).toEqual({ from: 0, to: 9 });
  });
});

describe("pageCount", () => {
  it("rounds up and never gives fewer than one page", () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });
});

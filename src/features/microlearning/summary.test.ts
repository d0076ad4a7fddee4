import { describe, expect, it } from "vitest";
import {
  chapterHeading,
  dutchDateOrFallback,
  levelOrFallback,
  SUMMARY_FALLBACKS,
  subjectOrFallback,
} from "./summary.ts";

describe("summary values", () => {
  it("falls back to docs/product.md §9's static values", () => {
    expect(SUMMARY_FALLBACKS).toEqual({ level: "CEFR A2", subject: "Aardrijkskunde", date: "24/04/21" });
    expect(levelOrFallback(null)).toBe("CEFR A2");
    expect(levelOrFallback(" ")).toBe("CEFR A2");
    expect(levelOrFallback("B1")).toBe("B1");
    expect(subjectOrFallback(undefined)).toBe("Aardrijkskunde");
    expect(subjectOrFallback("Biologie")).toBe("Biologie");
    expect(dutchDateOrFallback(null)).toBe("24/04/21");
    expect(dutchDateOrFallback("not a date")).toBe("24/04/21");
  });

  it("formats dates with nl-NL", () => {
    expect(dutchDateOrFallback("2025-03-07T12:00:00Z")).toBe("07-03-25");
  });

  const nlNL = new Intl.DateTimeFormat("nl-NL", { day: "2-digit", month: "2-digit", year: "2-digit" });
  it.each([
    "2025-03-07T12:00:00Z",
    "2021-04-24T00:30:00Z",
    "1999-12-31T23:59:59Z",
    "2000-01-01T00:00:00Z",
    "2009-10-05T08:00:00+02:00",
    "2024-02-29T16:45:00Z",
    "2030-11-30",
  ])("writes %s as Intl's nl-NL does", (value) => {
    expect(dutchDateOrFallback(value)).toBe(nlNL.format(new Date(value)));
  });

  it("titles a chapter Onderdeel N — title", () => {
    expect(chapterHeading(3, "Delta's")).toBe("Onderdeel 3 — Delta's");
  });
});

import { describe, expect, it } from "vitest";
import { PLACEHOLDER_PATTERNS, topicPlaceholder } from "./topic-placeholder";

describe("topicPlaceholder", () => {
  it("is the same for the same title, whatever the case or surrounding spaces", () => {
    expect(topicPlaceholder("Photosynthesis")).toEqual(topicPlaceholder("  photosynthesis "));
  });

  it("differs between topics", () => {
    const titles = ["Photosynthesis", "Rivers of Europe", "Fractions", "De Gouden Eeuw", "Cell division"];
    const looks = new Set(
      titles.map((title) => JSON.stringify({ ...topicPlaceholder(title), initials: "" })),
    );
    expect(looks.size).toBe(titles.length);
  });

  it("takes the initials of the first two words, accents and digits included", () => {
    expect(topicPlaceholder("rivers of Europe").initials).toBe("RO");
    expect(topicPlaceholder("Élan vital").initials).toBe("ÉV");
    expect(topicPlaceholder("3D printing").initials).toBe("3P");
    expect(topicPlaceholder("Photosynthesis").initials).toBe("P");
    expect(topicPlaceholder("—").initials).toBe("");
  });

  it("keeps hues, angle and pattern in range with the ends apart", () => {
    for (const title of ["a", "b", "Topic 1", "Topic 2", "x".repeat(300)]) {
      const look = topicPlaceholder(title);
      expect(look.fromHue).toBeGreaterThanOrEqual(0);
      expect(look.toHue).toBeLessThan(360);
      const apart = Math.min(Math.abs(look.fromHue - look.toHue), 360 - Math.abs(look.fromHue - look.toHue));
      expect(apart).toBeGreaterThanOrEqual(40);
      expect(look.angle % 45).toBe(0);
      expect(look.pattern).toBeLessThan(PLACEHOLDER_PATTERNS);
    }
  });
});

import { describe, expect, it } from "vitest";
import { wordClasses } from "./pos.ts";

describe("wordClasses", () => {
  it("reads an unknown word with an adjective's ending before a noun as an adjective", () => {
    expect(wordClasses(["een", "pyroclastische", "stroom"], "nl")).toEqual(["function", "adjective", "noun"]);
    expect(wordClasses(["tektonische", "platen", "bewegen"], "nl").slice(0, 2)).toEqual([
      "adjective",
      "noun",
    ]);
    // Not at the end of a clause, where nothing follows for it to modify.
    expect(wordClasses(["de", "stroom", "is", "pyroclastische"], "nl").at(-1)).toBe("unknown");
  });
});

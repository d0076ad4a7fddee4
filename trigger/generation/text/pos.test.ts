import { describe, expect, it } from "vitest";
import { isDutchVerbForm, wordClasses } from "./pos.ts";

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

describe("isDutchVerbForm", () => {
  it("knows present forms and participles the lexicon lacks by the verb it lists", () => {
    expect(["nadenkt", "binnengekomen", "vervoert", "doorgaat", "genereert"].filter(isDutchVerbForm)).toEqual(
      [
        "nadenkt",
        "binnengekomen",
        "vervoert",
        "doorgaat",
        "genereert", // of a verb in -eren the lexicon lacks
      ],
    );
  });

  it("leaves nouns alone, also those that look like a participle or a present form", () => {
    const nouns = [
      "gevecht",
      "gebied",
      "gebed",
      "gesteente",
      "hartslag",
      "wervelkolom",
      "tekort",
      "uitstoot",
    ];
    expect(nouns.filter(isDutchVerbForm)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { englishWhyQuestion } from "./why-question.ts";

describe("englishWhyQuestion", () => {
  it("asks with do-support or inversion where the statement is subject and present verb", () => {
    expect(englishWhyQuestion("Water evaporates faster.")).toBe("Why does water evaporate faster?");
    expect(englishWhyQuestion("A root hair cell absorbs more water from the soil")).toBe(
      "Why does a root hair cell absorb more water from the soil?",
    );
    expect(englishWhyQuestion("Muscle cells contain many mitochondria")).toBe(
      "Why do muscle cells contain many mitochondria?",
    );
    expect(englishWhyQuestion("Red blood cells are flat discs")).toBe("Why are red blood cells flat discs?");
    expect(englishWhyQuestion("Demand has grown quickly")).toBe("Why has demand grown quickly?");
  });

  it("leaves alone what it cannot turn safely: past tense, pronoun subjects, a clause first", () => {
    expect(englishWhyQuestion("Rivers carried sediment to the sea")).toBeNull();
    expect(englishWhyQuestion("They supply most of the vapour")).toBeNull();
    expect(englishWhyQuestion("When it rains, the river floods")).toBeNull();
  });

  it("keeps a name's capital and gives main-verb 'has' do-support", () => {
    expect(englishWhyQuestion("Britain has coal and iron")).toBe("Why does Britain have coal and iron?");
  });
});

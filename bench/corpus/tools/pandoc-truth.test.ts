import { describe, expect, it } from "vitest";
import { inlineText, truthFromAst } from "./pandoc-truth.ts";

const str = (text: string) => ({ t: "Str", c: text });

describe("inlineText", () => {
  it.each([
    [
      "raised digits are a footnote mark",
      [str("alluded,"), { t: "Superscript", c: [str("13")] }],
      "alluded,¹³",
    ],
    ["other raised text stays as it is", [str("the"), { t: "Superscript", c: [str("th")] }], "theth"],
  ])("%s", (_, inlines, text) => {
    expect(inlineText(inlines)).toBe(text);
  });
});

describe("truthFromAst with smallCapsAsCapitals", () => {
  const paragraph = () => ({
    blocks: [
      {
        t: "Para",
        c: [
          str("published"),
          { t: "Space" },
          str("to"),
          { t: "Space" },
          { t: "SmallCaps", c: [str("cran.")] },
        ],
      },
    ],
  });
  const options = { language: "en", kind: "pdf", layout: "two-column", holdout: false } as const;

  it("writes small capitals as capitals when the font has none", () => {
    const { truth } = truthFromAst(paragraph(), { ...options, smallCapsAsCapitals: true });
    expect(truth.sentences).toEqual(["published to CRAN."]);
  });

  it("keeps the source's letters otherwise", () => {
    expect(truthFromAst(paragraph(), options).truth.sentences).toEqual(["published to cran."]);
  });
});

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

describe("truthFromAst with noticeSections", () => {
  const header = (text: string) => ({ t: "Header", c: [1, ["", ["unnumbered"], []], [str(text)]] });
  const para = (...words: string[]) => ({
    t: "Para",
    c: words.flatMap((word, index) => (index === 0 ? [str(word)] : [{ t: "Space" }, str(word)])),
  });
  const ast = {
    blocks: [
      header("Conclusions"),
      para("Containers", "make", "work", "portable."),
      header("Author contributions"),
      para("DN", "wrote", "the", "introduction."),
      header("Acknowledgements"),
      para("We", "thank", "the", "reviewers."),
    ],
  };
  const options = { language: "en", kind: "docx", layout: "styled", holdout: false } as const;

  it("puts a declaration's heading and text in furniture, and the sections after it back in the body", () => {
    const { truth } = truthFromAst(ast, { ...options, noticeSections: ["Author contributions"] });
    expect(truth.headings).toEqual(["Conclusions", "Acknowledgements"]);
    expect(truth.sentences).toEqual(["Containers make work portable.", "We thank the reviewers."]);
    expect(truth.nonBody.furniture).toEqual(["Author contributions", "DN wrote the introduction."]);
  });

  it("keeps every section as body without the option", () => {
    expect(truthFromAst(ast, options).truth.sentences).toContain("DN wrote the introduction.");
  });
});

describe("truthFromAst with frontMatterFurniture", () => {
  const para = (...words: string[]) => ({
    t: "Para",
    c: words.flatMap((word, index) => (index === 0 ? [str(word)] : [{ t: "Space" }, str(word)])),
  });
  const ast = {
    blocks: [
      para("This", "study", "was", "prepared", "by", "PwC."),
      para("1.", "Introduction", "1"),
      { t: "Header", c: [1, ["introduction", [], []], [str("Introduction")]] },
      para("Events", "are", "widespread."),
    ],
  };
  const options = { language: "en", kind: "pdf", layout: "one-column", holdout: false } as const;

  it("puts the lines before the first heading in furniture", () => {
    const { truth } = truthFromAst(ast, { ...options, frontMatterFurniture: true });
    expect(truth.nonBody.furniture).toEqual(["This study was prepared by PwC.", "1. Introduction 1"]);
    expect(truth.headings).toEqual(["Introduction"]);
    expect(truth.sentences).toEqual(["Events are widespread."]);
  });

  it("keeps them as body without the option", () => {
    expect(truthFromAst(ast, options).truth.sentences).toContain("This study was prepared by PwC.");
  });
});

describe("truthFromAst with a bold title on a paragraph's first line", () => {
  const words = (text: string) =>
    text.split(" ").flatMap((word, index) => (index === 0 ? [str(word)] : [{ t: "Space" }, str(word)]));
  const options = { language: "en", kind: "docx", layout: "styled", holdout: false } as const;
  it.each([
    ["a short title is a heading", "Tab Completion", ["Tab Completion"], ["Editors complete names."]],
    [
      "a bold sentence stays a sentence",
      "Lower prices raise demand.",
      [],
      ["Lower prices raise demand.", "Editors complete names."],
    ],
  ])("%s", (_, bold, headings, sentences) => {
    const ast = {
      blocks: [
        {
          t: "Para",
          c: [{ t: "Strong", c: words(bold) }, { t: "LineBreak" }, ...words("Editors complete names.")],
        },
      ],
    };
    const { truth } = truthFromAst(ast, options);
    expect(truth.headings).toEqual(headings);
    expect(truth.sentences).toEqual(sentences);
  });
});

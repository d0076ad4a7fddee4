import { describe, expect, it } from "vitest";
import { lineText, type OcrLine, ocrHeadings, paragraphStarts } from "./ocr-layout.ts";

/** Words of a line laid out left to right with the given gaps (pixels) between them, 10 px a letter. */
function words(text: string, gaps: readonly number[] = []) {
  let left = 0;
  return text.split(" ").map((word, index) => {
    const box = { text: word, left, right: left + 10 * word.length };
    left = box.right + (gaps[index] ?? 12);
    return box;
  });
}

/** A line of the given text, top and x-height; words 12 px apart. */
function line(text: string, top: number, xHeight = 14): OcrLine {
  return { words: words(text), top, bottom: top + 2 * xHeight, xHeight };
}

describe("lineText", () => {
  it.each([
    ["words are read with a space between them", words("de naam first.tex"), "de naam first.tex"],
    // Tesseract's box of "water" ran over "to" on a clean render, where a space is printed.
    [
      "overlapping boxes are no evidence of one word",
      words("carries water to the", [12, -30]),
      "carries water to the",
    ],
    ["a narrow gap is still a space (a tight justified line)", words("die je", [6]), "die je"],
    [
      "no space before a file extension set closer than a word",
      words("de naam first .tex en", [12, 12, 9]),
      "de naam first.tex en",
    ],
    [
      "a file extension named on its own keeps its space",
      words("eindigt op .log. Je kan", [12, 18]),
      "eindigt op .log. Je kan",
    ],
    ["no space inside a host", words("hier op learnlatex. org."), "hier op learnlatex.org."],
    [
      "no space before a command's brackets",
      words("\\usepackage [dutch] {babel}"),
      "\\usepackage[dutch]{babel}",
    ],
    ["a sentence's end stays apart", words("op zee. Daarna kwam"), "op zee. Daarna kwam"],
  ])("%s", (_rule, input, expected) => {
    expect(lineText(input)).toBe(expected);
  });
});

describe("paragraphStarts", () => {
  it.each([
    [
      "a gap clearly taller than the line spacing opens a paragraph",
      [line("one", 0), line("two", 38), line("three", 76), line("four", 132), line("five", 170)],
      [],
      [3],
    ],
    [
      "a little extra space (a taller letter) does not",
      [line("one", 0), line("two", 38), line("three", 80), line("four", 118)],
      [],
      [],
    ],
    [
      "Tesseract's own paragraph starts are kept",
      [line("one", 0), line("two", 38), line("three", 76)],
      [0, 2],
      [2],
    ],
  ])("%s", (_rule, lines, tesseract, expected) => {
    expect([...paragraphStarts(lines, new Set(tesseract))].sort((a, b) => a - b)).toEqual(expected);
  });
});

describe("ocrHeadings", () => {
  const body = (top: number) => line("Deze les laat de basisstructuur van een document zien, hoe je", top);
  it.each([
    [
      "larger short lines are headings, ranked by size across pages",
      [
        [
          line("Basisstructuur van een LaTeX-document", 0, 21),
          line("LaTeX-documentstructuur", 60, 19),
          body(100),
        ],
        [line("Fouten afhandelen", 0, 16), body(40), body(78), body(116), body(154)],
      ],
      [
        [
          [0, { level: 1, end: 0 }],
          [1, { level: 2, end: 1 }],
        ],
        [[0, { level: 3, end: 0 }]],
      ],
    ],
    [
      "a line of body size is no heading, however short",
      [[line("Wat je nu hebt", 0), body(38), body(76)]],
      [[]],
    ],
    [
      "a large line that ends as a sentence is no heading",
      [[line("Welkom bij deze les.", 0, 20), body(50), body(88)]],
      [[]],
    ],
    [
      "sizes a few percent apart are one level",
      [[line("Eerste deel", 0, 18), body(50), line("Tweede deel", 100, 17.5), body(150)]],
      [
        [
          [0, { level: 1, end: 0 }],
          [2, { level: 1, end: 2 }],
        ],
      ],
    ],
    [
      "consecutive lines of one heading size are one heading",
      [[line("A title set", 0, 21), line("over two lines", 45, 21), body(100), body(138)]],
      [[[0, { level: 1, end: 1 }]]],
    ],
  ])("%s", (_rule, pages, expected) => {
    expect(ocrHeadings(pages).map((headings) => [...headings])).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import {
  closePunctuation,
  hideVerbatim,
  printTexLogos,
  withoutComments,
  withoutTypedMarker,
} from "./truth-text.ts";

describe("printTexLogos", () => {
  it.each([
    [
      "IEEEtran's kerned definition goes, the use reads as printed",
      "\\providecommand\\BibTeX{{\\normalfont B\\kern-0.5em{\\scshape i\\kern-0.25em b}\\kern-0.8em\\TeX}}\nThe use of \\BibTeX\\ for",
      "\nThe use of BibTeX\\ for",
    ],
    [
      "acmart's definition inside \\AtBeginDocument",
      "\\AtBeginDocument{\\providecommand\\BibTeX{{Bib\\TeX}}}\nof the \\BibTeX\\ file.",
      "\\AtBeginDocument{}\nof the BibTeX\\ file.",
    ],
    ["\\newcommand with braces", "\\newcommand{\\BibTeX}{Bib\\TeX}x \\BibTeX{} file", "x BibTeX file"],
    ["TeX swallows the space after a control word", "\\BibTeX file", "BibTeXfile"],
    ["a longer name is not a shorter one", "\\BibLaTeX\\ and \\BibTeX.", "BibLaTeX\\ and BibTeX."],
    ["LaTeX and TeX are left to pandoc", "\\LaTeX\\ and \\TeX{}", "\\LaTeX\\ and \\TeX{}"],
    ["a command that only starts like a logo stays", "\\BibTeXstyle", "\\BibTeXstyle"],
    ["LaTeX2e's logo as printed", "(and \\LaTeXe) in", "(and LaTeX 2ε) in"],
    ["LaTeX2e before a control space", "the \\LaTeXe\\ package", "the LaTeX 2ε\\ package"],
  ])("%s", (_, source, printed) => {
    expect(printTexLogos(source)).toBe(printed);
  });
});

describe("withoutComments", () => {
  it.each([
    ["the comment, its line end and the next line's indent go", "cases---%\n  do not", "cases---do not"],
    ["a comment line inside a paragraph", "one\n% note\ntwo", "one\ntwo"],
    ["a blank line after the comment still ends the paragraph", "one.%\n\nTwo", "one.\n\nTwo"],
    ["an escaped percent sign is printed", "50\\% of it % note", "50\\% of it "],
    ["a comment on the last line", "end % note", "end "],
  ])("%s", (_, source, printed) => {
    expect(withoutComments(source)).toBe(printed);
  });
});

describe("withoutTypedMarker", () => {
  it.each([
    [
      "a typed dash",
      "- Functions that we define ourselves and then use",
      "Functions that we define ourselves and then use",
    ],
    ["a typed bullet", "• Built-in functions", "Built-in functions"],
    ["a typed number", "2) Call the function", "Call the function"],
    ["a number with a full stop", "10. Return a value", "Return a value"],
    ["a dash inside the text stays", "Python - print(), input()", "Python - print(), input()"],
    ["a negative number is no marker", "-1 is returned", "-1 is returned"],
    ["a year is no marker", "2010. A year later", "2010. A year later"],
    ["a lone dash is kept", "-", "-"],
  ])("%s", (_, paragraph, text) => {
    expect(withoutTypedMarker(paragraph)).toBe(text);
  });
});

describe("closePunctuation", () => {
  it.each([
    ["a space before a full stop goes", "the end .", "the end."],
    ["a space before a comma goes", "first , then", "first, then"],
    ["inline code that starts with a dot keeps its space", "eindigt op .log.", "eindigt op .log."],
    ["a file extension keeps its space", "a .docx file", "a .docx file"],
    ["before a closing quote", 'said "yes ."', 'said "yes."'],
  ])("%s", (_, text, printed) => {
    expect(closePunctuation(text)).toBe(printed);
  });
});

describe("hideVerbatim", () => {
  it.each([
    ["a command shown with \\verb is hidden", "uses \\verb+\\cite{#1}+ here", "uses \uE0010\uE001 here"],
    ["any delimiter, and the starred form", "\\verb|a| and \\verb*!b c!", "\uE0010\uE001 and \uE0011\uE001"],
    ["the document's own commands stay", "as in \\cite{feyn54}.", "as in \\cite{feyn54}."],
    ["\\verbatim is no \\verb", "\\verbatimfont{x}", "\\verbatimfont{x}"],
  ])("%s", (_, source, hidden) => {
    expect(hideVerbatim(source).hidden).toBe(hidden);
  });

  it("puts each verbatim back where it was", () => {
    const source = "\\verb+\\cite{#1}+ or \\verb+\\onlinecite{#1}+ cite \\cite{witten2001}";
    const { hidden, restore } = hideVerbatim(source);
    expect(restore(hidden.replace("\\cite{witten2001}", "[1]"))).toBe(
      "\\verb+\\cite{#1}+ or \\verb+\\onlinecite{#1}+ cite [1]",
    );
  });
});

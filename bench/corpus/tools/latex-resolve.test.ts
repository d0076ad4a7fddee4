import { describe, expect, it } from "vitest";
import { natbibCitation, resolveLatex } from "./latex-resolve.ts";

// An .aux as natbib writes it in author-year mode (copernicus.cls): number, year, short and long authors.
const AUX = [
  "\\bibcite{bouter}{{1}{2020}{{Bouter}}{{}}}",
  "\\bibcite{konkol}{{3}{2021}{{Konkol et~al.}}{{Konkol, Chang et~al.}}}",
  "\\bibcite{wiki}{{4}{2020{b}}{{Wikipedia contributors}}{{}}}",
  "\\bibcite{czi}{{5}{2019}{{{Chan Zuckerberg Initiative} et~al.}}{{{Chan Zuckerberg Initiative}, Boettiger}}}",
].join("\n");

describe("natbibCitation", () => {
  it.each([
    ["citep", "bouter", "(Bouter, 2020)"],
    ["citep", "bouter, konkol", "(Bouter, 2020; Konkol et~al., 2021)"],
    ["citet", "konkol", "Konkol et~al. (2021)"],
    ["citep", "wiki", "(Wikipedia contributors, 2020b)"],
    ["citet", "czi", "Chan Zuckerberg Initiative et~al. (2019)"],
  ] as const)("\\%s{%s} prints %s", (command, keys, printed) => {
    expect(natbibCitation(AUX, command, keys)).toBe(printed);
  });

  it("refuses a key the build did not cite", () => {
    expect(() => natbibCitation(AUX, "citep", "missing")).toThrow(/no natbib/);
  });
});

describe("resolveLatex with natbib", () => {
  it("prints citations in the text and leaves those in comments alone", () => {
    const tex = "as argued \\citep{bouter}.\n%% \\citet{jones90} & Jones et al. (1990)\n";
    expect(resolveLatex(tex, AUX)).toBe(
      "as argued (Bouter, 2020).\n%% \\citet{jones90} & Jones et al. (1990)\n",
    );
  });
});

/**
 * LaTeX source → the same source with what LaTeX decides at typesetting time written out, for documents
 * that pandoc builds from LaTeX (a DOCX): `\cite{a,b,c}` becomes the printed "[1–3]" (numbers from the
 * build's .aux, sorted and compressed as the `cite` package prints them), `\ref{x}` the printed number, and
 * an inline `thebibliography` loses its widest-label argument and gets the "References" heading the article class prints above it. pandoc
 * leaves \cite out of a DOCX without citeproc and prints \ref as "[x]", so without this step the document
 * would read differently from the published PDF. `\\cref{x}` becomes cleveref's "Fig. 2" (names in CREF_NAMES). natbib's
 * author-year `\\citep{a}` becomes "(Bouter, 2020)" and `\\citet{a}` "Bouter (2020)" (copernicus.cls). Both the document and its truth are made from the output.
 *
 *   npx tsx bench/corpus/tools/latex-resolve.ts --tex paper.tex --aux paper.aux --out resolved.tex
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

/** The printed labels in an .aux: `\bibcite{key}{n}` and `\newlabel{key}{{n}…}`. */
export function auxLabels(aux: string) {
  const cites = new Map<string, number>();
  const refs = new Map<string, string>();
  for (const [, key, number] of aux.matchAll(/\\bibcite\{([^}]+)\}\{(\d+)\}/g))
    cites.set(key as string, Number(number));
  for (const [, key, number] of aux.matchAll(/\\newlabel\{([^}]+)\}\{\{([^}]*)\}/g))
    refs.set(key as string, number as string);
  return { cites, refs };
}

/** Whether `at` lies after an unescaped `%` on its line. */
function inComment(source: string, at: number): boolean {
  const line = source.slice(source.lastIndexOf("\n", at) + 1, at);
  return /(^|[^\\])%/.test(line);
}

/** natbib's author-year labels in an .aux: `\\bibcite{key}{{n}{year}{{short authors}}{{long}}}`. */
export function natbibLabels(aux: string) {
  const labels = new Map<string, { authors: string; year: string }>();
  // Braces only group: `2020{b}` is natbib's letter for a second work of the year (\natexlab), printed
  // "2020b"; `{Chan Zuckerberg Initiative} et~al.` is a corporate author the .bib protects from reordering.
  for (const [, key, year, authors] of aux.matchAll(
    /\\bibcite\{([^}]+)\}\{\{\d+\}\{((?:[^{}]|\{[^{}]*\})*)\}\{\{((?:[^{}]|\{[^{}]*\})*)\}\}/g,
  ))
    labels.set(key as string, {
      authors: (authors as string).replace(/[{}]/g, ""),
      year: (year as string).replace(/[{}]/g, ""),
    });
  return labels;
}

/** `\\citep{a,b}` as natbib prints it in author-year mode: "(Bouter, 2020; Conroy, 2020)"; `\\citet`: "Bouter (2020)". */
export function natbibCitation(aux: string, command: "citep" | "citet", keys: string): string {
  const labels = natbibLabels(aux);
  const cited = keys.split(",").map((key) => {
    const label = labels.get(key.trim());
    if (!label) throw new Error(`no natbib \\bibcite for ${key} in the .aux: build the PDF first`);
    return label;
  });
  if (command === "citet") return cited.map(({ authors, year }) => `${authors} (${year})`).join(", ");
  return `(${cited.map(({ authors, year }) => `${authors}, ${year}`).join("; ")})`;
}

/** "[2–8]", "[1, 5]": the numbers sorted, runs of three or more joined by an en dash (cite.sty). */
export function compressCitation(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] as number) + 1) end++;
    if (end - start >= 2) parts.push(`${sorted[start]}–${sorted[end]}`);
    else for (let index = start; index <= end; index++) parts.push(String(sorted[index]));
    start = end + 1;
  }
  return `[${parts.join(", ")}]`;
}

/** cleveref's names with the `capitalise` option, as vgtc.cls sets them (\\crefname{section}{Sec.}…). */
const CREF_NAMES: Record<string, string> = {
  figure: "Fig.",
  table: "Tab.",
  section: "Sec.",
  subsection: "Sec.",
  subsubsection: "Sec.",
  footnote: "Footnote",
  equation: "Eq.",
  appendix: "Appendix",
};

/** `\cref{x}` as cleveref prints it: the counter's name and the label's number ("Fig. 2", "Sec. 3.4"). */
function crefText(aux: string, key: string): string {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = aux.match(
    new RegExp(`\\\\newlabel\\{${escaped}@cref\\}\\{\\{\\[([^\\]]*)\\]\\[[^\\]]*\\]\\[[^\\]]*\\]([^}]*)\\}`),
  );
  if (!match) throw new Error(`no cleveref label for ${key} in the .aux`);
  const name = CREF_NAMES[match[1] as string];
  if (!name) throw new Error(`no cleveref name for counter ${match[1]}`);
  return `${name}~${match[2]}`;
}

export function resolveLatex(tex: string, aux: string): string {
  const { cites, refs } = auxLabels(aux);
  return (
    tex
      // vgtc.cls prints its first section with \\firstsection{…}, a command pandoc does not know.
      .replace(/\\firstsection\{/g, "\\section{")
      // A citation in a comment (a template's usage notes) prints nothing and may name keys never cited.
      .replace(
        /\\(citep|citet)\{([^}]+)\}/g,
        (match, command: "citep" | "citet", keys: string, at: number, all: string) =>
          inComment(all, at) ? match : natbibCitation(aux, command, keys),
      )
      .replace(/\\[cC]ref\{([^},]+)\}/g, (_, key: string) => crefText(aux, key.trim()))
      .replace(/\\cite\{([^}]+)\}/g, (_, keys: string) => {
        const numbers = keys.split(",").map((key) => {
          const number = cites.get(key.trim());
          if (number === undefined)
            throw new Error(`no \\bibcite for ${key} in the .aux: build the PDF first`);
          return number;
        });
        return compressCitation(numbers);
      })
      .replace(/\\ref\{([^}]+)\}/g, (_, key: string) => {
        const number = refs.get(key.trim());
        if (number === undefined) throw new Error(`no \\newlabel for ${key} in the .aux`);
        return number;
      })
      // The widest-label argument ("{10}") is a width, never printed; pandoc would print it as a paragraph.
      // One in a comment (a template's usage notes) is left alone: it prints nothing.
      .replace(/\\begin\{thebibliography\}(\{[^}]*\})?/g, (match, _width, at: number, all: string) =>
        inComment(all, at) ? match : "\\section*{References}\n\\begin{thebibliography}",
      )
  );
}

const isMain = process.argv[1]?.endsWith("latex-resolve.ts");
if (isMain) {
  const { values } = parseArgs({
    options: { tex: { type: "string" }, aux: { type: "string" }, out: { type: "string" } },
  });
  if (!values.tex || !values.aux || !values.out) throw new Error("usage: --tex F --aux F --out F");
  writeFileSync(values.out, resolveLatex(readFileSync(values.tex, "utf8"), readFileSync(values.aux, "utf8")));
}

/**
 * LaTeX source → truth.json. Before pandoc reads the source, what LaTeX itself decides at typesetting time
 * is resolved from the build's own .aux file, so the truth reads as the PDF prints: `\cite{a,b}` becomes
 * "[3, 7]" (natbib numeric), `\ref{x}` the printed number; `\mintinline{lang}{code}` becomes its code; the
 * abstract, acknowledgments and bibliography get the section headings the class prints for them. The bibliography comes from the build's
 * .bbl (the entries the PDF prints).
 *
 *   npx tsx bench/corpus/tools/latex-truth.ts --tex paper.tex --aux paper.aux --bbl paper.bbl \
 *     --config config.json --out truth.json
 *
 * config.json holds the TruthOptions (language, kind, layout, holdout, furniture seen on the pages …).
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { anyText, pandocJson, type TruthOptions, truthFromAst, writeTruth } from "./pandoc-truth.ts";
import { hideVerbatim, printTexLogos, withoutComments } from "./truth-text.ts";

interface LatexConfig extends TruthOptions {
  /** How the class prints a citation list ("[1, 2]"). */
  citeOpen?: string;
  citeClose?: string;
  citeSeparator?: string;
  /** Environments left out of the body (their printed text goes to furniture by hand, e.g. keywords). */
  dropEnvironments?: string[];
  /** Regular expressions for source the class prints outside the body (author blocks); left out. */
  dropPatterns?: string[];
  figurePrefix?: string;
  tablePrefix?: string;
}

/** The argument of `command{…}` at `from`, braces balanced. */
function braced(source: string, from: number): { text: string; end: number } | null {
  const open = source.indexOf("{", from);
  if (open < 0) return null;
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    if (source[index] === "\\") index++;
    else if (source[index] === "{") depth++;
    else if (source[index] === "}" && --depth === 0)
      return { text: source.slice(open + 1, index), end: index + 1 };
  }
  return null;
}

function latexText(fragment: string): string {
  return anyText(pandocJson(["-f", "latex"], fragment).blocks)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Floats, numbered as LaTeX numbers them (figure and figure* share a counter): their captions as printed
 * ("Figure 3: …", "Table 1 …") and their tables' rows; the floats are then cut from the body source.
 */
function floats(source: string, config: LatexConfig) {
  const captions: string[] = [];
  const tables: string[] = [];
  const counters = { figure: 0, table: 0 };
  const body = source.replace(
    /\\begin\{(figure|table)(\*?)\}([\s\S]*?)\\end\{\1\2\}/g,
    (_, type: "figure" | "table", __, content: string) => {
      counters[type] += 1;
      const at = content.indexOf("\\caption");
      const caption = at >= 0 ? braced(content, at) : null;
      if (caption) {
        const prefix =
          type === "figure" ? (config.figurePrefix ?? "Figure") : (config.tablePrefix ?? "Table");
        captions.push(
          `${prefix} ${counters[type]}${type === "figure" ? ":" : ""} ${latexText(caption.text)}`,
        );
      }
      for (const [tabular] of content.matchAll(/\\begin\{tabular[\s\S]*?\\end\{tabular\*?\}/g)) {
        const ast = pandocJson(["-f", "latex"], tabular);
        for (const block of ast.blocks.filter((node: { t: string }) => node.t === "Table")) {
          const [, , , head, bodies, foot] = block.c;
          const rows = [head[1], ...bodies.flatMap((part: unknown[]) => [part[2], part[3]]), foot[1]].flat();
          for (const row of rows)
            tables.push(
              anyText(row[1].map((cell: unknown[]) => cell[4]))
                .replace(/\s+/g, " ")
                .trim(),
            );
        }
      }
      return "";
    },
  );
  return { body, captions, tables: tables.filter(Boolean) };
}

function labelsOf(aux: string) {
  const cites = new Map<string, string>();
  const refs = new Map<string, string>();
  const pages = new Map<string, string>();
  // natbib writes \\bibcite{key}{{1}{2021}…}, plain BibTeX styles (IEEEtran) \\bibcite{key}{1}.
  for (const [, key, number] of aux.matchAll(/\\bibcite\{([^}]+)\}\{\{?([^}{]*)\}/g))
    cites.set(key as string, number as string);
  // A number set by \tag is written braced, \newlabel{eq:x}{{{2.6$'$}}…}: the braces only group. The
  // second group is the page the label fell on (\pageref).
  for (const [, key, number, page] of aux.matchAll(
    /\\newlabel\{([^}]+)\}\{\{((?:[^{}]|\{[^{}]*\})*)\}(?:\{([^{}]*)\})?/g,
  )) {
    refs.set(key as string, (number as string).replace(/^\{(.*)\}$/, "$1"));
    if (page) pages.set(key as string, page);
  }
  return { cites, refs, pages };
}

/** A label's printed value, or an error: a truth must never guess what the page prints. */
function printed(labels: Map<string, string>, key: string, what: string): string {
  const value = labels.get(key.trim());
  if (!value) throw new Error(`no ${what} for ${key} in the .aux: build the PDF first`);
  return value;
}

/**
 * REVTeX's `\onlinecite{[pre][post]a,b}`: the numbers without brackets ("Refs. 1 and 4"). REVTeX moves the
 * notes into the bibliography entry, as with \cite (see the configs' dropPatterns). Only the one- and
 * two-key forms are printed here; a longer list (sorted and compressed by natbib) stops the tool.
 */
function onlineCitation(argument: string, cites: Map<string, string>): string {
  const keys = argument.replace(/^(?:\[(?:\{[^}]*\}|[^\]])*\])+/, "").split(",");
  if (keys.length > 2)
    throw new Error(`\\onlinecite with ${keys.length} keys: write how the class prints it`);
  return keys.map((key) => printed(cites, key, "\\bibcite")).join(" and ");
}

function resolve(tex: string, aux: string, config: LatexConfig, jobname: string): string {
  const { cites, refs, pages } = labelsOf(aux);
  const open = config.citeOpen ?? "[";
  const close = config.citeClose ?? "]";
  const separator = config.citeSeparator ?? ", ";
  // Commands inside \verb are printed, not run: hidden until the rest is resolved.
  const { hidden, restore } = hideVerbatim(printTexLogos(withoutComments(tex)));
  let source = hidden;
  for (const pattern of config.dropPatterns ?? []) source = source.replace(new RegExp(pattern, "g"), "");
  for (const environment of config.dropEnvironments ?? []) {
    source = source.replace(
      new RegExp(`\\\\begin\\{${environment}\\}[\\s\\S]*?\\\\end\\{${environment}\\}`, "g"),
      "",
    );
  }
  return restore(
    source
      // A backslash printed by its character code or by \string: the PDF shows "\begin", "\acmSubmissionID".
      .replace(/\{?\\char'134\}?/g, "\\textbackslash{}")
      .replace(/\\string\\([A-Za-z]+)/g, "\\textbackslash{}$1")
      .replace(/\\cite\{([^}]+)\}/g, (_, keys: string) => {
        const numbers = keys.split(",").map((key) => printed(cites, key, "\\bibcite"));
        return `${open}${numbers.join(separator)}${close}`;
      })
      .replace(/\\onlinecite\{((?:\{[^}]*\}|[^}])+)\}/g, (_, argument: string) =>
        onlineCitation(argument, cites),
      )
      .replace(/\\ref\{([^}]+)\}/g, (_, key: string) => printed(refs, key, "\\newlabel"))
      .replace(/\\pageref\{([^}]+)\}/g, (_, key: string) => printed(pages, key, "page of \\newlabel"))
      // The file's own name, as \jobname prints it; TeX swallows the space after it ("\jobname .bbl").
      .replace(/\\jobname(?![A-Za-z@])[ \t]*/g, jobname)
      .replace(/\\mintinline\{[^}]*\}\{([^}]*)\}/g, "\\texttt{$1}")
      .replace(/\\begin\{acknowledgments\}/, "\\section*{Acknowledgments}")
      .replace(/\\end\{acknowledgments\}/, "")
      .replace(/\\bibliography\{[^}]*\}/, "\\section*{References}")
      .replace(/\\begin\{abstract\}/, "\\section*{Abstract}")
      .replace(/\\end\{abstract\}/, ""),
  );
}

/**
 * The printed bibliography: the build's .bbl read by pandoc, each \bibitem one entry. The macros the
 * bibliography style writes are defined as what they print.
 */
function bibliography(bbl: string): string[] {
  const macros = [
    "\\newcommand{\\bibinfo}[2]{#2}",
    "\\newcommand{\\natexlab}[1]{#1}",
    "\\newcommand{\\bibfield}[2]{#2}",
    "\\newcommand{\\urlprefix}{URL: }",
    "\\newcommand{\\doiprefix}{doi:}",
    "\\newcommand{\\doi}[1]{doi:#1}",
    "\\newcommand{\\enquote}[1]{``#1''}",
    // ACM-Reference-Format: what its \\show… macros print (the ISBN, ISSN, CODEN and LCCN: nothing).
    "\\newcommand{\\showarticletitle}[1]{#1}",
    "\\newcommand{\\shownote}[1]{#1}",
    "\\newcommand{\\showeprint}[2][]{#2}",
    // apsrev4-1 (REVTeX): name fonts print their argument, an item opens with nothing.
    ...["bibnamefont", "bibfnamefont", "citenamefont"].map((name) => `\\newcommand{\\${name}}[1]{#1}`),
    "\\newcommand{\\BibitemOpen}{}",
    ...["showISBNx", "showISBNxiii", "showISSN", "showCODEN", "showLCCN"].map(
      (name) => `\\newcommand{\\${name}}[1]{}`,
    ),
  ].join("\n");
  const body = bbl
    // ACM-Reference-Format's defaults (\\ifx \\showDOI \\undefined \\def … \\fi) and its URLs set via \\urldef.
    .replace(/\\ifx[^\n]*\\fi[^\n]*\n/g, "")
    .replace(/\\urldef\\tempurl%?\s*\\url\{([^}]*)\}\s*\\show(?:DOI|URL)\{\\tempurl\}/g, "\\url{$1}")
    .replace(/\\(providecommand|expandafter|def)[^\n]*\n/g, "")
    // apsrev4-1: \href@noop{}{text} and \Eprint{url}{text} print their text; \BibitemShut{NoStop} a full stop.
    .replace(/\\(?:href@noop|Eprint)\s*\{[^}]*\}\s*/g, "")
    .replace(/\\BibitemShut\s*\{NoStop\}/g, ".")
    .replace(/\\BibitemShut\s*\{Stop\}/g, "");
  const entries = body
    // The label may hold groups in groups: apsrev4-1's
    // \bibitem [{\citenamefont {Smith}\ \emph {et~al.}(2010{\natexlab{a}})}]{key}.
    .split(/\\bibitem\s*(?:\[(?:[^[\]{}]|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})*\])?%?\s*\{[^}]*\}/)
    .slice(1)
    .map((entry) => entry.replace(/\\end\{thebibliography\}[\s\S]*/, ""));
  return entries.map((entry) => {
    const ast = pandocJson(["-f", "latex"], `${macros}\n${entry.replace(/\\newblock/g, " ")}`);
    return anyText(ast.blocks).replace(/\s+/g, " ").trim();
  });
}

const { values } = parseArgs({
  options: {
    tex: { type: "string" },
    aux: { type: "string" },
    bbl: { type: "string" },
    config: { type: "string" },
    out: { type: "string" },
  },
});
if (!values.tex || !values.aux || !values.config || !values.out) {
  throw new Error("usage: latex-truth.ts --tex F --aux F [--bbl F] --config F --out F");
}
const config = JSON.parse(readFileSync(values.config, "utf8")) as LatexConfig;
const resolved = resolve(
  readFileSync(values.tex, "utf8"),
  readFileSync(values.aux, "utf8"),
  config,
  // The job is named for the file LaTeX ran on, which the .aux shares ("resolved.tex" is a copy of it).
  basename(values.aux, ".aux"),
);
const { body, captions, tables } = floats(resolved, config);
const result = truthFromAst(pandocJson(["-f", "latex"], body), config);
result.truth.nonBody.captions.push(...captions);
result.truth.nonBody.tables.push(...tables);
if (values.bbl) result.truth.nonBody.references = bibliography(readFileSync(values.bbl, "utf8"));
writeTruth(values.out, result);

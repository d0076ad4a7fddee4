/**
 * Markdown source → truth.json through pandoc's AST (see pandoc-truth.ts). Used for documents the corpus
 * builds from Markdown with pandoc (DOCX, PPTX, PDF) and for Markdown documents themselves.
 *
 *   npx tsx bench/corpus/tools/markdown-truth.ts --md source.md --config truth-config.json --out truth.json
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { inlineText, pandocJson, type TruthOptions, truthFromAst, writeTruth } from "./pandoc-truth.ts";

const { values } = parseArgs({
  options: { md: { type: "string" }, config: { type: "string" }, out: { type: "string" } },
});
if (!values.md || !values.config || !values.out) throw new Error("usage: --md F --config F --out F");
const config = JSON.parse(readFileSync(values.config, "utf8")) as TruthOptions & {
  titleFromMeta?: boolean;
  /** A BibTeX file beside the Markdown: citations are printed by pandoc's citeproc, as the build does. */
  bibliography?: string;
  /** How the build labels a captioned figure ("Figure" prints "Figure 3: …", as LaTeX numbers them). */
  figurePrefix?: string;
  /** pandoc's reader for the dialect the document was built with (`commonmark` for markdown-it builds). */
  from?: string;
  /**
   * The built PDF beside the source (e.g. "../document.pdf"). The truth is what a reader can read:
   * text that runs off a slide is cut off by beamer and is on no page, so a body sentence whose letters
   * and digits are not on the printed pages (poppler's pdftotext) is dropped and counted.
   */
  printedIn?: string;
};
const citeproc = config.bibliography
  ? ["--citeproc", `--bibliography=${join(dirname(values.md), config.bibliography)}`]
  : [];
const ast = pandocJson(["-f", config.from ?? "markdown", ...citeproc, values.md]);
// pandoc prints a YAML title as the document's title (Word's Title style, a title slide).
const title = config.titleFromMeta && ast.meta.title ? inlineText(ast.meta.title.c) : undefined;
const prefix = config.figurePrefix;
const figureLabel = prefix ? (n: number) => `${prefix} ${n}: ` : undefined;
const result = truthFromAst(ast, { ...config, title: title ?? config.title, figureLabel });
if (config.printedIn) keepPrinted(result.truth, join(dirname(values.md), config.printedIn));
writeTruth(values.out, result);

/** Letters and digits only: line breaks, hyphenation, spacing, quotes and ligatures do not matter. */
function lettersOf(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** Drops the body sentences that are not on the printed pages (text cut off at a slide's bottom). */
function keepPrinted(truth: { sentences: string[] }, pdf: string) {
  const printed = lettersOf(execFileSync("pdftotext", ["-raw", pdf, "-"]).toString());
  const unprinted = truth.sentences.filter((sentence) => !printed.includes(lettersOf(sentence)));
  truth.sentences = truth.sentences.filter((sentence) => printed.includes(lettersOf(sentence)));
  console.log(`${unprinted.length} sentences not on the printed pages (cut off), dropped:`);
  for (const sentence of unprinted) console.log(`  ${sentence}`);
}

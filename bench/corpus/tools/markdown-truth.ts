/**
 * Markdown source → truth.json through pandoc's AST (see pandoc-truth.ts). Used for documents the corpus
 * builds from Markdown with pandoc (DOCX, PPTX, PDF) and for Markdown documents themselves.
 *
 *   npx tsx bench/corpus/tools/markdown-truth.ts --md source.md --config truth-config.json --out truth.json
 */
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
};
const citeproc = config.bibliography
  ? ["--citeproc", `--bibliography=${join(dirname(values.md), config.bibliography)}`]
  : [];
const ast = pandocJson(["-f", config.from ?? "markdown", ...citeproc, values.md]);
// pandoc prints a YAML title as the document's title (Word's Title style, a title slide).
const title = config.titleFromMeta && ast.meta.title ? inlineText(ast.meta.title.c) : undefined;
const prefix = config.figurePrefix;
const figureLabel = prefix ? (n: number) => `${prefix} ${n}: ` : undefined;
writeTruth(values.out, truthFromAst(ast, { ...config, title: title ?? config.title, figureLabel }));

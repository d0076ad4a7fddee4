/**
 * A saved web page → truth.json. The article body (the element `article` selects) goes through pandoc's
 * HTML reader and the shared AST walk (pandoc-truth.ts); the page's header, navigation and footer are
 * its furniture, taken from the same HTML (each link, label and paragraph of the elements `furniture`
 * selects, as printed), so a reader that keeps a menu or a footer in the article is caught.
 *
 *   npx tsx bench/corpus/tools/html-truth.ts --html index.html --config truth-config.json --out truth.json
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseHTML } from "linkedom";
import { normalizeText } from "../../ingest-metrics.ts";
import { pandocJson, type TruthOptions, truthFromAst, writeTruth } from "./pandoc-truth.ts";

interface HtmlConfig extends TruthOptions {
  /** CSS selector of the article body as the page shows it. */
  article: string;
  /** Parts of the article that are page machinery, not its text (edit buttons, revision dates). */
  remove?: string[];
  /** CSS selectors of the page's header, menus, table of contents and footer. */
  furnitureRegions: string[];
  /** CSS selectors of figure captions the HTML reader would take for paragraphs (bookdown's `p.caption`). */
  captions?: string[];
  /** Sections of the article printed on every page of the site (a feedback box): furniture too. */
  boilerplateSections?: string[];
}

/** The printed texts of a region: every link, label, heading and paragraph in it, once each. */
function regionTexts(region: Element): string[] {
  const parts = region.querySelectorAll("a, label, p, h1, h2, h3, h4, h5, h6, li > span, .md-ellipsis");
  return Array.from(parts, (part) => normalizeText(part.textContent ?? "")).filter(Boolean);
}

const { values } = parseArgs({
  options: { html: { type: "string" }, config: { type: "string" }, out: { type: "string" } },
});
if (!values.html || !values.config || !values.out) throw new Error("usage: --html F --config F --out F");
const config = JSON.parse(readFileSync(values.config, "utf8")) as HtmlConfig;
const { document } = parseHTML(readFileSync(values.html, "utf8"));

const furniture = new Set<string>(config.furniture ?? []);
for (const selector of config.furnitureRegions)
  for (const region of Array.from(document.querySelectorAll(selector)))
    for (const text of regionTexts(region as unknown as Element)) furniture.add(text);

const article = document.querySelector(config.article);
if (!article) throw new Error(`no ${config.article} in ${values.html}`);
for (const selector of config.remove ?? [])
  for (const part of Array.from(article.querySelectorAll(selector))) part.remove();
// Captions written as plain paragraphs inside a figure div: taken out of the body, kept as captions.
const captions: string[] = [];
for (const selector of config.captions ?? [])
  for (const caption of Array.from(article.querySelectorAll(selector))) {
    captions.push(normalizeText(caption.textContent ?? ""));
    caption.remove();
  }
// The boilerplate sections' text, from their heading to the next heading of that level or higher.
for (const heading of Array.from(article.querySelectorAll("h2"))) {
  if (!config.boilerplateSections?.includes(normalizeText(heading.textContent ?? ""))) continue;
  for (let node = heading.nextElementSibling; node && !/^H[12]$/.test(node.tagName); ) {
    const text = normalizeText(node.textContent ?? "");
    if (text) furniture.add(text);
    node = node.nextElementSibling;
  }
}

const ast = pandocJson(["-f", "html"], article.outerHTML);
const result = truthFromAst(ast, {
  ...config,
  skipSections: [...(config.skipSections ?? []), ...(config.boilerplateSections ?? [])],
  furniture: [...furniture],
});
// An image whose alt text repeats its caption is read as a captioned figure too: each caption once.
result.truth.nonBody.captions = [...new Set([...result.truth.nonBody.captions, ...captions.filter(Boolean)])];
writeTruth(values.out, result);

/**
 * Ground truth from a document's source through pandoc's JSON AST (pandoc 2.17, Debian 12): body
 * paragraphs and list items become sentences (split by the runtime's ICU segmenter, not by the product's
 * splitter), headers become headings, notes footnotes, figure and table captions captions, a `refs` or
 * `thebibliography` div the references. Sentences whose printed form the source cannot tell (math,
 * unknown LaTeX commands) are dropped and counted, never guessed.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { normalizeText, segmentSentences, type Truth } from "../../ingest-metrics.ts";
import { closePunctuation } from "./truth-text.ts";

// biome-ignore lint/suspicious/noExplicitAny: pandoc's JSON AST is untyped here on purpose
type Node = any;

/** Stands for text the source cannot tell as printed (math, raw LaTeX); a sentence holding it is dropped. */
const UNKNOWN = "\uE000";

export interface TruthOptions {
  language: "en" | "nl";
  kind: Truth["kind"];
  layout: string;
  holdout: boolean;
  /** Prefix headings with their number as printed ("2.1 Methods"); appendix headings from `appendix` get letters. */
  numberSections?: boolean;
  appendix?: string;
  /** What follows the number ("." in "3.1. Methods"). */
  numberSuffix?: string;
  /** Caption prefixes as the document prints them. */
  figureLabel?: (n: number) => string;
  tableLabel?: (n: number) => string;
  /** Headers whose section is bibliography or otherwise non-body (e.g. "Bronnen"): its items are references. */
  referenceSections?: string[];
  /** Headers whose whole section is left out of the truth (generated navigation, code). */
  skipSections?: string[];
  /**
   * Headers of declarations about the paper rather than its subject ("Author contributions"), which a
   * reader leaves out of what it teaches, as the competing-interests notice of a journal class: the
   * heading and its paragraphs are furniture.
   */
  noticeSections?: string[];
  /**
   * Everything before the first heading is front matter, as a Word report's cover page, document
   * metadata, disclaimer and table of contents are: its lines are furniture (its tables stay table rows).
   */
  frontMatterFurniture?: boolean;
  /** Page furniture seen on the rendered pages (running heads, front-matter notices). */
  furniture?: string[];
  /** Classes of divs that are front matter, not body (an author block): each printed line is furniture. */
  furnitureDivs?: string[];
  /** Extra headings printed but absent from the AST (a title set by a class). */
  title?: string;
  /**
   * The document's font has no small capitals, so LaTeX sets `\textsc{cran}` as capitals and the page's
   * text reads "CRAN" (Times in the IEEE VGTC class). Check the PDF's text before setting it.
   */
  smallCapsAsCapitals?: boolean;
}

export interface TruthResult {
  truth: Truth;
  dropped: string[];
}

/** Runs pandoc on `input` (a string, or stdin empty and a file named in `args`) to its JSON AST. */
export function pandocJson(args: string[], input?: string): Node {
  const output = execFileSync("pandoc", [...args, "-t", "json"], { input, maxBuffer: 64 << 20 });
  return JSON.parse(output.toString());
}

const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/**
 * Digits set raised ("alluded,\textsuperscript{\ref{foot:x}}") are a mark, as on the page: written as
 * superscript digits, they are dropped like any other footnote mark when texts are compared.
 */
function raised(text: string): string {
  return /^\d+$/.test(text) ? [...text].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join("") : text;
}

/** The text of inlines as printed; notes are left out (they are collected separately). */
export function inlineText(inlines: Node[]): string {
  return inlines.map(inlineNodeText).join("");
}

function inlineNodeText(node: Node): string {
  switch (node.t) {
    case "Str":
      return node.c;
    case "Space":
    case "SoftBreak":
    case "LineBreak":
      return " ";
    case "Emph":
    case "Underline":
    case "Strong":
    case "Strikeout":
    case "Subscript":
    case "SmallCaps":
      return inlineText(node.c);
    case "Superscript":
      return raised(inlineText(node.c));
    case "Quoted":
      return node.c[0].t === "SingleQuote" ? `‘${inlineText(node.c[1])}’` : `“${inlineText(node.c[1])}”`;
    case "Cite":
      return inlineText(node.c[1]);
    case "Code":
      return node.c[1];
    case "Math":
    case "RawInline":
      return UNKNOWN;
    case "Link":
    case "Span":
      return inlineText(node.c[1]);
    case "Image":
    case "Note":
      return "";
    default:
      throw new Error(`pandoc inline ${node.t} not handled`);
  }
}

function notesOf(inlines: Node[]): Node[][] {
  const notes: Node[][] = [];
  const walk = (node: Node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      if (node.t === "Note") notes.push(node.c);
      else if (node.c) walk(node.c);
    }
  };
  walk(inlines);
  return notes;
}

const INLINES = new Set(
  "Str Space SoftBreak LineBreak Emph Underline Strong Strikeout Superscript Subscript SmallCaps Quoted Cite Code Math RawInline Link Span Image Note".split(
    " ",
  ),
);

/** All text of any block or inline tree (tables, captions, notes); attributes and URLs are plain strings. */
export function anyText(node: Node): string {
  if (Array.isArray(node)) {
    // A list of inlines is one run of text; any other list (blocks, rows, cells) is separated by spaces.
    if (INLINES.has(node[0]?.t)) return inlineText(node);
    return node.map(anyText).filter(Boolean).join(" ");
  }
  if (!node || typeof node !== "object") return "";
  switch (node.t) {
    case "Str":
    case "Space":
    case "SoftBreak":
    case "LineBreak":
    case "Code":
    case "Math":
    case "RawInline":
    case "Note":
    case "Image":
    case "Quoted":
      return inlineNodeText(node);
    default:
      return anyText(node.c);
  }
}

/** The printed lines of blocks: each paragraph split at its line breaks. */
function lineTexts(blocks: Node[]): string[] {
  const lines: string[] = [];
  for (const block of blocks) {
    const inlines: Node[] = block.t === "Para" || block.t === "Plain" ? block.c : [];
    let line: Node[] = [];
    for (const inline of [...inlines, { t: "LineBreak" }]) {
      if (inline.t !== "LineBreak") line.push(inline);
      else {
        const text = clean(inlineText(line)).replace(new RegExp(UNKNOWN, "g"), "");
        if (text) lines.push(text);
        line = [];
      }
    }
  }
  return lines;
}

const RUN_IN_MAX_WORDS = 8;

/**
 * A paragraph that opens with a bold title on a line of its own ("\\textbf{Tab Completion} \\\\ Almost all
 * …", a box's title): the title is a heading of the document, as a reader sees it, not the start of a
 * sentence.
 */
function runInTitle(inlines: Node[]): { title: Node[]; text: Node[] } | null {
  const [first, ...rest] = inlines;
  if (first?.t !== "Strong") return null;
  // A bold sentence on its own line ("**Reducing the price of a good increases the demand for it.**") is
  // a sentence; a title is short and has no final punctuation.
  const title = clean(inlineText(first.c));
  if (title.split(/\s+/u).length > RUN_IN_MAX_WORDS || /[.,;:!?]$/u.test(title)) return null;
  const breakAt = rest.findIndex((inline) => inline.t !== "Space" && inline.t !== "SoftBreak");
  if (rest[breakAt]?.t !== "LineBreak") return null;
  return { title: first.c, text: rest.slice(breakAt + 1) };
}

function clean(text: string): string {
  return closePunctuation(normalizeText(text));
}

export function truthFromAst(ast: Node, options: TruthOptions): TruthResult {
  if (options.smallCapsAsCapitals) capitaliseSmallCaps(ast);
  const truth: Truth = {
    language: options.language,
    kind: options.kind,
    layout: options.layout,
    holdout: options.holdout,
    sentences: [],
    headings: options.title ? [options.title] : [],
    nonBody: { captions: [], footnotes: [], furniture: options.furniture ?? [], references: [], tables: [] },
  };
  const dropped: string[] = [];
  const counters: number[] = [];
  let inAppendix = false;
  let figures = 0;
  let tables = 0;
  let section: "body" | "references" | "skip" | "notice" = options.frontMatterFurniture ? "notice" : "body";

  const addProse = (inlines: Node[]) => {
    for (const note of notesOf(inlines)) addFootnote(note);
    if (section === "skip") return;
    const text = clean(inlineText(inlines));
    if (text === "") return;
    if (section === "references" || section === "notice") {
      truth.nonBody[section === "notice" ? "furniture" : "references"].push(
        text.replace(new RegExp(UNKNOWN, "g"), ""),
      );
      return;
    }
    for (const sentence of segmentSentences(text, options.language)) {
      if (sentence.includes(UNKNOWN)) dropped.push(sentence);
      else truth.sentences.push(sentence);
    }
  };
  const addFootnote = (blocks: Node[]) => {
    const text = clean(anyText(blocks)).replace(new RegExp(UNKNOWN, "g"), "");
    if (text) truth.nonBody.footnotes.push(text);
  };
  const addHeading = (level: number, attr: Node, inlines: Node[]) => {
    for (const note of notesOf(inlines)) addFootnote(note);
    const text = clean(inlineText(inlines));
    if (options.appendix && text === options.appendix) {
      inAppendix = true;
      counters.length = 0;
    }
    section = options.referenceSections?.includes(text)
      ? "references"
      : options.skipSections?.includes(text)
        ? "skip"
        : options.noticeSections?.includes(text)
          ? "notice"
          : "body";
    if (section === "skip") return;
    if (section === "notice") {
      truth.nonBody.furniture.push(text);
      return;
    }
    const numbered = options.numberSections && !attr[1].includes("unnumbered");
    let label = "";
    if (numbered) {
      counters.length = level;
      counters[level - 1] = (counters[level - 1] ?? 0) + 1;
      const parts = Array.from(counters, (value) => String(value ?? 0));
      if (inAppendix) parts[0] = String.fromCharCode(64 + Number(parts[0]));
      label = `${parts.join(".")}${options.numberSuffix ?? ""} `;
    }
    truth.headings.push(`${label}${text}`.replace(new RegExp(UNKNOWN, "g"), "").trim());
  };
  const addFigure = (image: Node) => {
    figures += 1;
    const caption = clean(inlineText(image.c[1]));
    for (const note of notesOf(image.c[1])) addFootnote(note);
    truth.nonBody.captions.push(
      `${options.figureLabel?.(figures) ?? ""}${caption}`.replace(new RegExp(UNKNOWN, "g"), ""),
    );
  };
  const addTable = (table: Node) => {
    tables += 1;
    const [, caption, , head, bodies, foot] = table.c;
    const captionText = clean(anyText(caption[1]));
    if (captionText) truth.nonBody.captions.push(`${options.tableLabel?.(tables) ?? ""}${captionText}`);
    const rows = [head[1], ...bodies.flatMap((body: Node) => [body[2], body[3]]), foot[1]].flat();
    for (const row of rows) {
      const text = clean(anyText(row[1].map((cell: Node) => cell[4])));
      if (text) truth.nonBody.tables.push(text.replace(new RegExp(UNKNOWN, "g"), ""));
    }
  };

  const walk = (blocks: Node[]) => {
    for (const block of blocks) {
      switch (block.t) {
        case "Header":
          addHeading(block.c[0], block.c[1], block.c[2]);
          break;
        case "Para":
        case "Plain": {
          const only = block.c.length === 1 ? block.c[0] : null;
          const runIn = runInTitle(block.c);
          if (only?.t === "Image") {
            if (only.c[2][1].startsWith("fig:") || only.c[1].length > 0) addFigure(only);
          } else if (runIn) {
            truth.headings.push(clean(inlineText(runIn.title)));
            addProse(runIn.text);
          } else addProse(block.c);
          break;
        }
        case "LineBlock":
          for (const line of block.c) addProse(line);
          break;
        case "BlockQuote":
          walk(block.c);
          break;
        case "BulletList":
          for (const item of block.c) walk(item);
          break;
        case "OrderedList":
          for (const item of block.c[1]) walk(item);
          break;
        case "DefinitionList":
          for (const [term, definitions] of block.c) {
            addProse(term);
            for (const definition of definitions) walk(definition);
          }
          break;
        case "Div": {
          const [id, classes] = block.c[0];
          if (id === "refs" || classes.includes("thebibliography") || classes.includes("references")) {
            for (const entry of block.c[1]) {
              const text = clean(anyText(entry)).replace(new RegExp(UNKNOWN, "g"), "");
              if (text) truth.nonBody.references.push(text);
            }
          } else if (options.furnitureDivs?.some((name) => classes.includes(name))) {
            for (const line of lineTexts(block.c[1])) truth.nonBody.furniture.push(line);
          } else walk(block.c[1]);
          break;
        }
        case "Table":
          addTable(block);
          break;
        case "CodeBlock":
        case "RawBlock":
        case "HorizontalRule":
        case "Null":
          break;
        default:
          throw new Error(`pandoc block ${block.t} not handled`);
      }
    }
  };
  walk(ast.blocks);
  return { truth, dropped };
}

/** Writes every SmallCaps span's words in capitals, in place. */
function capitaliseSmallCaps(node: unknown, inSmallCaps = false): void {
  if (Array.isArray(node)) {
    for (const child of node) capitaliseSmallCaps(child, inSmallCaps);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const element: Node = node;
  if (inSmallCaps && element.t === "Str") element.c = element.c.toUpperCase();
  else capitaliseSmallCaps(element.c ?? element.blocks, inSmallCaps || element.t === "SmallCaps");
}

export function writeTruth(path: string, result: TruthResult) {
  writeFileSync(path, `${JSON.stringify(result.truth, null, 2)}\n`);
  const { truth, dropped } = result;
  console.log(
    `${path}: ${truth.sentences.length} sentences, ${truth.headings.length} headings, ${truth.nonBody.captions.length} captions, ${truth.nonBody.footnotes.length} footnotes, ${truth.nonBody.references.length} references, ${truth.nonBody.tables.length} table rows; ${dropped.length} sentences dropped (math or raw markup)`,
  );
}

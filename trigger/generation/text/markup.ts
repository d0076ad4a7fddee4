import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { joinAcrossLines } from "../ingest/hyphenation.ts";
import { detectLanguage, escapeRegExp } from "./language.ts";
import { WORD_LISTS } from "./lexicon/index.ts";

const LIST_MARKER = /^(?:[-*+•]|\d{1,3}[.)])\s+/;
const QUOTE_MARKER = /^(?:>\s?)+/;
const IMAGE = /!\[([^\]]*)\]\([^)]*\)/g;
const LINK = /\[([^\]]+)\]\([^)]*\)/g;
const EMPHASIS = /(\*\*|\*|~~|`)(?=\S)(.+?)(?<=\S)\1/g;
// Underscores inside a word are never emphasis (CommonMark's flanking rule): "personal_name and
// family_name", "fig_3_a.png" keep theirs.
const UNDERSCORE_EMPHASIS = /(?<![\p{L}\p{N}_])(__|_)(?=\S)(.+?)(?<=\S)\1(?![\p{L}\p{N}_])/gu;
// A footnote mark after a word or punctuation ("plants¹", "we⁸", "flowers.²"), never a power: of a unit
// ("km²", "ft³") or of a one-letter symbol ("x²", "m³").
const NOTE_MARK = /(\p{L}+|[.,;:)”"])([¹²³⁰⁴⁵⁶⁷⁸⁹]+)/gu;
const POWERED_UNITS = new Set("km cm mm dm nm µm μm ha ft in yd mi".split(" "));
const isPower = (before: string) =>
  (before.length === 1 && /\p{L}/u.test(before)) || POWERED_UNITS.has(before.toLowerCase());
// A numbered reference ("[10]", "[7, 11]", "[3–5]"): the learner reads the claim, not the pointer.
// IEEE sets each number in its own brackets: "[3], [15]", "[1], [28]–[36]" go as one.
const REFERENCE_NUMBER =
  /\s?\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\](?:\s?[,–-]\s?\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\])*/g;

const anyOf = (list: readonly string[]) => list.map(escapeRegExp).join("|");
const POINTER_WORDS = anyOf(Object.values(WORD_LISTS).flatMap((lists) => lists.pointerWords));
const POINTER_LEADS = anyOf(Object.values(WORD_LISTS).flatMap((lists) => lists.pointerLeads));
// A label with a number in it ("2A", "4.2", "S3"), and more labels joined to it ("1 and 2", "3–5").
const POINTER_LABEL = String.raw`(?=[\p{L}\p{N}.]*\p{N})[\p{L}\p{N}][\p{L}\p{N}.]*`;
// A parenthesis that only points elsewhere in the document: "(Fig. 2A)", "(See Fig. 1A)", "(Sec. 4)",
// "(zie tabel 3)". Read inside a claim it is clutter, and a learner cannot follow it.
const POINTER = new RegExp(
  String.raw`\s?\((?:(?:${POINTER_LEADS})\.?\s+)?(?:${POINTER_WORDS})\.?\s*${POINTER_LABEL}` +
    String.raw`(?:\s*(?:,|&|and|en|[–-])\s*${POINTER_LABEL})*\)`,
  "giu",
);
// A numbered recommendation's label in a parenthesis ("Record all the steps (1d): …", "(3c) Make …").
const ITEM_LABEL = /\s?\(\d{1,2}[a-z]\)(?=[\s:.,;)]|$)/gu;

/**
 * A line without its Markdown markup (list and quote markers, links, images and emphasis) and without
 * the marks that point elsewhere: footnote marks and numbered references. Citations still quote the
 * line as printed; only the text items are made from loses them.
 */
export function plainText(line: string): string {
  return withoutMarks(line)
    .replace(QUOTE_MARKER, "")
    .replace(LIST_MARKER, "")
    .replace(IMAGE, "$1")
    .replace(LINK, "$1")
    .replace(EMPHASIS, "$2")
    .replace(UNDERSCORE_EMPHASIS, "$2")
    .trim();
}

/** Characters with a meaning inside a line, or a block marker (list, quote, heading) at its start. */
const INLINE_MARKUP = /[\\`*_[\]!<>&~|]/;
const BLOCK_MARKER = /^\s*(?:[-+*>#=]|\d{1,9}[.)])/;

function mayHoldMarkdown(line: string): boolean {
  return INLINE_MARKUP.test(line) || BLOCK_MARKER.test(line);
}

const MARKDOWN_OPTIONS = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

/**
 * The lines of one Markdown paragraph without their markup, line for line: inline markup can span lines
 * ("[some more advice from the LaTeX" / "Project](https://…)"), so the paragraph is parsed whole (by
 * mdast-util-from-markdown, CommonMark with GitHub's extensions) and each piece of its text goes back to
 * the line it was written on. Text is what a reader of the rendered page sees: link and emphasis text,
 * code spans, images' alt text, escapes resolved; footnote references, link targets and list and quote
 * markers are left out. Footnote marks and numbered references go as in plainText.
 */
export function plainLines(lines: readonly string[]): string[] {
  // Most prose has no character Markdown gives a meaning to, and then reads as typed (parsing costs ~1 ms).
  if (!lines.some(mayHoldMarkdown)) return lines.map((line) => withoutMarks(line).trim());
  // Indentation only nests lists here; a paragraph's lines read alone must not turn into a code block.
  const tree = fromMarkdown(lines.map((line) => line.trimStart()).join("\n"), MARKDOWN_OPTIONS);
  const plain = lines.map(() => "");
  const write = (line: number, text: string) => {
    text.split("\n").forEach((piece, offset) => {
      const index = line + offset;
      if (index < plain.length) plain[index] += piece;
    });
  };
  const visit = (node: Nodes) => {
    const line = (node.position?.start.line ?? 1) - 1;
    if (node.type === "text" || node.type === "inlineCode" || node.type === "html") write(line, node.value);
    else if (node.type === "image") write(line, node.alt ?? "");
    else if (node.type === "footnoteReference" || node.type === "definition") return;
    else if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return plain.map((line) => withoutMarks(line).trim());
}

/**
 * Text that is never Markdown (a Word document, a PDF, a web page's text) without the marks that point
 * elsewhere and a list marker typed at the start of its paragraph; its asterisks, underscores, brackets
 * and backticks stay. A dash that opens a later line of a paragraph goes on with a sentence
 * ("… appropriately" / "- https://capitalizemytitle.com/ has …"): a list item opens a paragraph.
 */
export function plainProse(line: string, opensParagraph = true): string {
  const text = withoutMarks(line);
  return (opensParagraph ? text.replace(LIST_MARKER, "") : text).trim();
}

/**
 * A text without its footnote marks, numbered references and pointers to figures, tables or sections:
 * what generation reads as the claim.
 */
export function withoutMarks(line: string): string {
  return line
    .replace(NOTE_MARK, (mark, before: string) => (isPower(before) ? mark : before))
    .replace(REFERENCE_NUMBER, "")
    .replace(POINTER, "")
    .replace(ITEM_LABEL, "");
}

/** Source kinds whose text may carry Markdown markup: Markdown files, and plain or pasted text. */
export function mayHoldMarkup(kind: string): boolean {
  return kind === "markdown" || kind === "text" || kind === "pasted";
}

/** Lines that hold no prose to learn from: table rows, rules, code fences. */
export function isNonProse(line: string): boolean {
  return /^(\|.*\||[-=*_]{3,}|```.*|~~~.*)$/.test(line);
}

/**
 * Joins consecutive lines of one paragraph into running text. Returns the text and where each line
 * starts in it. Where ingestion knew the layout, `joins[i]` says how line i meets line i + 1: a word
 * broken across the line end is joined without a space, keeping its hyphen when `true` ("well-known")
 * and dropping it when `false` ("transpi-" + "ration"); `undefined` there means a plain space. Without
 * `joins` (plain or pasted text, or lines checked on their own), the same rules ingestion uses decide,
 * only without the document's own spelling to go by ("photo-" + "synthesis" → "photosynthesis").
 */
export function joinLines(
  lines: readonly string[],
  joins?: ReadonlyArray<boolean | undefined>,
): { text: string; starts: number[] } {
  let text = "";
  const starts: number[] = [];
  lines.forEach((line, index) => {
    const join = joins ? joins[index - 1] : guessJoin(text, line);
    if (index === 0 || text === "") {
      starts.push(text.length);
      text += line;
    } else if (join === undefined) {
      starts.push(text.length + 1);
      text += ` ${line}`;
    } else {
      if (!join && text.endsWith("-")) text = text.slice(0, -1);
      starts.push(text.length);
      text += line;
    }
  });
  return { text, starts };
}

const NO_VOCABULARY: ReadonlySet<string> = new Set();

function guessJoin(text: string, line: string): boolean | undefined {
  if (!text.endsWith("-")) return undefined;
  return joinAcrossLines(text, line, detectLanguage(`${text} ${line}`), NO_VOCABULARY)?.hyphen;
}

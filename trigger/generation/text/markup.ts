import { joinAcrossLines } from "../ingest/hyphenation.ts";
import { detectLanguage } from "./language.ts";

const LIST_MARKER = /^(?:[-*+•]|\d{1,3}[.)])\s+/;
const QUOTE_MARKER = /^(?:>\s?)+/;
const IMAGE = /!\[([^\]]*)\]\([^)]*\)/g;
const LINK = /\[([^\]]+)\]\([^)]*\)/g;
const EMPHASIS = /(\*\*|__|\*|_|~~|`)(?=\S)(.+?)(?<=\S)\1/g;
// A footnote mark after a word or punctuation ("plants¹", "flowers.²"), never a unit's power ("km²").
const NOTE_MARK = /(?<=\p{L}{3,}|[.,;:)”"])[¹²³⁰⁴⁵⁶⁷⁸⁹]+/gu;
// A numbered reference ("[10]", "[7, 11]", "[3–5]"): the learner reads the claim, not the pointer.
const REFERENCE_NUMBER = /\s?\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\]/g;

/**
 * A line without its Markdown markup (list and quote markers, links, images and emphasis) and without
 * the marks that point elsewhere: footnote marks and numbered references. Citations still quote the
 * line as printed; only the text items are made from loses them.
 */
export function plainText(line: string): string {
  return line
    .replace(NOTE_MARK, "")
    .replace(REFERENCE_NUMBER, "")
    .replace(QUOTE_MARKER, "")
    .replace(LIST_MARKER, "")
    .replace(IMAGE, "$1")
    .replace(LINK, "$1")
    .replace(EMPHASIS, "$2")
    .trim();
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

import { joinLines } from "./markup.ts";

export interface Heading {
  /** 1 is the top level. */
  level: number;
  text: string;
}

interface LineContext {
  /** The nearest non-blank line before, if any. */
  previous?: string;
  /** Whether that line is a heading itself: a title may follow a title. */
  previousIsHeading?: boolean;
  /** The nearest non-blank line after, if any. */
  next?: string;
  /** Markdown sources mark their headings; only `#` lines count there. */
  markup: boolean;
}

export const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)(?:\s+#+)?$/;
const NUMBERING = /^(\d{1,2}(?:\.\d{1,2})*)\.?\s+\p{Lu}/u;
const CLOSING_PUNCTUATION = /[.!?…:;,]["'”’)]*$/;
const SENTENCE_END = /[.!?:]["'”’)]*$/;
const MAX_HEADING_WORDS = 9;
const MAX_HEADING_LENGTH = 80;

/**
 * The heading a line is, if any. Markdown headings (`#`) count in every kind of source. In sources
 * without markup (PDF, Word, plain text) a short capitalised line without closing punctuation counts
 * when it follows a finished sentence (or nothing) and is followed by text, so the structure follows
 * the author's own chapters; numbered titles ("2.1 Light") take their level from the numbering.
 */
export function headingOf(line: string, context: LineContext): Heading | null {
  const markdown = MARKDOWN_HEADING.exec(line);
  if (markdown?.[1] && markdown[2]) return { level: markdown[1].length, text: markdown[2].trim() };
  if (context.markup || !looksLikeTitle(line) || !context.next) return null;
  const previous = context.previous;
  const followsBreak =
    previous === undefined ||
    context.previousIsHeading === true ||
    SENTENCE_END.test(previous) ||
    MARKDOWN_HEADING.test(previous);
  if (!followsBreak) return null;
  const numbering = NUMBERING.exec(line)?.[1];
  // The number is layout; the title is what follows it ("2.1 Light" → level 2, "Light").
  if (numbering)
    return { level: numbering.split(".").length, text: line.slice(numbering.length).replace(/^\.?\s+/, "") };
  // An unnumbered title is followed by prose or a numbered title; a run of short lines is a list.
  if (looksLikeTitle(context.next) && !NUMBERING.test(context.next)) return null;
  return { level: 1, text: line };
}

function looksLikeTitle(line: string): boolean {
  if (line.length === 0 || line.length > MAX_HEADING_LENGTH) return false;
  if (line.split(" ").length > MAX_HEADING_WORDS) return false;
  if (CLOSING_PUNCTUATION.test(line)) return false;
  return /^(\d{1,2}(\.\d{1,2})*\.?\s+)?\p{Lu}/u.test(line) && /\p{L}{2}/u.test(line);
}

/** The headings of one page or file, by line index; blank lines are skipped when looking at neighbours. */
export function headingsOfLines(lines: readonly string[], markup: boolean): Map<number, Heading> {
  const nextNonBlank: Array<string | undefined> = new Array(lines.length);
  let next: string | undefined;
  for (let index = lines.length - 1; index >= 0; index--) {
    nextNonBlank[index] = next;
    if (lines[index]) next = lines[index];
  }
  const headings = new Map<number, Heading>();
  let previous: string | undefined;
  let previousIsHeading = false;
  lines.forEach((line, index) => {
    if (line === "") return;
    const heading = headingOf(line, { previous, previousIsHeading, next: nextNonBlank[index], markup });
    if (heading) headings.set(index, heading);
    previous = line;
    previousIsHeading = heading !== null;
  });
  return headings;
}

const RUN_IN_STOP =
  /(?<=\p{L}{2}|\))(?<!\bcont|\bcontd|\bctd|\bcontinued|\betc|\benz|\busw)\s*[.:\u2014\u2013]$/iu;
// A note's mark after a title ("Manuscript Title∗", "Ben Nagy¹") points to a footnote; it is no part of it.
const NOTE_MARK = /(?<=\p{L})[∗*†‡§¶¹²³⁴⁵⁶⁷⁸⁹⁰]+$/u;

/**
 * A heading the document's layout marked, from its lines: Markdown `#` marks, a leading number ("2.1")
 * and inline markup are not part of its title; the level is the layout's. `joins` are the layout's
 * joins after each line (a word broken over a title's two lines: "beheerorgani-" / "saties").
 */
export function headingFromLines(
  lines: readonly string[],
  level: number,
  joins?: ReadonlyArray<boolean | undefined>,
): Heading {
  const shown = lines
    // A Markdown underline (`===`, `---`) only marks the line above it.
    .filter((line) => !/^(=+|-+)$/.test(line))
    .map((line) => MARKDOWN_HEADING.exec(line)?.[2] ?? line);
  const text = (joins ? joinLines(shown, joins).text : shown.join(" "))
    .replace(/(\*\*|__|\*|_|`)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/^(?:\d{1,2}(?:\.\d{1,2})*\.?|\d{1,2}\)|[a-z]\))\s+(?=\p{L})/u, "")
    .trim()
    // A run-in heading keeps the stop that ends it on the page ("Paragraph.", "Abstract—"); its title
    // does not. "Results (cont.)" and "…, etc." keep their abbreviation.
    .replace(NOTE_MARK, "")
    .replace(RUN_IN_STOP, "");
  return { level, text };
}

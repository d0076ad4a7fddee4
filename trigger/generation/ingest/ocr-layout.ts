/**
 * The layout of recognised text, read from Tesseract's boxes instead of guessed from line shape:
 * headings are the short lines set in clearly larger type than the body, and paragraphs start where the
 * space between two lines is clearly more than the page's line spacing. Pure functions over plain boxes, so each rule is a table test.
 */

/** One recognised word: its text and where it sits (pixels of the page image). */
export interface OcrWord {
  text: string;
  left: number;
  right: number;
}

/** One recognised line: its words, top and bottom, and the height of its small letters (its type size). */
export interface OcrLine {
  words: OcrWord[];
  top: number;
  bottom: number;
  /**
   * Tesseract's x-height of the row (its row height less ascenders and descenders). It measures the
   * type, where the row height also measures which letters the line happens to hold.
   */
  xHeight: number;
}

/** A heading line: its level (1 = the largest type on these pages) and the last line it runs to. */
export interface OcrHeading {
  level: number;
  end: number;
}

/** Type at least this much larger than the body's is a heading size (body x-heights vary by about 5 %). */
const HEADING_SIZE_RATIO = 1.1;
/** Heading sizes within this ratio of each other are one level (the same style, read a bit apart). */
const SAME_LEVEL_RATIO = 1.06;
/** A line this much further below the previous one than the page's usual spacing opens a paragraph. */
const PARAGRAPH_GAP_RATIO = 1.3;
const MAX_HEADING_WORDS = 12;
const MAX_LEVEL = 6;

/**
 * The line's text: its words with a space between them, as Tesseract read them. The gaps between word
 * boxes are no evidence to rejoin words by: a tight justified line has 6 px word spaces at 200 dpi, as
 * narrow as the side bearings of a typewriter "[", and Tesseract's boxes of one word can overlap the
 * next even where a space is printed ("water" over "to"). One join is read from the boxes: a word that
 * opens with a file extension's dot goes on with the word before when it stands closer to it than the
 * line's words stand apart ("first" ".tex" is "first.tex"; "eindigt op" ".log." keeps its space).
 */
export function lineText(words: readonly OcrWord[]): string {
  const space = median(words.slice(1).map((word, index) => word.left - (words[index] as OcrWord).right));
  let text = words
    .map((word, index) => {
      const before = words[index - 1];
      if (!before) return word.text;
      const extension = EXTENSION_DOT.test(word.text) && word.left - before.right < space;
      return extension ? word.text : ` ${word.text}`;
    })
    .join("");
  for (const [pattern, replacement] of SPACES_NEVER_PRINTED) text = text.replace(pattern, replacement);
  return text;
}

// A word that opens with a dot and a small letter: a file extension (".tex", ".log").
const EXTENSION_DOT = /^\.\p{Ll}/u;

/**
 * Spaces Tesseract reads where print has none, by the characters around them: after a host's dot before
 * its domain ("learnlatex. org"), and between a command and its brackets ("\usepackage [dutch] {babel}").
 */
const SPACES_NEVER_PRINTED: ReadonlyArray<[RegExp, string]> = [
  [/(?<=\p{L}\.) (?=(?:org|com|net|edu|gov|io|nl|be|de|eu|uk)\b)/gu, ""],
  [/(?<=\\\p{L}+|[\]}]) (?=[[{])/gu, ""],
];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Lines that open a paragraph: where the distance from the previous line's top is clearly more than
 * the page's usual distance (a blank line, the space before a heading), besides Tesseract's own starts.
 */
export function paragraphStarts(
  lines: readonly OcrLine[],
  tesseractStarts: ReadonlySet<number>,
): Set<number> {
  const starts = new Set([...tesseractStarts].filter((line) => line > 0 && line < lines.length));
  const pitches = lines.slice(1).map((line, index) => line.top - (lines[index]?.top ?? 0));
  if (pitches.length === 0) return starts;
  const usual = median(pitches);
  pitches.forEach((pitch, index) => {
    if (pitch > usual * PARAGRAPH_GAP_RATIO) starts.add(index + 1);
  });
  return starts;
}

/** A line that reads as a title: a few words with a letter, not ending as a sentence or clause does. */
function headingShaped(text: string): boolean {
  const trimmed = text.trim();
  const words = trimmed.split(/\s+/).length;
  return /\p{L}/u.test(trimmed) && words <= MAX_HEADING_WORDS && !/[.,;:!]$/.test(trimmed);
}

/**
 * Headings of all recognised pages at once, so a size means the same level on every page: lines whose
 * type is clearly larger than the body's (the median x-height of all pages) and shaped like a title. Sizes
 * rank the levels, largest first; consecutive heading lines of one size are one heading.
 */
export function ocrHeadings(pages: readonly (readonly OcrLine[])[]): Map<number, OcrHeading>[] {
  const body = median(pages.flat().map((line) => line.xHeight));
  const isHeading = (line: OcrLine) =>
    body > 0 && line.xHeight >= body * HEADING_SIZE_RATIO && headingShaped(lineText(line.words));
  const sizes = headingSizes(
    pages
      .flat()
      .filter(isHeading)
      .map((line) => line.xHeight),
  );
  const levelOf = (line: OcrLine) =>
    Math.min(MAX_LEVEL, 1 + sizes.findIndex((size) => line.xHeight >= size / SAME_LEVEL_RATIO));
  return pages.map((lines) => {
    const headings = new Map<number, OcrHeading>();
    let open: { line: number; level: number } | undefined;
    lines.forEach((line, index) => {
      if (!isHeading(line)) {
        open = undefined;
        return;
      }
      const level = levelOf(line);
      if (open && open.level === level) headings.set(open.line, { level, end: index });
      else {
        open = { line: index, level };
        headings.set(index, { level, end: index });
      }
    });
    return headings;
  });
}

/** The distinct heading sizes, largest first: a size within SAME_LEVEL_RATIO of a larger one joins it. */
function headingSizes(heights: readonly number[]): number[] {
  const sizes: number[] = [];
  for (const height of [...heights].sort((a, b) => b - a)) {
    const last = sizes[sizes.length - 1];
    if (last === undefined || height * SAME_LEVEL_RATIO < last) sizes.push(height);
  }
  return sizes;
}

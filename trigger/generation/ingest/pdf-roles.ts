/**
 * The roles of PDF lines that are not running body text: table rows, figure and table captions,
 * footnotes and list items (docs/ingestion.md, "PDF", "Line roles"). Lines are read in the order
 * pdf-regions.ts gives; "the column" of a line is the region it was read in.
 */
import { continuesBrokenWord } from "./hyphenation.ts";
import { endsClause, type PageLayout } from "./layout.ts";
import { isCapitalsHeadingText, isCaptionText, isListText } from "./non-body.ts";
import type { PdfLine, PdfPage } from "./pdf-regions.ts";

export interface BodyStyle {
  size: number;
  bold: boolean;
  /** The running text is set in a sans-serif face. */
  sans: boolean;
  /** The usual distance between the baselines of two lines of one paragraph. */
  leading: number;
}

/** Footnotes and captions are set at most this share of the body size when smaller. */
const SMALLER = 0.92;
/** A footnote block starts with its mark: a (superscript) number or a symbol. */
// "∗" (U+2217) is the asterisk TeX's math fonts set ("∗Both authors contributed equally").
const FOOTNOTE_MARK = /^(?:[⁰¹²³⁴-⁹]+\s?\S|\d{1,3}\s?\p{L}|\d{1,3}\s|[*∗†‡§¶]+\s?\S)/u;
/** A note's raised mark at the start of a line: "¹Institute of …". */
const RAISED_MARK = /^[⁰¹²³⁴-⁹]+\s?\p{L}/u;
/** Footnotes sit in the lower part of the page: below this share of its height. */
const FOOTNOTE_BAND = 0.6;

/** A line that opens with a footnote's mark ("¹ See …", "2 See …", "∗Both authors …", "† Deceased"). */
export function opensWithFootnoteMark(text: string): boolean {
  return FOOTNOTE_MARK.test(text);
}

export function markRoles(pages: readonly PdfPage[], layouts: readonly PageLayout[], body: BodyStyle) {
  pages.forEach((page, pageIndex) => {
    const layout = layouts[pageIndex];
    if (!layout) return;
    page.lines.forEach((line, index) => {
      if (layout.furniture.has(index)) return;
      if (line.mono && !continuesLineAbove(page, layout, index)) layout.roles.set(index, "code");
      else if (line.table) layout.roles.set(index, "table");
    });
    markCaptions(page.lines, layout, body);
    markFootnotes(page, layout, body);
  });
}

/**
 * An address or a word of code set in typewriter type that breaks onto a line of its own goes on with
 * the line above it.
 */
function continuesLineAbove(page: PdfPage, layout: PageLayout, index: number): boolean {
  const before = page.lines[previousInColumn(page.lines, layout, index)];
  return Boolean(before && continuesBrokenWord(before.text, page.lines[index]?.text ?? ""));
}

/** The index of the line before `index` in the same column that is not furniture, or -1. */
function previousInColumn(lines: readonly PdfLine[], layout: PageLayout, index: number): number {
  const column = lines[index]?.column.id;
  for (let before = index - 1; before >= 0; before--) {
    if (layout.furniture.has(before)) continue;
    return lines[before]?.column.id === column ? before : -1;
  }
  return -1;
}

/** A caption that is only its word and number: "TABLE I", "Figure 3.", "Tabel 2:". */
const BARE_CAPTION_LABEL = /^\p{L}+\s+[\dIVXLC]+(?:\.\d+)*[.:]?$/u;

/**
 * A caption opens with its word and number ("Figure 4.3:", "Tabel 2", see non-body.ts) at the start of
 * a block: the first line of its column, or after a line that ends a sentence, a wider gap or another
 * font size. Its next lines, in the same size and spacing, belong to it.
 */
function markCaptions(lines: readonly PdfLine[], layout: PageLayout, body: BodyStyle) {
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as PdfLine;
    if (layout.furniture.has(index) || layout.roles.has(index) || !isCaptionText(line.text)) continue;
    const before = previousInColumn(lines, layout, index);
    const previous = lines[before];
    const opensBlock =
      !previous ||
      layout.roles.has(before) ||
      endsClause(previous.text) ||
      previous.y - line.y > body.leading * 1.35 ||
      Math.abs(previous.size - line.size) > 0.5;
    if (!opensBlock) continue;
    layout.roles.set(index, "caption");
    const pitch = body.leading * (line.size / (body.size || line.size)) * 1.35;
    // A label on a line of its own ("TABLE I" over "FREQUENCY OF SPECIAL CHARACTERS" in small capitals)
    // is followed by its title, whatever size that is set in.
    const bareLabel = BARE_CAPTION_LABEL.test(line.text);
    let last = line;
    for (let next = index + 1; next < lines.length; next++) {
      const candidate = lines[next] as PdfLine;
      if (layout.furniture.has(next)) continue;
      const titleOfLabel = bareLabel && last === line;
      const goesOn =
        !layout.roles.has(next) &&
        candidate.column.id === line.column.id &&
        (titleOfLabel || Math.abs(candidate.size - line.size) <= 0.5) &&
        last.y - candidate.y > 0 &&
        last.y - candidate.y <= pitch &&
        !isCaptionText(candidate.text);
      if (!goesOn) break;
      layout.roles.set(next, "caption");
      last = candidate;
      index = next;
    }
  }
}

/**
 * Footnotes: the lines at the foot of a column, below the text and smaller than it, from the first one
 * that opens with a mark ("¹", "2", "*") or sits apart from the text above it, down. Footnotes of two
 * columns are found per column; notes set across the page under both columns are a column of their
 * own. A block in small type that opens with a raised mark ("¹Institute of …" under a title) is a note
 * wherever it sits.
 */
function markFootnotes(page: PdfPage, layout: PageLayout, body: BodyStyle) {
  const small = (line: PdfLine) => line.size <= body.size * SMALLER;
  const columns = new Map<number, number[]>();
  page.lines.forEach((line, index) => {
    if (layout.furniture.has(index)) return;
    columns.set(line.column.id, [...(columns.get(line.column.id) ?? []), index]);
  });
  for (const indexes of columns.values()) {
    const bottomUp = [...indexes].sort((p, q) => (page.lines[p]?.y ?? 0) - (page.lines[q]?.y ?? 0));
    const foot: number[] = [];
    for (const index of bottomUp) {
      const line = page.lines[index] as PdfLine;
      if (!small(line) || layout.roles.has(index) || line.y > page.height * FOOTNOTE_BAND) break;
      foot.unshift(index);
    }
    const above = page.lines[bottomUp[foot.length] ?? -1];
    const first = page.lines[foot[0] ?? -1];
    // Set apart, but a title ("REFERENCES", or a lone bold line, at the foot of a column with its text
    // in the next): no notes.
    const apart =
      above !== undefined &&
      first !== undefined &&
      above.y - first.y > body.leading * 1.5 &&
      !isCapitalsHeadingText(first.text) &&
      !(first.bold && foot.length === 1);
    const start = apart ? 0 : foot.findIndex((index) => opensWithFootnoteMark(page.lines[index]?.text ?? ""));
    if (start === -1) continue;
    for (const index of foot.slice(start)) layout.roles.set(index, "footnote");
  }
  page.lines.forEach((line, index) => {
    if (
      layout.roles.has(index) ||
      layout.furniture.has(index) ||
      !RAISED_MARK.test(line.text) ||
      !(small(line) || atFootApart(page, layout, index, body))
    )
      return;
    layout.roles.set(index, "footnote");
    for (let next = index + 1; next < page.lines.length; next++) {
      const candidate = page.lines[next] as PdfLine;
      const previous = page.lines[next - 1] as PdfLine;
      const goesOn =
        !layout.roles.has(next) &&
        Math.abs(candidate.size - line.size) < 0.5 &&
        candidate.column.id === line.column.id &&
        previous.y - candidate.y > 0 &&
        previous.y - candidate.y <= body.leading * 1.35;
      if (!goesOn) break;
      layout.roles.set(next, "footnote");
    }
  });
}

/**
 * A line in the lower part of the page with no text within a line and a half above it: where a note
 * that opens with a raised mark is set at the text's own size (as Word's footnotes often are), this is
 * what still tells it from the text. A line of running text never opens with a raised mark: the mark
 * cannot be broken from the word it follows.
 */
function atFootApart(page: PdfPage, layout: PageLayout, index: number, body: BodyStyle): boolean {
  const line = page.lines[index] as PdfLine;
  if (line.y > page.height * FOOTNOTE_BAND) return false;
  const above = page.lines.filter((other, at) => !layout.furniture.has(at) && other.y > line.y);
  const nearest = Math.min(...above.map((other) => other.y - line.y));
  return nearest > body.leading * 1.5;
}

/** A line that opens a list item: by its text ("• …", "1. …", "a) …") or by a marker set apart ("R1"). */
export function opensListItem(line: PdfLine): boolean {
  return isListText(line.text) || line.marked === true;
}

/**
 * List items ("•", "1.", "a)") and the lines their text wraps onto, set in under the item's text (a
 * hanging indent). Items stay body text; each starts a paragraph (see markParagraphs in pdf.ts). A
 * numbered heading ("1. Introduction") is a heading, not an item: headings are marked first.
 */
export function markLists(pages: readonly PdfPage[], layouts: readonly PageLayout[], body: BodyStyle) {
  pages.forEach((page, pageIndex) => {
    const layout = layouts[pageIndex];
    if (layout) markListLines(page.lines, layout, body);
  });
}

function markListLines(lines: readonly PdfLine[], layout: PageLayout, body: BodyStyle) {
  let item: PdfLine | null = null;
  let last: PdfLine | null = null;
  lines.forEach((line, index) => {
    if (layout.furniture.has(index)) return;
    if (layout.roles.has(index) || layout.headings.has(index)) {
      item = null;
      return;
    }
    if (opensListItem(line) && !continuesSentence(lines, layout, index, body)) {
      layout.roles.set(index, "list");
      [item, last] = [line, line];
      return;
    }
    const wraps =
      item !== null &&
      last !== null &&
      line.column.id === item.column.id &&
      line.x >= item.x + line.size * 0.5 &&
      last.y - line.y > 0 &&
      last.y - line.y <= body.leading * 1.35;
    if (wraps) {
      layout.roles.set(index, "list");
      last = line;
    } else item = null;
  });
}

/**
 * A line opening like a list item right under a line of running text that has not ended its sentence, at
 * the same indent and line spacing, goes on with that sentence: "… capital letters appropriately" / "- https://
 * capitalizemytitle.com/ has …" (the dash is punctuation, not a bullet), "… use \\onlinecite: Refs. 1 and" /
 * "4. By default …" (a number the line break left at the start). A number or letter opens an item after
 * a lead-in, which ends short of the measure ("Do the following"); a line broken in mid-sentence fills it.
 */
function continuesSentence(lines: readonly PdfLine[], layout: PageLayout, index: number, body: BodyStyle) {
  const line = lines[index];
  let before = index - 1;
  while (before >= 0 && layout.furniture.has(before)) before--;
  const previous = lines[before];
  if (!line || !previous || layout.roles.has(before)) return false;
  const dash = /^[-–—]\s/u.test(line.text);
  const fillsMeasure = previous.column.right - previous.right < previous.size;
  if (!dash && !fillsMeasure) return false;
  return (
    previous.column.id === line.column.id &&
    Math.abs(previous.x - line.x) < line.size * 0.5 &&
    previous.y - line.y > 0 &&
    previous.y - line.y <= body.leading * 1.35 &&
    !endsClause(previous.text)
  );
}

import { getDocumentProxy } from "unpdf";
import { emptyLayout, type PageLayout } from "./layout.ts";
import { normalizeLine } from "./lines.ts";

/** One line as it sits on the page: its text, baseline, left edge and the style most of its text has. */
export interface PdfLine {
  text: string;
  /** Baseline, in PDF units from the bottom of the page. */
  y: number;
  x: number;
  size: number;
  bold: boolean;
}

export interface PdfPage {
  page_number: number;
  height: number;
  lines: PdfLine[];
}

interface Piece {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  bold: boolean;
}

const BOLD_NAME = /bold|black|heavy|semibold|demi/i;

/**
 * The lines of every page, rebuilt from PDF.js text items: items on one baseline form a line, read left
 * to right; lines are read top down. Each line keeps its font size and weight for the layout analysis.
 */
export async function readPdfLines(bytes: Uint8Array): Promise<PdfPage[]> {
  // PDF.js takes ownership of the buffer it is given; hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: PdfPage[] = [];
  try {
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      // Fonts reach `commonObjs` (with their real names and bold flags) only once the page is parsed;
      // a page that cannot be parsed still has its text, its fonts then known by name only.
      await page.getOperatorList().catch(() => undefined);
      const boldFonts = new Map<string, boolean>();
      const isBold = (fontName: string) => {
        let bold = boldFonts.get(fontName);
        if (bold === undefined) {
          const font = page.commonObjs.has(fontName)
            ? (page.commonObjs.get(fontName) as { name?: string; bold?: boolean; black?: boolean } | null)
            : null;
          bold = Boolean(font?.bold || font?.black || BOLD_NAME.test(font?.name ?? fontName));
          boldFonts.set(fontName, bold);
        }
        return bold;
      };
      // Positions as the page is shown: turned by its /Rotate, measured from its own bottom-left corner.
      const viewport = page.getViewport({ scale: 1 });
      const pieces: Piece[] = [];
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        const [, , c = 0, d = 0, x = 0, y = 0] = multiply(viewport.transform, item.transform as number[]);
        const size = Math.hypot(c, d) || item.height;
        pieces.push({
          str: item.str,
          x,
          y: viewport.height - y,
          width: item.width,
          size,
          bold: isBold(item.fontName),
        });
      }
      pages.push({ page_number: number, height: viewport.height, lines: inReadingOrder(pieces) });
      page.cleanup();
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
  return pages;
}

/** The product of two PDF transformation matrices [a, b, c, d, e, f], as PDF.js composes them. */
function multiply(m: readonly number[], n: readonly number[]): number[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  const [p = 1, q = 0, r = 0, s = 1, t = 0, u = 0] = n;
  return [a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f];
}

/**
 * The page's lines in reading order. On a page set in two columns, each column is read top down before
 * the next, and lines that span both (a title, a running header) keep their place between them.
 */
function inReadingOrder(pieces: Piece[]): PdfLine[] {
  const gutter = gutterOf(pieces);
  if (gutter === null) return linesOf(pieces);
  const spanning = linesOf(pieces.filter((piece) => piece.x < gutter && piece.x + piece.width > gutter));
  const left = linesOf(pieces.filter((piece) => piece.x + piece.width <= gutter));
  const right = linesOf(pieces.filter((piece) => piece.x >= gutter));
  const ordered: PdfLine[] = [];
  let above = Number.POSITIVE_INFINITY;
  for (const boundary of [...spanning.map((line) => line.y), Number.NEGATIVE_INFINITY]) {
    const inBand = (line: PdfLine) => line.y < above && line.y > boundary;
    ordered.push(...left.filter(inBand), ...right.filter(inBand));
    const line = spanning.find((candidate) => candidate.y === boundary);
    if (line) ordered.push(line);
    above = boundary;
  }
  return ordered;
}

const MIN_COLUMN_ROWS = 5;

/**
 * The x of the gap between two columns, if the page has them: a vertical strip in the middle of the text
 * that many rows have text on both sides of and hardly any row crosses. Justified single-column text
 * has no such strip, since its word gaps fall in different places on every row.
 */
function gutterOf(pieces: readonly Piece[]): number | null {
  const rows = rowsOf(pieces);
  if (rows.length < MIN_COLUMN_ROWS) return null;
  const minX = Math.min(...pieces.map((piece) => piece.x));
  const maxX = Math.max(...pieces.map((piece) => piece.x + piece.width));
  let best: { x: number; score: number } | null = null;
  for (let x = minX + (maxX - minX) * 0.3; x <= minX + (maxX - minX) * 0.7; x += 2) {
    let split = 0;
    let crossed = 0;
    for (const row of rows) {
      const margin = (row[0]?.size ?? 10) * 0.75;
      if (row.some((piece) => piece.x < x && piece.x + piece.width > x)) crossed++;
      else if (row.some((p) => p.x + p.width <= x - margin) && row.some((p) => p.x >= x + margin)) split++;
    }
    const isGutter = split >= Math.max(MIN_COLUMN_ROWS, rows.length * 0.4) && crossed <= rows.length * 0.2;
    if (isGutter && (!best || split - crossed > best.score)) best = { x, score: split - crossed };
  }
  return best?.x ?? null;
}

/** Pieces grouped by baseline (within half the smaller font size), top down. */
function rowsOf(pieces: readonly Piece[]): Piece[][] {
  const sorted = [...pieces].sort((p, q) => q.y - p.y || p.x - q.x);
  const groups: Piece[][] = [];
  for (const piece of sorted) {
    const group = groups.at(-1);
    const first = group?.[0];
    if (group && first && Math.abs(first.y - piece.y) <= Math.min(first.size, piece.size) / 2) {
      group.push(piece);
    } else {
      groups.push([piece]);
    }
  }
  return groups;
}

/** One line per baseline, each read left to right. */
function linesOf(pieces: readonly Piece[]): PdfLine[] {
  return rowsOf(pieces).flatMap((group) => {
    group.sort((p, q) => p.x - q.x);
    let text = "";
    let previous: Piece | undefined;
    const chars = new Map<string, number>();
    for (const piece of group) {
      // Fake bold prints the same text twice a hair apart.
      if (previous && piece.str === previous.str && Math.abs(piece.x - previous.x) < 1) continue;
      const gap = previous ? piece.x - (previous.x + previous.width) : 0;
      if (previous && gap > piece.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(piece.str)) text += " ";
      text += piece.str;
      const key = `${piece.size}|${piece.bold}`;
      chars.set(key, (chars.get(key) ?? 0) + piece.str.length);
      previous = piece;
    }
    const line = normalizeLine(text);
    if (!line) return [];
    const [style = "0|false"] = [...chars].sort((p, q) => q[1] - p[1]).map(([key]) => key);
    const [size, bold] = style.split("|");
    const boldChars = [...chars].filter(([key]) => key.endsWith("|true")).reduce((sum, [, n]) => sum + n, 0);
    const allChars = [...chars.values()].reduce((sum, n) => sum + n, 0);
    return [
      {
        text: line,
        y: group[0]?.y ?? 0,
        x: group[0]?.x ?? 0,
        size: Number(size),
        bold: bold === "true" && boldChars >= allChars * 0.7,
      },
    ];
  });
}

// A page number alone: "3", "- 3 -", "Page 3", "Pagina 3 van 10", "3 of 10", "3/10", "iv".
const PAGE_NUMBER =
  /^(?:(?:page|pagina|blz\.?|bladzijde|p\.|pag\.?)\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—]?(?:\s*(?:of|van|\/)\s*\d{1,4})?$/i;
// A line of a table of contents: a title, dot leaders and a page number.
const CONTENTS_LINE = /\p{L}.*(?:\.\s*){4,}\s*\d{1,4}$/u;
// How far from the top or bottom edge page furniture sits, as a share of the page height.
const EDGE_BAND = 0.12;
const MAX_HEADING_WORDS = 14;
const MAX_HEADING_CHARS = 120;
const MAX_HEADING_LINES = 3;
const NUMBERED = /^(\d{1,2}(?:\.\d{1,2})*)\.?\s+\p{L}/u;
const LIST_ITEM = /^(?:[-*+•–·▪◦●]|\d{1,3}[.)]|\p{Ll}\))\s+/u;

/**
 * The layout of each page: running headers and footers (a line at the top or bottom edge that repeats,
 * digits aside, at the same height on at least half the pages) and page numbers are furniture; headings
 * are short lines set larger than the body text (the size most characters have) or bold where the body is
 * not, their level by style from the largest down; a paragraph starts where the gap between lines is
 * clearly wider than the usual line spacing, or where the first line is indented.
 */
export function pdfLayouts(pages: readonly PdfPage[]): PageLayout[] {
  const layouts = pages.map(() => emptyLayout());
  markFurniture(pages, layouts);
  const body = bodyStyle(pages, layouts);
  markHeadings(pages, layouts, body);
  markParagraphs(pages, layouts, body);
  return layouts;
}

function markFurniture(pages: readonly PdfPage[], layouts: PageLayout[]) {
  const signature = (line: PdfLine) =>
    `${Math.round(line.y / 4)}|${line.text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ")}`;
  const edgeLines = pages.map((page) => {
    const lines = page.lines;
    const top = (index: number) => (lines[index]?.y ?? 0) >= page.height * (1 - EDGE_BAND);
    const bottom = (index: number) =>
      (lines[index]?.y ?? Number.POSITIVE_INFINITY) <= page.height * EDGE_BAND;
    // Furniture sits apart from the text: a clear gap separates it from the nearest line of the text.
    const apart = (index: number, neighbour: number) => {
      const line = lines[index];
      const other = lines[neighbour];
      if (!line || !other) return true;
      return Math.abs(line.y - other.y) >= 1.4 * Math.max(line.size, other.size);
    };
    const last = lines.length - 1;
    const candidates = new Set<number>();
    if (top(0) && top(1) && apart(1, 2)) candidates.add(0).add(1);
    else if (top(0) && apart(0, 1)) candidates.add(0);
    if (bottom(last) && bottom(last - 1) && apart(last - 1, last - 2)) candidates.add(last).add(last - 1);
    else if (bottom(last) && apart(last, last - 1)) candidates.add(last);
    return [...candidates]
      .filter((index) => index >= 0)
      .map((index) => ({ line: lines[index] as PdfLine, index }));
  });
  const pagesBySignature = new Map<string, Set<number>>();
  edgeLines.forEach((lines, pageIndex) => {
    for (const { line } of lines) {
      const pagesWith = pagesBySignature.get(signature(line)) ?? new Set();
      pagesWith.add(pageIndex);
      pagesBySignature.set(signature(line), pagesWith);
    }
  });
  const repeatsOn = Math.max(2, Math.ceil(pages.length / 2));
  // Running headers are set no larger than the text; a larger line that returns on every page, such as
  // "Exercise 1", "Exercise 2", is a heading.
  const textSize = commonSize(pages.flatMap((page) => page.lines));
  edgeLines.forEach((lines, pageIndex) => {
    for (const { line, index } of lines) {
      const repeated =
        (pagesBySignature.get(signature(line))?.size ?? 0) >= repeatsOn && line.size < textSize * 1.15;
      const page = pages[pageIndex];
      const outermost = index === 0 || index === (page?.lines.length ?? 0) - 1;
      if (repeated || (outermost && PAGE_NUMBER.test(line.text))) layouts[pageIndex]?.furniture.add(index);
    }
  });
  // A table of contents points at pages; its lines (dot leaders, a page number) are not text to learn.
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      if (CONTENTS_LINE.test(line.text)) layouts[pageIndex]?.furniture.add(index);
    });
  });
}

/** The font size most characters of these lines have. */
function commonSize(lines: readonly PdfLine[]): number {
  const chars = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + line.text.length);
  }
  return [...chars].sort((p, q) => q[1] - p[1])[0]?.[0] ?? 0;
}

interface BodyStyle {
  size: number;
  bold: boolean;
  /** The usual distance between the baselines of two lines of one paragraph. */
  leading: number;
}

function bodyStyle(pages: readonly PdfPage[], layouts: readonly PageLayout[]): BodyStyle {
  const bySize = new Map<number, { chars: number; bold: number }>();
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      if (layouts[pageIndex]?.furniture.has(index)) return;
      const size = Math.round(line.size * 2) / 2;
      const entry = bySize.get(size) ?? { chars: 0, bold: 0 };
      entry.chars += line.text.length;
      if (line.bold) entry.bold += line.text.length;
      bySize.set(size, entry);
    });
  });
  const [size = 0, entry = { chars: 0, bold: 0 }] =
    [...bySize].sort((p, q) => q[1].chars - p[1].chars)[0] ?? [];
  const gaps: number[] = [];
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      const previous = page.lines[index - 1];
      const layout = layouts[pageIndex];
      if (!previous || layout?.furniture.has(index) || layout?.furniture.has(index - 1)) return;
      if (Math.abs(line.size - size) > 0.5 || Math.abs(previous.size - size) > 0.5) return;
      const gap = previous.y - line.y;
      if (gap > 0) gaps.push(gap);
    });
  });
  gaps.sort((p, q) => p - q);
  // The lower quartile: paragraph gaps are wider, so they must not pull the estimate up.
  const leading = gaps[Math.floor(gaps.length / 4)] ?? size * 1.2;
  return { size, bold: entry.bold > entry.chars / 2, leading };
}

function markHeadings(pages: readonly PdfPage[], layouts: PageLayout[], body: BodyStyle) {
  const styleOf = (line: PdfLine) => `${Math.round(line.size * 2) / 2}|${line.bold}`;
  const looksLikeHeading = (line: PdfLine) => {
    const larger = line.size >= body.size * 1.15;
    const emphasised = line.bold && !body.bold && line.size >= body.size * 0.95;
    return (
      (larger || emphasised) &&
      /\p{L}/u.test(line.text) &&
      line.text.length <= MAX_HEADING_CHARS &&
      line.text.split(" ").length <= MAX_HEADING_WORDS &&
      !/[.,;:]$/.test(line.text)
    );
  };
  const found: Array<{
    pageIndex: number;
    start: number;
    end: number;
    style: string;
    size: number;
    bold: boolean;
  }> = [];
  pages.forEach((page, pageIndex) => {
    const layout = layouts[pageIndex];
    let index = 0;
    while (index < page.lines.length) {
      const line = page.lines[index];
      if (!line || layout?.furniture.has(index) || !looksLikeHeading(line)) {
        index++;
        continue;
      }
      // A heading set over several lines: the same style, one line spacing apart.
      let end = index;
      for (;;) {
        const next = page.lines[end + 1];
        const current = page.lines[end];
        if (!next || !current || layout?.furniture.has(end + 1)) break;
        if (styleOf(next) !== styleOf(line) || current.y - next.y > line.size * 1.6) break;
        end++;
      }
      const lineCount = end - index + 1;
      const lastLine = page.lines[end];
      // Several lines of large text, or a run ending like a sentence, is a lead paragraph, not a title.
      if (lineCount <= MAX_HEADING_LINES && lastLine && !/[.,;:]$/.test(lastLine.text)) {
        found.push({ pageIndex, start: index, end, style: styleOf(line), size: line.size, bold: line.bold });
      }
      index = end + 1;
    }
  });
  const styles = [...new Map(found.map((heading) => [heading.style, heading])).values()]
    .sort((p, q) => q.size - p.size || Number(q.bold) - Number(p.bold))
    .map((heading) => heading.style);
  // Within one style, numbering tells the levels apart ("2 Rivers", "2.1 Dikes" set alike).
  const depthOf = (heading: (typeof found)[number]) =>
    NUMBERED.exec(pages[heading.pageIndex]?.lines[heading.start]?.text ?? "")?.[1]?.split(".").length;
  const shallowest = new Map<string, number>();
  for (const heading of found) {
    const depth = depthOf(heading);
    if (depth) shallowest.set(heading.style, Math.min(depth, shallowest.get(heading.style) ?? depth));
  }
  for (const heading of found) {
    const deeper = (depthOf(heading) ?? 0) - (shallowest.get(heading.style) ?? 0);
    const level = Math.min(6, styles.indexOf(heading.style) + 1 + Math.max(0, deeper));
    layouts[heading.pageIndex]?.headings.set(heading.start, { level, end: heading.end });
  }
}

function markParagraphs(pages: readonly PdfPage[], layouts: PageLayout[], body: BodyStyle) {
  pages.forEach((page, pageIndex) => {
    const layout = layouts[pageIndex];
    if (!layout) return;
    const inHeading = new Set<number>();
    for (const [start, { end }] of layout.headings)
      for (let line = start; line <= end; line++) inHeading.add(line);
    const isText = (index: number) => !layout.furniture.has(index) && !inHeading.has(index);
    const margin = Math.min(...page.lines.filter((_, index) => isText(index)).map((line) => line.x));
    page.lines.forEach((line, index) => {
      const previous = page.lines[index - 1];
      if (!previous || !isText(index) || !isText(index - 1)) return;
      const wideGap = previous.y - line.y > body.leading * 1.35;
      // A first line set in opens a paragraph; the lines after a bullet are set in too (a hanging
      // indent), and those go on with its item.
      const indented =
        line.x - margin >= line.size * 0.8 &&
        previous.x - margin < line.size * 0.8 &&
        !LIST_ITEM.test(previous.text);
      if (wideGap || indented || LIST_ITEM.test(line.text)) layout.paragraphs.add(index);
    });
  });
}

/**
 * Page furniture in a PDF: what repeats on the pages' edges or sits beside the text without being part
 * of it. Furniture keeps its place in the page's line numbers and stays out of every chunk. See
 * docs/ingestion.md ("PDF", "Page furniture").
 */
import type { PageLayout } from "./layout.ts";
import { isDocumentMetadata } from "./non-body.ts";
import type { PdfLine, PdfPage, TextPiece } from "./pdf-regions.ts";

// A page number alone: "3", "- 3 -", "Page 3", "Pagina 3 van 10", "3 of 10", "3/10", "iv".
const PAGE_NUMBER =
  /^(?:(?:page|pagina|blz\.?|bladzijde|p\.|pag\.?|seite|s\.)\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—]?(?:\s*(?:of|van|von|\/)\s*\d{1,4})?$/i;
// A running head that carries the page number at one end: "4 CHAPTER 4. SEED PLANTS", "4.2. ANGIOSPERMS 5".
const LEADING_NUMBER = /^(\d{1,4})\s/;
const TRAILING_NUMBER = /\s(\d{1,4})$/;
// A line of a table of contents: a title, dot leaders and a page number.
const CONTENTS_LINE = /\p{L}.*(?:\.\s*){4,}\s*\d{1,4}$/u;
/** How far from the top or bottom edge page furniture sits, at most, as a share of the page height. */
const EDGE_BAND = 0.2;
/** Rows this close in height (points) on two pages stand at the same place. */
const SAME_HEIGHT = 3;
/** At most this many rows at the top or at the bottom of a page can be furniture. */
const EDGE_ROWS = 3;
/** Furniture is set apart from the text by at least this many times its font size. */
const APART = 1.4;
/** Text this many times the body size or more that returns on several pages is a watermark. */
const WATERMARK_SIZE = 2.5;

/** Text that returns at one place on at least this share of the pages (and REPEATED_PAGES pages). */
const REPEATED_SHARE = 0.5;
const REPEATED_PAGES = 3;
/** … and set smaller than this share of the text's size (sidebars and footlines are set small). */
const SMALLER = 0.95;

/**
 * Lines set at an angle (a watermark, a stamp along the margin), line numbers in the margin, and text
 * that returns at the same place on most pages (see repeatedPieces).
 */
export function markSetApart(pages: readonly PdfPage[], layouts: readonly PageLayout[]) {
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      if (line.rotated || line.lineNumber || line.repeated) layouts[pageIndex]?.furniture.add(index);
    });
  });
}

/**
 * The pieces of text that return at the same place (to the point) on at least half the pages, digits
 * aside: a slide deck's sidebar with its section list, a headline or footline ("Simonyi · NLP · 3/41").
 * They are taken out before a page's regions are read, as a sidebar beside the text would otherwise be
 * read as a column of the text (or a table with it). A piece counts only when it has letters and is set
 * smaller than the text: a title that returns on every slide is a heading, and a page of body text that
 * returns (a form, a template) is still text.
 */
export function repeatedPieces(pages: ReadonlyArray<readonly TextPiece[]>): Set<TextPiece> {
  const signature = (piece: TextPiece) =>
    `${Math.round(piece.x)}|${Math.round(piece.y)}|${piece.str.trim().toLowerCase().replace(/\d+/g, "#")}`;
  const pagesWith = new Map<string, number>();
  for (const pieces of pages) {
    for (const key of new Set(pieces.map(signature))) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  const often = Math.max(REPEATED_PAGES, Math.ceil(pages.length * REPEATED_SHARE));
  const returns = (piece: TextPiece) =>
    /\p{L}{2}/u.test(piece.str) && (pagesWith.get(signature(piece)) ?? 0) >= often;
  // The text's size is the size of the rest: on a slide with little text, the sidebar may have more.
  const rest = pages.flat().filter((piece) => !returns(piece));
  const textSize = commonSize(rest.map((piece) => ({ size: piece.size, text: piece.str })));
  return new Set(pages.flat().filter((piece) => returns(piece) && piece.size < textSize * SMALLER));
}

/**
 * Running headers and footers and page numbers. A candidate is a row of lines at the top or bottom of
 * the page, within the edge band, set apart from the text by a clear gap. It is furniture when it is a
 * page number alone, when it repeats (digits aside) at the same height on at least half the pages (or
 * half the odd or even pages, as books alternate their heads), when a number at its start or end
 * counts up with the pages, or when it holds the document's metadata (a licence, a version). Such lines are set no larger than the text: a larger line that returns on
 * every page ("Exercise 1", "Exercise 2") is a heading.
 */
export function markFurniture(pages: readonly PdfPage[], layouts: readonly PageLayout[]) {
  const textSize = commonSize(pages.flatMap((page) => page.lines));
  const candidates = pages.map((page, pageIndex) =>
    edgeRows(page, layouts[pageIndex], textSize).filter((row) => row.size < textSize * 1.15),
  );
  const signature = (row: Pick<EdgeRow, "text">) =>
    row.text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ");
  // How far a row stands from its own edge of the page (below the top negative, above the bottom
  // positive): a landscape page in a portrait document keeps its running head as far from the top.
  const edgeY = (row: Pick<EdgeRow, "y">, pageIndex: number) => {
    const height = pages[pageIndex]?.height ?? 0;
    return row.y >= height / 2 ? row.y - height : row.y;
  };
  // Where each row's text (digits aside) stands, by page: the same text at the same height, give or
  // take SAME_HEIGHT points, repeats (a fixed grid would split 41.9 and 42.1 apart).
  const places = new Map<string, Array<{ pageIndex: number; y: number }>>();
  const folios = new Map<number, number>();
  // Lines already read apart as returning at one place (pdf.ts, repeatedPieces) count where they stand.
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      if (!layouts[pageIndex]?.furniture.has(index)) return;
      const list = places.get(signature(line)) ?? [];
      list.push({ pageIndex, y: edgeY(line, pageIndex) });
      places.set(signature(line), list);
    });
  });
  candidates.forEach((rows, pageIndex) => {
    for (const row of rows) {
      const list = places.get(signature(row)) ?? [];
      list.push({ pageIndex, y: edgeY(row, pageIndex) });
      places.set(signature(row), list);
    }
    for (const offset of new Set(rows.flatMap((row) => folioOffsets(row, pageIndex))))
      folios.set(offset, (folios.get(offset) ?? 0) + 1);
  });
  const pagesAlike = (row: EdgeRow, pageIndex: number, parity: number | null) =>
    new Set(
      (places.get(signature(row)) ?? [])
        .filter(({ y }) => Math.abs(y - edgeY(row, pageIndex)) <= SAME_HEIGHT)
        .filter(({ pageIndex }) => parity === null || pageIndex % 2 === parity)
        .map(({ pageIndex }) => pageIndex),
    ).size;
  const half = (n: number) => Math.max(2, Math.ceil(n / 2));
  const evenPages = Math.ceil(pages.length / 2);
  const repeated = (row: EdgeRow, pageIndex: number) =>
    pagesAlike(row, pageIndex, null) >= half(pages.length) ||
    pagesAlike(row, pageIndex, pageIndex % 2) >=
      half(pageIndex % 2 === 0 ? evenPages : pages.length - evenPages);
  const folioPages = Math.max(2, Math.ceil(pages.length / 4));
  candidates.forEach((rows, pageIndex) => {
    const page = pages[pageIndex] as PdfPage;
    for (const row of rows) {
      // The page number of a running head stands apart from its text; "2 The light reactions" at the
      // top of page 2 is a numbered heading.
      const apart =
        row.indexes.length > 1 || row.indexes.some((index) => (page.lines[index]?.widestGap ?? 0) >= 2);
      const folio =
        apart && folioOffsets(row, pageIndex).some((offset) => (folios.get(offset) ?? 0) >= folioPages);
      const pageNumber = row.indexes.some((index) => PAGE_NUMBER.test(page.lines[index]?.text ?? ""));
      // A licence or version line at the page's edge is the document's, not the page's text.
      const metadata = isDocumentMetadata(row.text);
      if (pageNumber || folio || metadata || repeated(row, pageIndex))
        for (const index of row.indexes) layouts[pageIndex]?.furniture.add(index);
    }
  });
  markTrailingMetadata(pages, layouts);
  // A table of contents points at pages; its lines (dot leaders, a page number) are not text to learn.
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      if (CONTENTS_LINE.test(line.text)) layouts[pageIndex]?.furniture.add(index);
    });
  });
}

/**
 * The document's last lines, after its text has ended, that hold its metadata (an export's "first edited
 * by … on 2024-04-25 / last edited by … on 2025-12-12", a licence): wherever the last page's text ends,
 * not only in its edge band.
 */
function markTrailingMetadata(pages: readonly PdfPage[], layouts: readonly PageLayout[]) {
  const pageIndex = pages.length - 1;
  const page = pages[pageIndex];
  const layout = layouts[pageIndex];
  if (!page || !layout) return;
  const lines = page.lines
    .map((line, index) => ({ line, index }))
    .filter(({ index }) => !layout.furniture.has(index))
    .sort((p, q) => p.line.y - q.line.y);
  for (const { line, index } of lines) {
    if (!isDocumentMetadata(line.text)) return;
    layout.furniture.add(index);
  }
}

/** Watermarks set upright: very large text that returns on at least half the pages. */
export function markWatermarks(pages: readonly PdfPage[], layouts: readonly PageLayout[], bodySize: number) {
  const large = (line: PdfLine) => bodySize > 0 && line.size >= bodySize * WATERMARK_SIZE;
  const pagesWith = new Map<string, number>();
  for (const page of pages) {
    for (const text of new Set(page.lines.filter(large).map((line) => line.text.toLowerCase())))
      pagesWith.set(text, (pagesWith.get(text) ?? 0) + 1);
  }
  const often = Math.max(2, Math.ceil(pages.length / 2));
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      if (large(line) && (pagesWith.get(line.text.toLowerCase()) ?? 0) >= often)
        layouts[pageIndex]?.furniture.add(index);
    });
  });
}

/**
 * Type smaller than this share of the body's is drawn inside a figure (axis labels, a chart's legend, a
 * heatmap's row names at 3–4 pt beside a 9 pt text): read as prose it would run through the sentence
 * the figure interrupts. A note or a raised mark is set larger (0.55–0.8 of the text).
 */
const FIGURE_TEXT_SIZE = 0.5;

/**
 * A figure's labels in smaller type than the text: symbols, single letters and numbers without a word of
 * three letters ("ν μ σ →", "b", "−3 0 3 6 9 12" on a chart's axis). Prose, however short, has a word.
 */
const LABEL_SIZE = 0.9;
const HAS_WORD = /\p{L}{3,}/u;

/** Text drawn inside a figure: page furniture, never a line of the text. */
export function markFigureText(pages: readonly PdfPage[], layouts: readonly PageLayout[], bodySize: number) {
  if (bodySize <= 0) return;
  pages.forEach((page, pageIndex) => {
    page.lines.forEach((line, index) => {
      const label = line.size < bodySize * LABEL_SIZE && !line.table && !HAS_WORD.test(line.text);
      if (line.size < bodySize * FIGURE_TEXT_SIZE || label) layouts[pageIndex]?.furniture.add(index);
    });
  });
}

interface EdgeRow {
  y: number;
  size: number;
  /** The row's lines, left to right. */
  indexes: number[];
  text: string;
}

/**
 * The top and bottom rows of a page (lines on one baseline form a row, such as a running head with the
 * page number at its other end) that sit in the edge band, apart from the rows next to them. Two rows at
 * an edge count when both are apart from the text.
 */
function edgeRows(page: PdfPage, layout: PageLayout | undefined, textSize: number): EdgeRow[] {
  const rows: EdgeRow[] = [];
  const order = page.lines
    .map((line, index) => ({ line, index }))
    .filter(({ index }) => !layout?.furniture.has(index))
    .sort((p, q) => q.line.y - p.line.y);
  for (const { line, index } of order) {
    const row = rows.at(-1);
    if (row && Math.abs(row.y - line.y) <= Math.min(row.size, line.size) / 2) {
      row.indexes.push(index);
      row.size = Math.max(row.size, line.size);
    } else rows.push({ y: line.y, size: line.size, indexes: [index], text: "" });
  }
  for (const row of rows) {
    row.indexes.sort((p, q) => (page.lines[p]?.x ?? 0) - (page.lines[q]?.x ?? 0));
    row.text = row.indexes.map((index) => page.lines[index]?.text ?? "").join(" ");
  }
  const apart = (a: number, b: number) => {
    const [p, q] = [rows[a], rows[b]];
    return !p || !q || Math.abs(p.y - q.y) >= APART * Math.max(p.size, q.size);
  };
  const inTop = (row: number) => (rows[row]?.y ?? 0) >= page.height * (1 - EDGE_BAND);
  const inBottom = (row: number) => (rows[row]?.y ?? Number.POSITIVE_INFINITY) <= page.height * EDGE_BAND;
  const last = rows.length - 1;
  // The most rows at an edge (all in the band) whose innermost is apart from the text: two, or up to
  // EDGE_ROWS set smaller than the text (a footer with a version, a date and a licence on lines of
  // their own; three lines of body text at the top of a short page are no footer).
  const small = (row: number) => (rows[row]?.size ?? 0) < textSize * SMALLER;
  const edge = (at: (k: number) => number, inBand: (row: number) => boolean) => {
    for (let k = Math.min(EDGE_ROWS, last); k >= 1; k--) {
      const block = Array.from({ length: k }, (_, i) => at(i));
      const fits = k <= 2 || block.every(small);
      if (fits && block.every(inBand) && apart(at(k - 1), at(k))) return block;
    }
    return last >= 1 ? [] : [0].filter(inBand);
  };
  const picked = [...edge((i) => i, inTop), ...edge((i) => last - i, inBottom)];
  return [...new Set(picked)].flatMap((row) => rows[row] ?? []);
}

/** The page's number minus its place, for a row that starts or ends with a number. */
function folioOffsets(row: EdgeRow, pageIndex: number): number[] {
  return [
    LEADING_NUMBER.exec(row.text)?.[1],
    TRAILING_NUMBER.exec(row.text)?.[1],
    /^\d{1,4}$/.exec(row.text)?.[0],
  ]
    .filter((number): number is string => number !== undefined)
    .map((number) => Number(number) - pageIndex);
}

/** The font size most characters of these lines have. */
export function commonSize(lines: ReadonlyArray<Pick<PdfLine, "size" | "text">>): number {
  const chars = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + line.text.length);
  }
  return [...chars].sort((p, q) => q[1] - p[1])[0]?.[0] ?? 0;
}

/**
 * A PDF page's text in the order a reader reads it. PDF.js gives text items with positions; this module
 * finds the page's columns and regions and reads them: top to bottom by band, within a band column by
 * column, each column top to bottom. Lines are never made across a gutter. Rows whose cells line up in
 * columns too narrow for prose (a table) stay one line per row. Text set at an angle other than the
 * page's (a watermark, a margin stamp) and numbers that count the lines in the margin are read apart,
 * after the page's text. docs/ingestion.md ("PDF", "Reading order") explains the rules.
 */

/** One PDF.js text item, upright in the page's text direction; y is the baseline, up from the bottom. */
export interface TextPiece {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  bold: boolean;
  /** Set in an italic or slanted face. */
  italic?: boolean;
  /** Set in a monospace (typewriter) font: code, not prose. */
  mono?: boolean;
  /** Set in a sans-serif face. */
  sans?: boolean;
  /** Where the page's content stream draws it, among its pieces. */
  order?: number;
}

/** One line as read: its text, where it sits, the style most of it has, and the column it was read in. */
export interface LaidLine {
  text: string;
  /** Baseline, in PDF units from the bottom of the page. */
  y: number;
  x: number;
  right: number;
  size: number;
  bold: boolean;
  /** Most of the line is set in an italic face. */
  italic: boolean;
  /** Most of the line is set in a sans-serif face. */
  sans: boolean;
  /**
   * The line opens with a phrase set in another emphasis than the rest of it ("*Paragraph.* This is …",
   * "**Abstract**—A clear …"): the phrase as read, and where the rest of the line starts. A run-in
   * heading is such a phrase (see readPdfLines).
   */
  /** `quad`: a bold lead ends in a space of at least RUN_IN_QUAD_EM, as LaTeX sets a run-in title. */
  lead?: { text: string; restX: number; restBold: boolean; quad: boolean };
  /** A run-in heading split off the start of its line. */
  runIn?: boolean;
  /** The column the line was read in: lines with the same id form one column, left..right. */
  column: { id: number; left: number; right: number };
  /** The widest blank between two pieces of the line, in ems ("4      CHAPTER 4" has a wide one). */
  widestGap: number;
  /** Cells the line was made of: a table row has two or more. */
  cells: number;
  /** The line opens with a list's marker set apart from its text ("•", "3.", a label such as "R1"). */
  marked?: boolean;
  /** A row of a table: cells in line with the rows above and below, too narrow for running text. */
  table: boolean;
  /** Set at an angle other than the page's text (a watermark, a stamp along the margin). */
  rotated: boolean;
  /** A number in the margin that counts the page's lines. */
  lineNumber: boolean;
  /** Most of the line is set in a monospace font (a code listing). */
  mono: boolean;
  /** Text that returns at the same place on most pages (a slide deck's sidebar, headline, footline). */
  repeated: boolean;
}

/** The share of a piece's font size above and below its baseline that its letters take. */
const ASCENT = 0.75;
const DESCENT = 0.25;
/** Two pieces sit on one row when their letters overlap by this share of the smaller one's height. */
const ROW_OVERLAP = 0.5;
/** Pieces of a row that overlap by more than this share of an em are drawn over one another. */
const OVERLAP_EM = 0.3;
/** A gutter over this many rows or more may be as narrow as NARROW_GUTTER_EM (LaTeX sets 1 em). */
const MANY_ROWS = 4;
const NARROW_GUTTER_EM = 0.6;
const WIDE_GUTTER_EM = 1.2;
/** A row may run into a gutter as long as it leaves this much of it free (in ems) … */
const OVERFULL_GAP_EM = 0.3;
/** … and at most this share of a group's rows does. */
const MAX_OVERFULL_SHARE = 0.2;
/** A column of running text is at least this wide (in ems) and has this many words on most rows. */
const PROSE_WIDTH_EM = 6;
const PROSE_WORDS = 3;
// How far the stretched spaces of one justified line may differ (rounding in the PDF's positions).
const STRETCH_TOLERANCE_EM = 0.15;
/** Blank space this tall (in ems) across every column ends a set of columns. */
const FIGURE_GAP_EM = 4;
/** Rows above a set of columns join it when they follow within this gap, in ems. */
const ROW_ABOVE_GAP_EM = 1.5;
/** Rows above a set of columns, inside one of them, join it across up to a heading's space, in ems. */
const HEADING_GAP_EM = 3;
/** A row wider than the group by this many ems on either side, after a blank, starts another group. */
const SPREAD_EM = 2;
/** Running heads and footers: up to this many rows of at most EDGE_WORDS words, within EDGE_BAND of the
 * text's top or bottom, set apart from the next row by EDGE_APART times their size. */
const EDGE_ROWS = 2;
const EDGE_WORDS = 12;
const EDGE_BAND = 0.12;
const EDGE_APART = 1.4;
/** A row set this much smaller than the page's text counts its words per part (see edgeRows). */
const SMALL_EDGE = 0.9;
/** A line is code when at least this share of its letters is set in a monospace font. */
const MONO_SHARE = 0.7;
/** Nested columns (a table in a column of a two-column page) go this deep at most. */
const MAX_DEPTH = 4;

interface Row {
  pieces: TextPiece[];
  /** The baseline and size of the row's largest text (a superscript rides on it). */
  y: number;
  size: number;
  top: number;
  bottom: number;
}

interface Interval {
  from: number;
  to: number;
}

interface Group {
  rows: Row[];
  gutters: Interval[];
}

/**
 * The lines of one page in reading order. `pieces` are upright; `rotated` are set at other angles, each
 * list already turned upright in its own frame (see readPdfLines).
 */
export function pageLines(
  pieces: readonly TextPiece[],
  rotated: readonly TextPiece[][] = [],
  height = Number.POSITIVE_INFINITY,
  repeated: readonly TextPiece[] = [],
): LaidLine[] {
  const { text, numbers } = splitLineNumbers(pieces);
  const counter = { next: 0 };
  const column = () => ({ id: counter.next++, left: 0, right: 0 });
  const { top, bottom } = edgeRows(rowsOf(text), height);
  const edge = new Set([...top, ...bottom].flatMap((row) => row.pieces));
  const head = column();
  const lines = top.map((row) => lineOf(row, head));
  lines.push(
    ...readRegion(
      text.filter((piece) => !edge.has(piece)),
      0,
      counter,
    ),
  );
  const foot = column();
  lines.push(...bottom.map((row) => lineOf(row, foot)));
  for (const row of rowsOf(numbers)) lines.push({ ...lineOf(row, column()), lineNumber: true });
  for (const group of rotated) {
    for (const row of rowsOf(group)) lines.push({ ...lineOf(row, column()), rotated: true });
  }
  const frame = column();
  for (const row of rowsOf(repeated)) lines.push({ ...lineOf(row, frame), repeated: true });
  return lines;
}

/**
 * The rows at the top and bottom of the page that are set apart from the text by a clear gap and hold
 * a few words, within the page's edge band: a running head, a page number, a footer. They are read before and after the page's
 * columns as whole rows ("4   CHAPTER 4. SEED PLANTS"), never as the top of one column.
 */
function edgeRows(rows: readonly Row[], height: number): { top: Row[]; bottom: Row[] } {
  if (rows.length < 3 || !Number.isFinite(height)) return { top: [], bottom: [] };
  const [pageTop, pageBottom] = [height, 0];
  const band = height * EDGE_BAND;
  const apart = (a: Row | undefined, b: Row | undefined) =>
    !a || !b || Math.abs(a.y - b.y) >= EDGE_APART * Math.max(a.size, b.size);
  const em = median(rows.flatMap((row) => row.pieces.map((piece) => piece.size)));
  // A running head set small may carry a title and a date far apart: each part is short.
  const short = (row: Row) =>
    (row.size < em * SMALL_EDGE ? cellTexts(row, em) : [rowText(row.pieces)]).every(
      (text) => text.split(/\s+/).length <= EDGE_WORDS,
    );
  const top: Row[] = [];
  for (let index = 0; index < EDGE_ROWS; index++) {
    const row = rows[index] as Row;
    if (pageTop - row.top > band || !short(row)) break;
    if (apart(row, rows[index + 1])) top.splice(0, top.length, ...rows.slice(0, index + 1));
  }
  const bottom: Row[] = [];
  for (let index = rows.length - 1; index >= rows.length - EDGE_ROWS; index--) {
    const row = rows[index] as Row;
    if (row.bottom - pageBottom > band || !short(row) || index <= top.length) break;
    if (apart(row, rows[index - 1])) bottom.splice(0, bottom.length, ...rows.slice(index));
  }
  return { top, bottom };
}

/** The texts of a row's parts: pieces apart by more than an em are parts of their own. */
function cellTexts(row: Row, em: number): string[] {
  const cells: TextPiece[][] = [];
  for (const piece of row.pieces) {
    const last = cells.at(-1);
    const previous = last?.at(-1);
    if (last && previous && piece.x - rightOf(previous) <= em) last.push(piece);
    else cells.push([piece]);
  }
  return cells.map(rowText);
}

function readRegion(pieces: readonly TextPiece[], depth: number, counter: { next: number }): LaidLine[] {
  const lines: LaidLine[] = [];
  const region = {
    id: counter.next++,
    left: Math.min(...pieces.map((piece) => piece.x)),
    right: Math.max(...pieces.map(rightOf)),
  };
  for (const group of groupsOf(rowsOf(pieces))) {
    const columns = group.gutters.length > 0 ? columnsOf(group) : null;
    const reading = columns ? readingOf(group, columns) : "lines";
    if (columns && reading === "columns" && depth < MAX_DEPTH) {
      for (const column of columns) lines.push(...readRegion(column, depth + 1, counter));
      continue;
    }
    const table = reading !== "lines";
    const markers = columns && reading === "lines" && startsWithMarkers(columns) ? columns[0] : [];
    for (const row of group.rows) {
      const cells = table ? cellsOf(row, group.gutters) : 1;
      const marked = row.pieces.some((piece) => markers?.includes(piece));
      lines.push({ ...lineOf(row, region), cells, table, ...(marked ? { marked } : {}) });
    }
  }
  return lines;
}

const rightOf = (piece: TextPiece) => piece.x + piece.width;

/**
 * Pieces grouped into rows, top down: a piece joins the row its letters overlap most, so a superscript
 * or subscript rides with the line it belongs to instead of making a line of its own.
 */
export function rowsOf(pieces: readonly TextPiece[]): Row[] {
  const sorted = [...pieces].sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: Row[] = [];
  for (const piece of sorted) {
    const top = piece.y + piece.size * ASCENT;
    const bottom = piece.y - piece.size * DESCENT;
    let best: { row: Row; share: number } | null = null;
    for (let index = rows.length - 1; index >= Math.max(0, rows.length - 4); index--) {
      const row = rows[index] as Row;
      if (isMarginNote(piece, row)) continue;
      const overlap = Math.min(row.top, top) - Math.max(row.bottom, bottom);
      const share = overlap / Math.min(row.top - row.bottom, top - bottom);
      if (share >= ROW_OVERLAP && (!best || share > best.share)) best = { row, share };
    }
    if (!best) {
      rows.push({ pieces: [piece], y: piece.y, size: piece.size, top, bottom });
      continue;
    }
    const { row } = best;
    row.pieces.push(piece);
    if (piece.size > row.size * 1.05) Object.assign(row, { y: piece.y, size: piece.size, top, bottom });
  }
  for (const row of rows) row.pieces = inWritingOrder(row.pieces);
  return rows.sort((p, q) => q.y - p.y);
}

/** A note in small type this far beside a line is set in the margin, not on the line. */
const MARGIN_NOTE_SIZE = 0.7;
const MARGIN_NOTE_GAP_EM = 2;

/**
 * A piece in much smaller type, well apart from every piece of a row, beside it on its baseline: a
 * margin note set level with the line it belongs to (Tufte's sidenote beside the title), which is read
 * as a line of its own, not as the end of that line.
 */
function isMarginNote(piece: TextPiece, row: Row): boolean {
  if (piece.size >= row.size * MARGIN_NOTE_SIZE) return false;
  const gap = Math.min(
    ...row.pieces.map((other) => Math.max(other.x - rightOf(piece), piece.x - rightOf(other))),
  );
  return gap > row.size * MARGIN_NOTE_GAP_EM;
}

/**
 * A row's pieces left to right. Pieces drawn over one another are read in the order the page draws
 * them: a logo's kerned letters ("B", small-caps "IB", then "TEX for the …" starting a little to their
 * left) would otherwise read "BTEX for … one’sIB".
 */
function inWritingOrder(pieces: readonly TextPiece[]): TextPiece[] {
  const sorted = [...pieces].sort((p, q) => p.x - q.x);
  const ordered: TextPiece[] = [];
  let cluster: TextPiece[] = [];
  let right = Number.NEGATIVE_INFINITY;
  const close = () => {
    ordered.push(...cluster.sort((p, q) => (p.order ?? 0) - (q.order ?? 0) || p.x - q.x));
    cluster = [];
    right = Number.NEGATIVE_INFINITY;
  };
  for (const piece of sorted) {
    if (piece.x >= right - piece.size * OVERLAP_EM) close();
    cluster.push(piece);
    right = Math.max(right, rightOf(piece));
  }
  close();
  return ordered;
}

/** The x-intervals of a row, within left..right, that no piece covers and that are wider than a space. */
function freeSpace(row: Row, left: number, right: number, minGap: number): Interval[] {
  const free: Interval[] = [];
  let edge = left;
  for (const piece of row.pieces) {
    if (piece.x - edge >= minGap) free.push({ from: edge, to: piece.x });
    edge = Math.max(edge, rightOf(piece));
  }
  if (right - edge >= minGap) free.push({ from: edge, to: right });
  return free;
}

function intersect(a: readonly Interval[], b: readonly Interval[], minGap: number): Interval[] {
  const both: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const p = a[i] as Interval;
    const q = b[j] as Interval;
    const from = Math.max(p.from, q.from);
    const to = Math.min(p.to, q.to);
    if (to - from >= minGap) both.push({ from, to });
    if (p.to < q.to) i++;
    else j++;
  }
  return both;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((p, q) => p - q);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Consecutive rows that share a gutter: a strip free of text in every one of them with text on both
 * sides. Rows are taken top down; a group grows while its rows keep a gutter in common and ends at the
 * first row that crosses every gutter (a title or figure across the columns). A row that starts no group
 * is a group of its own.
 */
function groupsOf(rows: readonly Row[]): Group[] {
  if (rows.length === 0) return [];
  const all = rows.flatMap((row) => row.pieces);
  const em = median(all.map((piece) => piece.size)) || 10;
  const left = Math.min(...all.map((piece) => piece.x));
  const right = Math.max(...all.map(rightOf));
  // Strips narrower than the narrowest gutter cannot become one: a row that narrows a gutter below it
  // (an overfull line, a note set across) ends the group.
  const minGap = em * NARROW_GUTTER_EM;
  const loose = rows.map((row) => freeSpace(row, left, right, em * OVERFULL_GAP_EM));
  const free = loose.map((gaps) => gaps.filter((gap) => gap.to - gap.from >= minGap));
  const groups: Group[] = [];
  let start = 0;
  while (start < rows.length) {
    let shared = free[start] ?? [];
    let textLeft = Math.min(...(rows[start]?.pieces.map((piece) => piece.x) ?? []));
    let textRight = Math.max(...(rows[start]?.pieces.map(rightOf) ?? []));
    let end = start;
    // The last row that is no overfull line: the columns must go on around an overfull one.
    let regularEnd = start;
    let gutters: Interval[] = [];
    let overfull = 0;
    for (let next = start + 1; next < rows.length; next++) {
      const row = rows[next] as Row;
      // Blank space across all columns this tall is a figure or a break between two sets of columns.
      if ((rows[next - 1]?.bottom ?? 0) - row.top > em * FIGURE_GAP_EM) break;
      const rowLeft = Math.min(textLeft, ...row.pieces.map((piece) => piece.x));
      const rowRight = Math.max(textRight, ...row.pieces.map(rightOf));
      const inside = (gap: Interval) => gap.from > rowLeft && gap.to < rowRight;
      // Text wider than the group after a blank (a page's columns below a table set across their
      // gutter) starts another group, even where a gap between the table's cells lines up with the gutter;
      // so do columns of another shape: text across the group's gutters whose own gutter is none of theirs
      // (the columns' first lines under a table set across the page).
      const spread = Math.max(textLeft - rowLeft, rowRight - textRight);
      const afterBlank = (rows[next - 1]?.bottom ?? 0) - row.top > em * ROW_ABOVE_GAP_EM;
      if (afterBlank && (spread > em * SPREAD_EM || otherColumns(row, gutters, em))) break;
      if (continuesOneColumn(row, rows[next - 1], gutters, em)) {
        [textLeft, textRight, end, regularEnd] = [rowLeft, rowRight, next, next];
        continue;
      }
      const narrowed = intersect(shared, free[next] ?? [], minGap);
      let inner = narrowed.filter(inside);
      if (inner.length === 0 && gutters.length > 0 && overfull < (next - start) * MAX_OVERFULL_SHARE) {
        // A line that runs into the gutter (an overfull line, a note in small type) but leaves a strip
        // of it free stays in the columns without narrowing the gutter.
        const kept = intersect(shared, loose[next] ?? [], em * OVERFULL_GAP_EM).filter(inside);
        if (kept.length === 0) break;
        overfull++;
        [textLeft, textRight, end] = [rowLeft, rowRight, next];
        continue;
      }
      if (inner.length === 0) break;
      inner = inner.filter((gap) => gap.to - gap.from >= minGap);
      [shared, textLeft, textRight, end, regularEnd, gutters] = [
        narrowed,
        rowLeft,
        rowRight,
        next,
        next,
        inner,
      ];
    }
    // Lines across the gutter after the columns' last row (the text going on under a figure set
    // beside a display) are no overfull lines but the text below the set.
    end = regularEnd;
    const found = gutterRows(rows.slice(start, end + 1), gutters, em);
    const previous = groups.at(-1)?.rows.at(-1);
    if (found.length > 0 && previous && runsOn(previous, rows[start] as Row, found, em)) {
      groups.push({ rows: [rows[start] as Row], gutters: [] });
      start++;
      continue;
    }
    if (found.length > 0) {
      const group = { rows: rows.slice(start, end + 1), gutters: found };
      takeRowsAbove(groups, group, em);
      groups.push(group);
      start = end + 1;
    } else {
      groups.push({ rows: rows.slice(start, start + 1), gutters: [] });
      start++;
    }
  }
  return groups;
}

/**
 * A row set in columns of its own: a gap between its pieces, pieces across the group's gutters, and none
 * of those gutters left free within its gaps (a wide display or the next columns' first lines under a
 * table set across the page). A line in one column under a table beside it has no gap of its own.
 */
function otherColumns(row: Row, gutters: readonly Interval[], em: number): boolean {
  const start = Math.min(...row.pieces.map((piece) => piece.x));
  const end = Math.max(...row.pieces.map(rightOf));
  const own = freeSpace(row, start, end, em * NARROW_GUTTER_EM);
  const across = row.pieces.some((piece) => !withinColumn(piece, gutters));
  const slack = em * OVERFULL_GAP_EM;
  const keeps = gutters.some((gutter) =>
    own.some((gap) => gap.from <= gutter.from + slack && gap.to >= gutter.to - slack),
  );
  return own.length > 0 && across && !keeps;
}

/**
 * A row with text in one column only, at about a line's distance from the row above, goes on in the
 * set of columns without narrowing its gutters: where a display or a code block makes one column's
 * baselines drift from the other's, rows alternate between the columns; where one column ends early,
 * the other goes on alone. Either way the row is read in its own column, not after the set.
 */
function continuesOneColumn(row: Row, above: Row | undefined, gutters: readonly Interval[], em: number) {
  if (gutters.length === 0 || !above || above.bottom - row.top > em * ROW_ABOVE_GAP_EM) return false;
  return row.pieces.every((piece) => withinColumn(piece, gutters));
}

/**
 * A piece sits in one column when it stays clear of every gutter. Code never breaks, so a line of it may
 * run on over the gutter (LaTeX's overfull line: "\includegraphics[width=\textwidth]{…}books"); it belongs
 * to the column it starts in.
 */
function withinColumn(piece: TextPiece, gutters: readonly Interval[]): boolean {
  return gutters.every(
    (gutter) =>
      rightOf(piece) <= gutter.from || piece.x >= gutter.to || (piece.mono === true && piece.x < gutter.from),
  );
}

/**
 * A row that goes on with the line across the columns right above it: it starts where that line starts,
 * at a line's distance and in the same type, and either ends that line's sentence in the first column
 * ("… onto the y" / "aesthetic:" over a display set beside a figure) or fills the same measure (a
 * caption's last lines, whose word spaces line up with a gap of the table below). It goes on with the
 * text, not with the set below.
 */
function runsOn(above: Row, row: Row, gutters: readonly Interval[], em: number): boolean {
  const [firstGutter] = gutters;
  const start = (pieces: readonly TextPiece[]) => Math.min(...pieces.map((piece) => piece.x));
  const end = (pieces: readonly TextPiece[]) => Math.max(...pieces.map(rightOf));
  const inFirstColumn = row.pieces.every((piece) => rightOf(piece) <= (firstGutter?.from ?? 0));
  return (
    firstGutter !== undefined &&
    above.pieces.some((piece) => !withinColumn(piece, gutters)) &&
    (inFirstColumn || Math.abs(end(row.pieces) - end(above.pieces)) < em * 0.5) &&
    above.bottom - row.top <= em * 0.5 &&
    Math.abs(start(row.pieces) - start(above.pieces)) < em * 0.5 &&
    Math.abs(row.size - above.size) < 0.5
  );
}

/**
 * Rows right above a set of columns that sit within one of its columns belong to it: where a figure
 * fills the top of the left column, the right column's first rows have nothing beside them, yet they
 * are read after the left column. Rows are taken while they follow within a heading's space.
 */
function takeRowsAbove(groups: Group[], group: Group, em: number) {
  const clear = (piece: TextPiece) => withinColumn(piece, group.gutters);
  for (;;) {
    const above = groups.at(-1);
    const row = above?.rows[0];
    const first = group.rows[0];
    if (!above || !row || !first || above.gutters.length > 0 || above.rows.length !== 1) return;
    if (row.bottom - first.top > em * HEADING_GAP_EM || !row.pieces.every(clear)) return;
    const aboveThat = groups.at(-2)?.rows.at(-1);
    if (aboveThat && runsOn(aboveThat, row, group.gutters, em)) return;
    groups.pop();
    group.rows.unshift(row);
  }
}

/** The gutters wide enough for the number of rows they run through, with text on both sides. */
function gutterRows(rows: readonly Row[], gutters: readonly Interval[], em: number): Interval[] {
  if (rows.length < 2) return [];
  const minWidth = em * (rows.length >= MANY_ROWS ? NARROW_GUTTER_EM : WIDE_GUTTER_EM);
  const sides = Math.min(2, rows.length);
  return gutters.filter((gutter) => {
    const leftRows = rows.filter((row) => row.pieces.some((piece) => rightOf(piece) <= gutter.from)).length;
    const rightRows = rows.filter((row) => row.pieces.some((piece) => piece.x >= gutter.to)).length;
    return gutter.to - gutter.from >= minWidth && leftRows >= sides && rightRows >= sides;
  });
}

/** The group's pieces split at its gutters, left to right. */
function columnsOf(group: Group): TextPiece[][] {
  const columns: TextPiece[][] = group.gutters.map(() => []);
  columns.push([]);
  for (const row of group.rows) {
    for (const piece of row.pieces) {
      const index = group.gutters.findIndex((gutter) => piece.x + piece.width / 2 < gutter.from);
      columns[index === -1 ? group.gutters.length : index]?.push(piece);
    }
  }
  return columns;
}

/**
 * How to read a group split at its gutters: as columns of text one after the other, as a table row by
 * row, or as plain lines. Columns of running text are wide and have several words on most rows; a
 * narrow column with few words beside them (margin notes, a sidebar's labels) is read apart too when it
 * has text on no more than half the rows and lines up. A table's cells are short on most rows. A list
 * set with its markers apart, and prose whose stretched word spaces happen to line up over a few rows,
 * are plain lines, as are rows whose only gaps across the gutters are the evenly stretched spaces of
 * justified lines.
 */
function readingOf(group: Group, columns: readonly TextPiece[][]): "columns" | "table" | "lines" {
  if (startsWithMarkers(columns)) return "lines";
  const em = median(columns.flat().map((piece) => piece.size)) || 10;
  const prose = columns.map((column) => {
    const width = Math.max(...column.map(rightOf)) - Math.min(...column.map((piece) => piece.x));
    const words = rowsOf(column).map((row) =>
      row.pieces
        .map((piece) => piece.str)
        .join(" ")
        .split(/\s+/),
    );
    return (
      width >= em * PROSE_WIDTH_EM && median(words.map((row) => row.filter(Boolean).length)) >= PROSE_WORDS
    );
  });
  if (prose.every(Boolean)) return "columns";
  const across = group.rows.filter((row) => group.gutters.some((gutter) => bridges(row, gutter)));
  if (across.length > 0 && across.every((row) => stretchedLine(row, em))) return "lines";
  if (!prose.some(Boolean)) return "table";
  const rows = group.rows.length;
  const sparse = columns.filter((column, index) => !prose[index] && rowsOf(column).length <= rows / 2);
  if (sparse.length < prose.filter((isProse) => !isProse).length) return "table";
  return sparse.every((column) => aligned(column, em)) ? "columns" : "lines";
}

/** A row with text on both sides of the gutter. */
function bridges(row: Row, gutter: Interval): boolean {
  return (
    row.pieces.some((piece) => rightOf(piece) <= gutter.from) &&
    row.pieces.some((piece) => piece.x >= gutter.to)
  );
}

/**
 * A justified line whose word spaces were stretched far ("Enclosing      display      math      within"):
 * three or more words, every space between them as wide as the others. A table's cells stand apart by
 * what their columns leave free, which differs from gap to gap.
 */
function stretchedLine(row: Row, em: number): boolean {
  const words = row.pieces.filter((piece) => piece.str.trim() !== "").sort((a, b) => a.x - b.x);
  if (words.length < 3) return false;
  const gaps = words.slice(1).map((piece, index) => piece.x - rightOf(words[index] as TextPiece));
  return Math.max(...gaps) - Math.min(...gaps) <= em * STRETCH_TOLERANCE_EM;
}

/**
 * Text in another face before or between pieces of code: prose that names code inline ("mands:
 * \section, \subsection,", "\section, \subsection, … and"), its commas set in the text's face. A listing
 * is code throughout, its punctuation included; only a comment may follow in another face.
 */
function proseAroundCode(pieces: readonly TextPiece[]): boolean {
  const lastCode = pieces.findLastIndex((piece) => piece.mono);
  return pieces.some((piece, index) => !piece.mono && index < lastCode && piece.str.trim() !== "");
}

/**
 * Whether a column's rows start (or end) at one place, as margin notes, labels and numbers do; the words
 * that justified lines' stretched spaces leave beside a short line do not ("… booktabs —   for
 * preparing" over "… across   pages,   the best").
 */
function aligned(column: readonly TextPiece[], em: number): boolean {
  const rows = rowsOf(column);
  const lefts = rows.map((row) => Math.min(...row.pieces.map((piece) => piece.x)));
  const rights = rows.map((row) => Math.max(...row.pieces.map(rightOf)));
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  return spread(lefts) <= em * 0.2 || spread(rights) <= em * 0.2;
}

// A list's markers: bullets, numbers and letters ("3.", "b)", "(iv)"), and the labels of requirements,
// use cases and questions set before their text ("R1", "UC3", "NFR-12", "Q4").
const MARKER = /^(?:[-*+•–·▪◦●○■□]|\(?(?:\d{1,3}|[a-zA-Z]|[ivx]{1,4})[.)]|[A-Z]{1,4}-?\d{1,3})$/u;

/** A list set with its bullets or numbers apart from the text: the first column holds only markers. */
function startsWithMarkers(columns: readonly TextPiece[][]): boolean {
  const first = columns[0] ?? [];
  return first.length > 0 && rowsOf(first).every((row) => MARKER.test(rowText(row.pieces).trim()));
}

/** How many of a table row's cells (the spans between the gutters) hold text. */
function cellsOf(row: Row, gutters: readonly Interval[]): number {
  const cells = new Set(
    row.pieces.map((piece) => gutters.filter((gutter) => gutter.to <= piece.x + piece.width / 2).length),
  );
  return cells.size;
}

/**
 * Numbers that count the lines, set in the margin beside the text: at least five number-only pieces
 * lined up on their right edge, rising top down, with no text beyond them on the margin's side.
 */
function splitLineNumbers(pieces: readonly TextPiece[]): { text: TextPiece[]; numbers: TextPiece[] } {
  const numeric = pieces.filter((piece) => /^\d{1,4}$/.test(piece.str.trim()));
  const words = pieces.filter((piece) => !/^\d{1,4}$/.test(piece.str.trim()));
  if (numeric.length < 5 || words.length === 0) return { text: [...pieces], numbers: [] };
  const textLeft = Math.min(...words.map((piece) => piece.x));
  const textRight = Math.max(...words.map(rightOf));
  const byEdge = new Map<number, TextPiece[]>();
  for (const piece of numeric) {
    const outside = rightOf(piece) <= textLeft || piece.x >= textRight;
    if (!outside) continue;
    const key = Math.round(rightOf(piece) / 3);
    byEdge.set(key, [...(byEdge.get(key) ?? []), piece]);
  }
  const numbers = new Set<TextPiece>();
  for (const stack of byEdge.values()) {
    const values = [...stack].sort((p, q) => q.y - p.y).map((piece) => Number(piece.str.trim()));
    const rising = values.filter((value, index) => index === 0 || value > (values[index - 1] ?? 0)).length;
    if (stack.length >= 5 && rising >= stack.length * 0.8) for (const piece of stack) numbers.add(piece);
  }
  return { text: pieces.filter((piece) => !numbers.has(piece)), numbers: [...numbers] };
}

const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/**
 * A row read left to right. A gap wider than a small part of the font size is a space; text printed
 * twice a hair apart (fake bold) is read once. Digits set small and raised above the line (a footnote
 * mark or two side by side, an exponent) are written as the superscript digits a reader sees ("plants¹",
 * "interesting²⁰²¹", "m²"), so they
 * are never read as a number in the sentence.
 */
function lineOf(row: Row, column: LaidLine["column"]): LaidLine {
  let text = "";
  let previous: TextPiece | undefined;
  let widestGap = 0;
  const chars = new Map<string, number>();
  let monoChars = 0;
  let italicChars = 0;
  let sansChars = 0;
  const read: ReadPiece[] = [];
  for (const piece of row.pieces) {
    if (previous && piece.str === previous.str && Math.abs(piece.x - previous.x) < 1) continue;
    const raised = isRaised(piece, row);
    const gap = previous ? piece.x - rightOf(previous) : 0;
    widestGap = Math.max(widestGap, gap / (row.size || 1));
    if (previous && gap > piece.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(piece.str)) {
      text += raised && gap < row.size * 0.3 ? "" : " ";
    }
    const start = text.length;
    text += raised ? superscript(piece.str) : piece.str;
    read.push({ piece, start, end: text.length });
    const key = `${piece.size}|${piece.bold}`;
    chars.set(key, (chars.get(key) ?? 0) + piece.str.length);
    if (piece.mono) monoChars += piece.str.trim().length;
    if (piece.italic) italicChars += piece.str.trim().length;
    if (piece.sans) sansChars += piece.str.trim().length;
    previous = piece;
  }
  const [style = "0|false"] = [...chars].sort((p, q) => q[1] - p[1]).map(([key]) => key);
  const [size, bold] = style.split("|");
  const boldChars = [...chars].filter(([key]) => key.endsWith("|true")).reduce((sum, [, n]) => sum + n, 0);
  const allChars = [...chars.values()].reduce((sum, n) => sum + n, 0);
  const first = row.pieces[0];
  return {
    text,
    y: row.y,
    x: first?.x ?? 0,
    right: Math.max(...row.pieces.map(rightOf)),
    size: Number(size),
    bold: bold === "true" && boldChars >= allChars * 0.7,
    italic: italicChars > 0 && italicChars >= text.replace(/\s/g, "").length * 0.7,
    sans: sansChars > 0 && sansChars >= text.replace(/\s/g, "").length * 0.7,
    ...leadOf(read, text),
    column,
    widestGap,
    cells: 1,
    table: false,
    rotated: false,
    lineNumber: false,
    // Most of its letters: a word of code in a sentence ("use the graphicx package") leaves it prose.
    mono:
      monoChars > 0 &&
      monoChars >= text.replace(/\s/g, "").length * MONO_SHARE &&
      !proseAroundCode(row.pieces),
    repeated: false,
  };
}

interface ReadPiece {
  piece: TextPiece;
  /** Where the piece's text sits in the line's text. */
  start: number;
  end: number;
}

/** A lead phrase keeps to at most this share of the rest's letters in its own emphasis. */
const MAX_REST_EMPHASIS = 0.2;
/** LaTeX sets a run-in title apart by a quad (1 em); a justified word space stays well under this. */
const RUN_IN_QUAD_EM = 0.8;
const NUMBERED_LEAD = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[A-Za-z][.)])\s+\p{Lu}/u;

/**
 * The phrase a line opens with when it is set in an emphasis (italic, or bold) that the rest of the line
 * does not have: "*Paragraph.* This is a paragraph.", "***Abstract***—**A clear …**" (bold italic
 * before bold). A word or two of the rest may share the emphasis (a term in italics further on).
 */
function leadOf(read: readonly ReadPiece[], text: string): { lead?: LaidLine["lead"] } {
  const first = read[0]?.piece;
  if (!first || !(first.italic || first.bold)) return {};
  const emphasis = (piece: TextPiece) => (first.italic ? Boolean(piece.italic) : piece.bold);
  const sameFace = (piece: TextPiece) => piece.bold === first.bold && Boolean(piece.italic) === first.italic;
  const count = read.findIndex(({ piece }) => !sameFace(piece));
  const restStart = read[count];
  if (count <= 0 || !restStart || emphasis(restStart.piece)) return {};
  const rest = read.slice(count);
  const letters = (pieces: readonly ReadPiece[]) =>
    pieces.reduce((sum, { piece }) => sum + piece.str.trim().length, 0);
  const emphasised = letters(rest.filter(({ piece }) => emphasis(piece)));
  if (emphasised > letters(rest) * MAX_REST_EMPHASIS) return {};
  const bold = letters(rest.filter(({ piece }) => piece.bold));
  const lastWord = read.slice(0, count).findLast(({ piece }) => piece.str.trim() !== "")?.piece;
  const space = lastWord ? restStart.piece.x - rightOf(lastWord) : 0;
  return {
    lead: {
      text: text.slice(0, restStart.start),
      restX: restStart.piece.x,
      restBold: bold > letters(rest) / 2,
      // An italic title set apart so carries its paragraph's number (REVTeX's "*a. Syntax*  The …").
      quad: (first.bold || NUMBERED_LEAD.test(text)) && space >= first.size * RUN_IN_QUAD_EM,
    },
  };
}

/** Digits set smaller than the row's text and above its baseline. */
function isRaised(piece: TextPiece, row: Row): boolean {
  return (
    /^\s*\d{1,6}\s*$/.test(piece.str) && piece.size <= row.size * 0.85 && piece.y >= row.y + row.size * 0.2
  );
}

function superscript(digits: string): string {
  return digits.trim().replace(/\d/g, (digit) => SUPERSCRIPT_DIGITS[Number(digit)] ?? digit);
}

function rowText(pieces: readonly TextPiece[]): string {
  return pieces.map((piece) => piece.str).join(" ");
}

/** One line as it sits on the page, in reading order (see pdf-regions.ts). */
export type PdfLine = LaidLine;

export interface PdfPage {
  page_number: number;
  height: number;
  /** Wider than high: a slide (see isDeck). */
  width?: number;
  lines: PdfLine[];
}

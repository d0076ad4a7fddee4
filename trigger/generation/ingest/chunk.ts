import { stableUuid } from "../ids.ts";
import { headingsOfLines } from "../text/headings.ts";
import { type ChunkLayout, chunkLayoutOf, isAside, type PageLayout } from "./layout.ts";

/** A run of whole lines of one page (PDF) or file, as stored in `source_chunks`. */
export interface Chunk {
  id: string;
  source_id: string;
  file_path: string | null;
  file_name: string;
  page_number: number | null;
  /** 0-based, inclusive, within the page or file. */
  line_start: number;
  line_end: number;
  /** The lines line_start..line_end joined by "\n" (lines never contain a line break). */
  content: string;
  /**
   * Headings, paragraph starts and broken words among these lines, as the document's layout says;
   * null (or absent) when only the text is known and headings must be guessed from line shape.
   */
  layout?: ChunkLayout | null;
}

export interface ChunkSource {
  id: string;
  file_path: string | null;
  file_name: string;
  /** Markdown marks headings with `#`; other kinds get titles recognised by their shape. */
  markup: boolean;
}

export const DEFAULT_CHUNK_LINES = 24;

interface Block {
  start: number;
  end: number;
  heading: boolean;
}

/**
 * Cuts one page into chunks of at most `maxLines` lines. Paragraphs are kept whole where they fit and
 * every heading starts a new chunk, so a sentence or a section rarely straddles two chunks; a line is
 * never split. Blank lines and page furniture (running headers, footers, page numbers) at chunk edges are
 * left out, so they are never cited nor read as text.
 */
export function chunkPage(
  source: ChunkSource,
  page: { page_number: number | null; lines: readonly string[]; layout?: PageLayout | null },
  maxLines = DEFAULT_CHUNK_LINES,
): Chunk[] {
  const ranges: Array<[number, number]> = [];
  let current: [number, number] | null = null;
  const blocks = page.layout ? blocksOfLayout(page.lines, page.layout) : blocksOf(page.lines, source.markup);
  for (const block of blocks) {
    for (let start = block.start; start <= block.end; ) {
      const piece = { start, end: pieceEnd(page.lines, start, block.end, maxLines, page.layout) };
      start = piece.end + 1;
      const fits =
        current !== null &&
        piece.end - current[0] < maxLines &&
        !block.heading &&
        !furnitureBetween(page.layout, current[1], piece.start);
      if (current && fits) {
        current[1] = piece.end;
      } else {
        if (current) ranges.push(current);
        current = [piece.start, piece.end];
      }
    }
  }
  if (current) ranges.push(current);
  return ranges.map(([lineStart, lineEnd]) => {
    const content = page.lines.slice(lineStart, lineEnd + 1).join("\n");
    return {
      id: stableUuid(source.id, page.page_number, lineStart, lineEnd, content),
      source_id: source.id,
      file_path: source.file_path,
      file_name: source.file_name,
      page_number: page.page_number,
      line_start: lineStart,
      line_end: lineEnd,
      content,
      layout: page.layout ? chunkLayoutOf(page.layout, lineStart, lineEnd) : null,
    };
  });
}

/**
 * Furniture between two blocks (text drawn in a figure between a paragraph and the caption under it, a
 * page number between columns) ends the chunk: a chunk's lines are all read as its text, and a sentence
 * that goes on past it is joined across the chunk edge (chunk-continuation.ts).
 */
function furnitureBetween(layout: PageLayout | null | undefined, after: number, before: number): boolean {
  for (let index = after + 1; index < before; index++) if (layout?.furniture.has(index)) return true;
  return false;
}

const SENTENCE_END = /[.!?:]["'”’)\]]*$/;

/**
 * Where a piece of a paragraph too long for one chunk ends: at the last line within `maxLines` that ends
 * a sentence (in its second half), so a sentence is not cut between two chunks; else at the first
 * sentence end at most half a chunk past `maxLines`; else at `maxLines`.
 */
function pieceEnd(
  lines: readonly string[],
  start: number,
  blockEnd: number,
  maxLines: number,
  layout?: PageLayout | null,
): number {
  const limit = Math.min(blockEnd, start + maxLines - 1);
  if (limit === blockEnd) return limit;
  // A caption or footnote may end in a full stop while the sentence around it goes on.
  const endsSentence = (end: number) =>
    SENTENCE_END.test(lines[end] ?? "") && !layout?.joins.has(end) && !isAside(layout?.roles.get(end));
  for (let end = limit; end >= start + Math.floor(maxLines / 2); end--) if (endsSentence(end)) return end;
  // No sentence ends in the second half: run on to the next sentence end, up to half a chunk further,
  // rather than cut a sentence (a long paragraph with a footnote set inside it).
  const further = Math.min(blockEnd, limit + Math.floor(maxLines / 2));
  for (let end = limit + 1; end <= further; end++) if (endsSentence(end)) return end;
  return limit;
}

/** Paragraphs (runs of non-blank lines) and headings, each heading a block of its own. */
function blocksOf(lines: readonly string[], markup: boolean): Block[] {
  const headings = headingsOfLines(lines, markup);
  const blocks: Block[] = [];
  let open: Block | null = null;
  lines.forEach((line, index) => {
    const heading = headings.has(index);
    if (line === "" || heading) open = null;
    if (line === "") return;
    if (open) {
      open.end = index;
      return;
    }
    const block: Block = { start: index, end: index, heading };
    blocks.push(block);
    open = heading ? null : block;
  });
  return blocks;
}

/**
 * A caption or footnote set inside a paragraph: the paragraph goes on after it (the next line that is no
 * aside is body text and starts no paragraph), so the aside stays in the paragraph's block and a chunk
 * edge does not cut the sentence around it.
 */
function asideWithin(lines: readonly string[], layout: PageLayout, index: number): boolean {
  if (!isAside(layout.roles.get(index))) return false;
  let next = index + 1;
  while (next < lines.length && isAside(layout.roles.get(next))) next++;
  return (
    next < lines.length &&
    lines[next] !== "" &&
    !layout.furniture.has(next) &&
    !layout.headings.has(next) &&
    !layout.paragraphs.has(next) &&
    layout.roles.get(next) === undefined
  );
}

/** Blocks as the layout says: headings (over all their lines), paragraphs; furniture is in none. */
function blocksOfLayout(lines: readonly string[], layout: PageLayout): Block[] {
  const blocks: Block[] = [];
  let open: Block | null = null;
  for (let index = 0; index < lines.length; index++) {
    const heading = layout.headings.get(index);
    if (lines[index] === "" || layout.furniture.has(index)) {
      open = null;
    } else if (heading) {
      const end = Math.min(Math.max(heading.end, index), lines.length - 1);
      blocks.push({ start: index, end, heading: true });
      open = null;
      index = end;
    } else if (open && (!layout.paragraphs.has(index) || asideWithin(lines, layout, index))) {
      open.end = index;
    } else {
      open = { start: index, end: index, heading: false };
      blocks.push(open);
    }
  }
  return blocks;
}

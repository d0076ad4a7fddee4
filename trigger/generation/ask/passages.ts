import type { Citation } from "../../../src/domain/citation.ts";

/** A chunk as the answer-question task loads it (public.source_chunks plus its source's web address). */
export interface AskChunk {
  id: string;
  file_path: string | null;
  page_number: number | null;
  line_start: number;
  line_end: number;
  content: string;
  source_url: string | null;
}

/** One ranked line, as public.ask_passages returns it: best first. */
export interface RankedLine {
  chunk_id: string;
  line_number: number;
  rank: number;
}

/** A few consecutive lines of one chunk around a line that matched the question. */
export interface Passage {
  chunk: AskChunk;
  line_start: number;
  line_end: number;
  lines: string[];
  rank: number;
}

/** Lines on each side of a matched line that a passage keeps: a PDF sentence often runs over three lines. */
const CONTEXT_LINES = 1;

/**
 * The best passages for ranked lines: each matched line with its neighbours inside its chunk, lines
 * without a letter trimmed from the ends, a passage overlapping or touching a better one merged into it. Best first,
 * at most `limit`.
 */
export function passagesFor(
  ranked: readonly RankedLine[],
  chunks: ReadonlyMap<string, AskChunk>,
  limit: number,
): Passage[] {
  const passages: Passage[] = [];
  for (const line of ranked) {
    const chunk = chunks.get(line.chunk_id);
    if (!chunk) continue;
    const start = Math.max(chunk.line_start, line.line_number - CONTEXT_LINES);
    const end = Math.min(chunk.line_end, line.line_number + CONTEXT_LINES);
    const near = passages.find(
      (p) => p.chunk.id === chunk.id && start <= p.line_end + 1 && end >= p.line_start - 1,
    );
    if (near) {
      setRange(near, Math.min(near.line_start, start), Math.max(near.line_end, end));
      continue;
    }
    if (passages.length >= limit) continue;
    const passage: Passage = { chunk, line_start: start, line_end: end, lines: [], rank: line.rank };
    setRange(passage, start, end);
    if (passage.lines.length > 0) passages.push(passage);
  }
  return passages;
}

/** A line worth quoting has a letter: blank lines and page numbers are trimmed from a passage's ends. */
const LETTER = /\p{L}/u;

function setRange(passage: Passage, start: number, end: number) {
  const all = passage.chunk.content.split("\n");
  let from = start;
  let to = end;
  const worded = (line: number) => LETTER.test(all[line - passage.chunk.line_start] ?? "");
  while (from < to && !worded(from)) from++;
  while (to > from && !worded(to)) to--;
  passage.line_start = from;
  passage.line_end = to;
  passage.lines = all.slice(from - passage.chunk.line_start, to - passage.chunk.line_start + 1);
  if (!passage.lines.some((text) => LETTER.test(text))) passage.lines = [];
}

/** The citation of some lines of a chunk, quoted exactly (the verifier checks them again). */
export function citationOf(chunk: AskChunk, lineStart: number, lineEnd: number): Citation {
  const lines = chunk.content.split("\n").slice(lineStart - chunk.line_start, lineEnd - chunk.line_start + 1);
  return {
    chunk_id: chunk.id,
    file_path: chunk.file_path,
    page_number: chunk.page_number,
    line_start: lineStart,
    line_end: lineEnd,
    exactLines: lines,
    snippet: null,
    source_url: chunk.source_url,
  };
}

/** One numbered line the model is shown: `[n] text`, and where it is in the sources. */
export interface NumberedLine {
  number: number;
  chunk: AskChunk;
  line: number;
  text: string;
}

/** The passages' lines numbered from 1 in order, blank lines left out (nothing to cite there). */
export function numberLines(passages: readonly Passage[]): NumberedLine[] {
  const numbered: NumberedLine[] = [];
  for (const passage of passages) {
    passage.lines.forEach((text, index) => {
      if (text.trim()) {
        numbered.push({
          number: numbered.length + 1,
          chunk: passage.chunk,
          line: passage.line_start + index,
          text,
        });
      }
    });
  }
  return numbered;
}

/**
 * The citations for line numbers a sentence gave: each number looked up (unknown numbers make the whole
 * reference invalid: null), consecutive lines of one chunk joined into one range.
 */
export function citationsForNumbers(
  numbers: readonly number[],
  lines: readonly NumberedLine[],
): Citation[] | null {
  const byNumber = new Map(lines.map((line) => [line.number, line]));
  const cited = [...new Set(numbers)].sort((a, b) => a - b).map((n) => byNumber.get(n));
  if (cited.length === 0 || cited.some((line) => line === undefined)) return null;
  const ranges: Array<{ chunk: AskChunk; start: number; end: number }> = [];
  for (const line of cited as NumberedLine[]) {
    const last = ranges.at(-1);
    if (last && last.chunk.id === line.chunk.id && line.line === last.end + 1) last.end = line.line;
    else ranges.push({ chunk: line.chunk, start: line.line, end: line.line });
  }
  return ranges.map((range) => citationOf(range.chunk, range.start, range.end));
}

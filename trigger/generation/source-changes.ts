import type { Chunk } from "./ingest/index.ts";

/**
 * After a topic's sources changed (docs/teachers.md "When a source changes"): which activities and items
 * cite text that no longer stands in the sources, and where the text that still stands now lies. The
 * cited text is compared, never the line numbers: a paragraph inserted above shifts every line below it
 * and changes nothing a citation says, while a sentence rewritten in place keeps its numbers and does.
 */

type ChunkText = Pick<Chunk, "id" | "source_id" | "page_number" | "line_start" | "line_end" | "content">;

/** An activity of one of the topic's courses, payload as stored. */
export interface CitedActivity {
  id: string;
  kind: string;
  payload: unknown;
}

/** A row of `activity_citations`. */
export interface StoredCitation {
  id: number;
  activity_id: string;
  chunk_id: string | null;
  line_start: number | null;
  line_end: number | null;
  snippet: string | null;
}

export interface StaleMark {
  activity_id: string;
  /** Questions or practice cards whose cited text changed. */
  item_ids: string[];
  /** Text the activity itself cites (overview, study, recap) changed. */
  citations_changed: boolean;
}

/** A stored citation whose text still stands, at its new lines of a chunk that contains them all. */
export interface Relink {
  id: number;
  chunk_id: string;
  line_start: number;
  line_end: number;
}

export interface SourceChanges {
  stale: StaleMark[];
  relinks: Relink[];
}

/** Where a found text lies. */
interface Found {
  sourceId: string;
  page: number | null;
  lineStart: number;
  lineEnd: number;
}

/** Text as compared: Unicode-composed, every run of white space one space (a re-wrapped line is the same text). */
export function comparableText(text: string): string {
  return text.normalize("NFC").replace(/\s+/gu, " ").trim();
}

/** Separates pages in a source's searchable text, so no cited text is found across a page break. */
const PAGE_BREAK = "\u0000";

interface LineStart {
  offset: number;
  page: number | null;
  line: number;
}

/** One source's text, its lines joined by spaces, with where each line starts. */
class SourceText {
  private text = "";
  private readonly starts: LineStart[] = [];
  private lastPage: number | null | undefined;

  constructor(readonly sourceId: string) {}

  addLine(page: number | null, line: number, content: string) {
    const comparable = comparableText(content);
    if (comparable === "") return;
    if (this.lastPage !== undefined && this.lastPage !== page) this.text += PAGE_BREAK;
    else if (this.text !== "") this.text += " ";
    this.lastPage = page;
    this.starts.push({ offset: this.text.length, page, line });
    this.text += comparable;
  }

  find(needle: string): Found | null {
    const at = this.text.indexOf(needle);
    if (at < 0) return null;
    const first = this.lineAt(at);
    const last = this.lineAt(at + needle.length - 1);
    return { sourceId: this.sourceId, page: first.page, lineStart: first.line, lineEnd: last.line };
  }

  /** The line a character offset falls in (binary search over line starts). */
  private lineAt(offset: number): LineStart {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((this.starts[middle]?.offset ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return this.starts[low] as LineStart;
  }
}

/** The topic's new text, searchable per source, and its chunks for relinking. */
export class TopicText {
  private readonly sources = new Map<string, SourceText>();

  constructor(private readonly chunks: readonly ChunkText[]) {
    const ordered = [...chunks].sort(
      (a, b) =>
        a.source_id.localeCompare(b.source_id) ||
        (a.page_number ?? 0) - (b.page_number ?? 0) ||
        a.line_start - b.line_start,
    );
    const seen = new Set<string>();
    for (const chunk of ordered) {
      const source = this.sources.get(chunk.source_id) ?? new SourceText(chunk.source_id);
      this.sources.set(chunk.source_id, source);
      chunk.content.split("\n").forEach((line, index) => {
        const key = `${chunk.source_id}:${chunk.page_number}:${chunk.line_start + index}`;
        if (seen.has(key)) return;
        seen.add(key);
        source.addLine(chunk.page_number, chunk.line_start + index, line);
      });
    }
  }

  /** Where the text stands now, looked for first in the source it was cited from; null when it is gone. */
  find(text: string, preferredSource?: string | null): Found | null {
    const needle = comparableText(text);
    if (needle === "") return null;
    const preferred = preferredSource ? this.sources.get(preferredSource) : undefined;
    const found = preferred?.find(needle);
    if (found) return found;
    for (const source of this.sources.values()) {
      if (source === preferred) continue;
      const elsewhere = source.find(needle);
      if (elsewhere) return elsewhere;
    }
    return null;
  }

  /** A chunk holding all of the found lines, if one does (re-cut chunks may split them). */
  chunkHolding(found: Found): ChunkText | undefined {
    return this.chunks.find(
      (chunk) =>
        chunk.source_id === found.sourceId &&
        chunk.page_number === found.page &&
        chunk.line_start <= found.lineStart &&
        found.lineEnd <= chunk.line_end,
    );
  }
}

/** The lines line_start..line_end of a chunk as it was, or null when the range is not inside it. */
function linesOf(chunk: ChunkText, lineStart: number, lineEnd: number): string | null {
  if (lineStart < chunk.line_start || lineEnd > chunk.line_end) return null;
  const lines = chunk.content.split("\n");
  return lines.slice(lineStart - chunk.line_start, lineEnd - chunk.line_start + 1).join("\n");
}

interface PayloadCitation {
  chunk_id?: unknown;
  exactLines?: unknown;
  snippet?: unknown;
}

interface PayloadItem {
  id?: unknown;
  citations?: unknown;
}

/** The text a payload citation quotes: its exact lines (verified at generation), else its snippet. */
function quotedText(citation: PayloadCitation): string {
  if (Array.isArray(citation.exactLines) && citation.exactLines.length > 0) {
    return citation.exactLines.filter((line) => typeof line === "string").join("\n");
  }
  return typeof citation.snippet === "string" ? citation.snippet : "";
}

function citationsOfItem(item: PayloadItem): PayloadCitation[] {
  return Array.isArray(item.citations) ? (item.citations as PayloadCitation[]) : [];
}

/** The items of a payload that carry citations: questions, practice cards (with ids) and study blocks. */
function payloadItems(payload: unknown): PayloadItem[] {
  if (!payload || typeof payload !== "object") return [];
  const record = payload as Record<string, unknown>;
  for (const key of ["questions", "cards", "blocks"]) {
    const items = record[key];
    if (Array.isArray(items)) return items as PayloadItem[];
  }
  return [];
}

/**
 * Compares what every activity cites with the topic's text after its sources were read again. `before`
 * are the chunks as they were (the old lines a stored citation points at), `after` the chunks now.
 */
export function compareCitedText(input: {
  before: readonly ChunkText[];
  after: readonly ChunkText[];
  activities: readonly CitedActivity[];
  citations: readonly StoredCitation[];
}): SourceChanges {
  const now = new TopicText(input.after);
  const old = new Map(input.before.map((chunk) => [chunk.id, chunk]));
  const current = new Set(input.after.map((chunk) => chunk.id));
  const stands = (citation: PayloadCitation) => {
    const chunkId = typeof citation.chunk_id === "string" ? citation.chunk_id : null;
    return now.find(quotedText(citation), chunkId ? old.get(chunkId)?.source_id : null) !== null;
  };

  const marks = new Map<string, StaleMark>();
  const markOf = (activityId: string) => {
    const mark = marks.get(activityId) ?? { activity_id: activityId, item_ids: [], citations_changed: false };
    marks.set(activityId, mark);
    return mark;
  };

  for (const activity of input.activities) {
    for (const item of payloadItems(activity.payload)) {
      if (citationsOfItem(item).every(stands)) continue;
      // Questions and cards are fixed one at a time; a study block is the activity's own text.
      if (typeof item.id === "string") markOf(activity.id).item_ids.push(item.id);
      else markOf(activity.id).citations_changed = true;
    }
  }

  const relinks: Relink[] = [];
  const itemKinds = new Set(["diagnostic", "mastery", "practice"]);
  const kindOf = new Map(input.activities.map((activity) => [activity.id, activity.kind]));
  for (const citation of input.citations) {
    const was = citation.chunk_id ? old.get(citation.chunk_id) : undefined;
    const text =
      was && citation.line_start !== null && citation.line_end !== null
        ? linesOf(was, citation.line_start, citation.line_end)
        : null;
    const found = now.find(text ?? citation.snippet ?? "", was?.source_id);
    if (!found) {
      // A check's or a deck's citations are its items' (judged above, one item at a time).
      if (!itemKinds.has(kindOf.get(citation.activity_id) ?? ""))
        markOf(citation.activity_id).citations_changed = true;
      continue;
    }
    const holder = now.chunkHolding(found);
    const moved =
      !citation.chunk_id ||
      !current.has(citation.chunk_id) ||
      citation.line_start !== found.lineStart ||
      citation.line_end !== found.lineEnd;
    // Only a citation of whole old lines moves: a snippet's own range is not known.
    if (holder && moved && text !== null) {
      relinks.push({
        id: citation.id,
        chunk_id: holder.id,
        line_start: found.lineStart,
        line_end: found.lineEnd,
      });
    }
  }

  return { stale: [...marks.values()], relinks };
}

import { z } from "zod";
import { type Citation, uniqueCitations } from "../../../src/domain/citation.ts";
import type { Structure } from "../../../src/domain/structure.ts";
import { type CorpusChunk, linesOf } from "../corpus.ts";
import { citedText } from "../support.ts";

/**
 * The map/reduce half of the LLM provider that needs no model: cutting a corpus into batches that fit
 * one call, turning a model's line references into citations, and merging the outlines of consecutive
 * batches into one structure.
 */

/**
 * Model-facing field types. Their checks are zod refinements, which the JSON schema sent to the model
 * leaves out: strict structured-output endpoints refuse keywords such as minLength, and an answer that
 * breaks a refinement is sent back for repair all the same.
 */
export const text = () => z.string().refine((value) => value.trim() !== "", "must not be empty");
export const whole = () => z.number().refine(Number.isInteger, "must be a whole number");

/** How a model cites: a chunk it was shown and an inclusive range of that chunk's line numbers. */
export const lineRefSchema = z.object({
  chunk_id: text(),
  line_start: whole(),
  line_end: whole(),
});
export type LineRef = z.infer<typeof lineRefSchema>;

/** What one map call proposes for its batch. */
export const outlineSchema = z.object({
  title: z.string(),
  description: z.string(),
  sections: z.array(
    z.object({
      title: text(),
      description: z.string(),
      continues_previous: z.boolean(),
      subtopics: z.array(
        z.object({
          title: text(),
          description: z.string(),
          key_points: z.array(z.string()),
          citations: z.array(lineRefSchema),
        }),
      ),
    }),
  ),
});
export type Outline = z.infer<typeof outlineSchema>;

/** The reduce answer: consecutive merged sections grouped into chapters, covering each exactly once. */
export function groupingSchema(count: number) {
  return z
    .object({
      title: text(),
      description: z.string(),
      sections: z.array(
        z.object({
          first: whole(),
          last: whole(),
          title: text(),
          description: z.string(),
        }),
      ),
    })
    .superRefine((value, context) => {
      let expected = 0;
      for (const [index, group] of value.sections.entries()) {
        if (group.first !== expected || group.last < group.first) {
          context.addIssue({
            code: "custom",
            path: ["sections", index],
            message: `section ${index} must start at ${expected} and end at or after its first`,
          });
          return;
        }
        expected = group.last + 1;
      }
      if (expected !== count) {
        context.addIssue({
          code: "custom",
          path: ["sections"],
          message: `the ranges must cover 0 to ${count - 1} in order, each number once`,
        });
      }
    });
}
export type Grouping = z.infer<ReturnType<typeof groupingSchema>>;

/**
 * How a chunk is shown to a model: its id, page and file, then its lines prefixed with their numbers and,
 * where the layout knows it, what a line is ("[heading 2]", "[caption]", "[reference]"), so the model
 * reads the same roles the offline provider does.
 */
export function renderChunk(chunk: CorpusChunk): string {
  const page = chunk.page_number === null ? "" : ` page="${chunk.page_number}"`;
  const tag = (line: number) => {
    const level = chunk.headingLevels.get(line);
    const role = level === undefined ? chunk.lineRoles.get(line) : `heading ${level}`;
    return role ? ` [${role}]` : "";
  };
  const numbered = chunk.lines
    .map((line, offset) => `${chunk.line_start + offset}${tag(chunk.line_start + offset)}: ${line}`)
    .join("\n");
  return `<chunk id="${chunk.id}"${page} file=${JSON.stringify(chunk.file_name)}>\n${numbered}\n</chunk>`;
}

/**
 * Consecutive chunks in batches whose rendered text stays within `budget` characters. A chunk is never
 * split or skipped: one longer than the budget travels alone.
 */
export function batchChunks(chunks: readonly CorpusChunk[], budget: number): CorpusChunk[][] {
  const batches: CorpusChunk[][] = [];
  let current: CorpusChunk[] = [];
  let size = 0;
  for (const chunk of chunks) {
    const length = renderChunk(chunk).length + 1;
    if (current.length > 0 && size + length > budget) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(chunk);
    size += length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

const SNIPPET_LENGTH = 240;

/**
 * The citation a line reference stands for, with the lines looked up in the chunk. A reference to a
 * chunk that was not shown, or to lines outside it or blank, keeps its address but no lines, so the
 * citation verifier drops it and counts it.
 */
export function fillCitation(ref: LineRef, shown: ReadonlyMap<string, CorpusChunk>): Citation {
  const chunk = shown.get(ref.chunk_id);
  const lineStart = Math.max(0, ref.line_start);
  const lineEnd = Math.max(0, ref.line_end);
  const inside =
    chunk !== undefined &&
    ref.line_start >= chunk.line_start &&
    ref.line_start <= ref.line_end &&
    ref.line_end <= chunk.line_end;
  const exactLines = inside ? linesOf(chunk, lineStart, lineEnd) : [];
  const text = citedText(exactLines);
  return {
    chunk_id: ref.chunk_id,
    file_path: chunk?.file_path ?? null,
    page_number: chunk?.page_number ?? null,
    line_start: lineStart,
    line_end: lineEnd,
    exactLines: text === "" ? [] : exactLines,
    snippet: text === "" ? null : shorten(text),
    source_url: null,
  };
}

export const isFilled = (citation: Citation) => citation.exactLines.length > 0;

function shorten(text: string): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  const cut = text.slice(0, SNIPPET_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), SNIPPET_LENGTH / 2))}…`;
}

interface PartSubtopic {
  title: string;
  description: string;
  key_points: string[];
  citations: Citation[];
  position: number;
}

/** A section after merging the batches' outlines, before the optional reduce call groups them. */
export interface MergedSection {
  title: string;
  description: string;
  subtopics: PartSubtopic[];
  /** Pages (or null for page-less sources) the section cites, for the reduce prompt. */
  pages: Array<number | null>;
}

const MAX_KEY_POINTS = 4;
const sameTitle = (a: string, b: string) => normalTitle(a) === normalTitle(b);
const normalTitle = (title: string) =>
  title
    .toLowerCase()
    .replace(/^[\d.\s]+/, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The batches' outlines as one list of sections in reading order: a batch's first section is merged
 * into the previous batch's last when the batch opens without a heading (the layout says so, whatever
 * the model thought) or the model says it continues, or when the titles match; subtopics of the same
 * title are merged, and citations repeat once.
 */
export function mergeOutlines(
  batches: ReadonlyArray<{
    outline: Outline;
    shown: ReadonlyMap<string, CorpusChunk>;
    /** False when the batch's first line is no heading: it opens in the middle of a chapter. */
    opensWithHeading?: boolean;
  }>,
): MergedSection[] {
  const merged: MergedSection[] = [];
  for (const { outline, shown, opensWithHeading } of batches) {
    let last = -1;
    const sections = outline.sections.map((section) => {
      const subtopics = section.subtopics.map((subtopic): PartSubtopic => {
        const citations = uniqueCitations(subtopic.citations.map((ref) => fillCitation(ref, shown)));
        return {
          title: subtopic.title,
          description: subtopic.description,
          key_points: subtopic.key_points,
          citations,
          position: firstPosition(citations, shown),
        };
      });
      // A section stands where most of its lines are: the median of its citations, so one stray
      // citation of an earlier line (a graded appendix cited one line of the chapter before it) does not
      // move it ahead of the sections before it. A section the model cited nothing for stays where the
      // model put it.
      const position = medianPosition(
        subtopics.flatMap((subtopic) => subtopic.citations),
        shown,
      );
      last = Number.isFinite(position) ? position : last;
      return { section, subtopics, position: last };
    });
    sections.sort((a, b) => a.position - b.position);
    sections.forEach(({ section, subtopics }, index) => {
      const previous = merged.at(-1);
      const continues =
        previous !== undefined &&
        ((index === 0 && (section.continues_previous || opensWithHeading === false)) ||
          sameTitle(previous.title, section.title));
      if (previous && continues) {
        previous.subtopics.push(...subtopics);
        if (previous.description === "") previous.description = section.description;
      } else {
        merged.push({ title: section.title, description: section.description, subtopics, pages: [] });
      }
    });
  }
  for (const section of merged) {
    section.subtopics = mergeSubtopics(section.subtopics);
    section.pages = [
      ...new Set(section.subtopics.flatMap((s) => s.citations.filter(isFilled).map((c) => c.page_number))),
    ];
  }
  return merged;
}

/** Where each real citation starts in reading order (chunk order, then line). */
function positions(citations: readonly Citation[], shown: ReadonlyMap<string, CorpusChunk>): number[] {
  return citations.flatMap((citation) => {
    const chunk = shown.get(citation.chunk_id);
    return chunk && isFilled(citation) ? [chunk.order * 100_000 + citation.line_start] : [];
  });
}

/** Where a subtopic starts in reading order: its earliest real citation. */
function firstPosition(citations: readonly Citation[], shown: ReadonlyMap<string, CorpusChunk>): number {
  return Math.min(...positions(citations, shown));
}

/** The middle of where citations start (the lower middle of an even count); infinite without any. */
function medianPosition(citations: readonly Citation[], shown: ReadonlyMap<string, CorpusChunk>): number {
  const sorted = positions(citations, shown).sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.POSITIVE_INFINITY;
}

function mergeSubtopics(subtopics: readonly PartSubtopic[]): PartSubtopic[] {
  const byTitle = new Map<string, PartSubtopic>();
  for (const subtopic of subtopics) {
    const key = normalTitle(subtopic.title);
    const existing = byTitle.get(key);
    if (!existing) {
      byTitle.set(key, { ...subtopic, key_points: subtopic.key_points.slice(0, MAX_KEY_POINTS) });
      continue;
    }
    existing.citations = uniqueCitations([...existing.citations, ...subtopic.citations]);
    existing.key_points = [...new Set([...existing.key_points, ...subtopic.key_points])].slice(
      0,
      MAX_KEY_POINTS,
    );
    existing.position = Math.min(existing.position, subtopic.position);
  }
  // A subtopic the model cited nothing for stays right after the one it followed.
  let last = -1;
  return [...byTitle.values()]
    .map((subtopic) => {
      last = Number.isFinite(subtopic.position) ? subtopic.position : last;
      return { subtopic, at: last };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ subtopic }) => subtopic);
}

/**
 * The structure from merged sections: as they are, or grouped into chapters by a reduce answer (whose
 * titles and descriptions then replace the pieces').
 */
export function structureOf(
  title: string,
  description: string,
  sections: readonly MergedSection[],
  grouping: Grouping | null,
): Structure {
  const groups =
    grouping?.sections ??
    sections.map((section, index) => ({
      first: index,
      last: index,
      title: section.title,
      description: section.description,
    }));
  return {
    title,
    description,
    sections: groups.map((group, index) => ({
      section_id: `section-${index + 1}`,
      title: group.title,
      description: group.description,
      subtopics: mergeSubtopics(sections.slice(group.first, group.last + 1).flatMap((s) => s.subtopics)).map(
        (subtopic, position) => ({
          subtopic_id: `section-${index + 1}-${position + 1}`,
          title: subtopic.title,
          description: subtopic.description,
          key_points: subtopic.key_points,
          citations: subtopic.citations,
        }),
      ),
    })),
  };
}

/**
 * Where each batch stands in the document's headings: whether its first line is a heading, and the last
 * heading before it (told to the model, so it can judge a part that opens mid-chapter).
 */
export function batchContexts(
  batches: readonly (readonly CorpusChunk[])[],
  headings: ReadonlyArray<{ chunk: CorpusChunk; line_start: number; text: string }>,
): Array<{ opensWithHeading: boolean; previousHeading: string | null }> {
  const sorted = [...headings].sort((a, b) => a.chunk.order - b.chunk.order || a.line_start - b.line_start);
  return batches.map((batch) => {
    const first = batch[0];
    if (!first) return { opensWithHeading: true, previousHeading: null };
    const opensWithHeading = sorted.some(
      (heading) => heading.chunk.id === first.id && heading.line_start === firstLineOf(first),
    );
    const before = sorted.filter((heading) => heading.chunk.order < first.order).at(-1);
    return { opensWithHeading, previousHeading: before?.text ?? null };
  });
}

/** The number of a chunk's first non-blank line. */
function firstLineOf(chunk: CorpusChunk): number {
  const offset = chunk.lines.findIndex((line) => line.trim() !== "");
  return chunk.line_start + Math.max(0, offset);
}

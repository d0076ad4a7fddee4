import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { citationLabel } from "@/lib/citation-display";
import type { StudymapClient } from "@/lib/database";
import { unwrap } from "@/lib/query";

/**
 * The class view's reads (docs/teachers.md): three RPCs that aggregate in Postgres and decide there who
 * may see what. The generated types cannot say which columns may be null, so each row is read by a schema.
 */

/** How long without progress counts as stuck, unless the teacher picks another period. */
export const DEFAULT_STUCK_DAYS = 7;

const countsRowSchema = z.object({
  chapter_id: z.string(),
  chapter_position: z.number(),
  chapter_title: z.string(),
  subtopic_id: z.string().nullable(),
  subtopic_title: z.string().nullable(),
  started: z.number(),
  excused: z.number(),
  passed: z.number(),
  failed: z.number(),
  stuck: z.number(),
});
export type ClassCountsRow = z.infer<typeof countsRowSchema>;

/** A chapter's counts and its subtopics' counts, in reading order. */
export interface ClassChapter {
  id: string;
  position: number;
  title: string;
  counts: ClassCountsRow;
  subtopics: ClassCountsRow[];
}

/** Groups the flat RPC rows (chapter rows have no subtopic) into chapters. */
export function groupByChapter(rows: readonly ClassCountsRow[]): ClassChapter[] {
  const chapters = new Map<string, ClassChapter>();
  for (const row of rows) {
    if (row.subtopic_id === null) {
      chapters.set(row.chapter_id, {
        id: row.chapter_id,
        position: row.chapter_position,
        title: row.chapter_title,
        counts: row,
        subtopics: [],
      });
    }
  }
  for (const row of rows) {
    if (row.subtopic_id !== null) chapters.get(row.chapter_id)?.subtopics.push(row);
  }
  return [...chapters.values()].sort((a, b) => a.position - b.position);
}

export async function fetchClassProgress(
  client: StudymapClient,
  topicId: string,
  stuckDays: number,
): Promise<ClassChapter[]> {
  const rows = unwrap(
    await client.rpc("class_topic_progress", { p_topic_id: topicId, p_stuck_days: stuckDays }),
  );
  return groupByChapter(z.array(countsRowSchema).parse(rows ?? []));
}

const learnerSchema = z.object({
  user_id: z.string(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  excused: z.boolean(),
  passed: z.boolean(),
  failed: z.boolean(),
  stuck: z.boolean(),
  last_progress_at: z.string().nullable(),
});
export type ClassLearner = z.infer<typeof learnerSchema>;

/** The learners behind one chapter's (subtopic null) or subtopic's counts; managers and admins only. */
export async function fetchSubtopicLearners(
  client: StudymapClient,
  params: { topicId: string; chapterId: string; subtopicId: string | null; stuckDays: number },
): Promise<ClassLearner[]> {
  const rows = unwrap(
    await client.rpc("class_subtopic_learners", {
      p_topic_id: params.topicId,
      p_chapter_id: params.chapterId,
      // PostgREST takes an absent argument as the default (null): the chapter as a whole.
      ...(params.subtopicId === null ? {} : { p_subtopic_id: params.subtopicId }),
      p_stuck_days: params.stuckDays,
    }),
  );
  return z.array(learnerSchema).parse(rows ?? []);
}

export const ITEM_FLAGS = [
  "too_easy",
  "too_hard",
  "negative_discrimination",
  "unused_option",
  "wrong_option_beats_right",
] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

const optionSchema = z.object({
  index: z.number(),
  text: z.string(),
  correct: z.boolean(),
  picks: z.number(),
});
export type ItemOption = z.infer<typeof optionSchema>;

const itemSchema = z.object({
  chapter_id: z.string(),
  chapter_position: z.number(),
  chapter_title: z.string(),
  activity_id: z.string(),
  kind: z.string(),
  question_id: z.string(),
  question_position: z.number(),
  subtopic_id: z.string().nullable(),
  stem: z.string().nullable(),
  attempts: z.number(),
  check_attempts: z.number(),
  quiz_attempts: z.number(),
  share_correct: z.number().nullable(),
  discrimination: z.number().nullable(),
  options: z.array(optionSchema),
  // A flag this client does not know yet is dropped rather than failing the whole table.
  flags: z.array(z.string()).transform((flags) => flags.filter((flag): flag is ItemFlag => isItemFlag(flag))),
});
export type ItemAnalysis = z.infer<typeof itemSchema>;

function isItemFlag(flag: string): flag is ItemFlag {
  return (ITEM_FLAGS as readonly string[]).includes(flag);
}

export async function fetchItemAnalysis(client: StudymapClient, topicId: string): Promise<ItemAnalysis[]> {
  const rows = unwrap(await client.rpc("class_item_analysis", { p_topic_id: topicId }));
  return z.array(itemSchema).parse(rows ?? []);
}

const thresholdSchema = z.object({
  flag: z.string(),
  threshold: z.number().nullable(),
  min_attempts: z.number(),
});
export type FlagThreshold = z.infer<typeof thresholdSchema>;

/** The flags' thresholds as Postgres applies them (item_flag_thresholds), so the words quote the same numbers. */
export async function fetchFlagThresholds(client: StudymapClient): Promise<Map<string, FlagThreshold>> {
  const rows = z.array(thresholdSchema).parse(unwrap(await client.rpc("item_flag_thresholds")) ?? []);
  return new Map(rows.map((row) => [row.flag, row]));
}

// Regenerating one item or one chapter (docs/teachers.md "Regenerating one item or one chapter") ---------

const regenerationSchema = z.object({
  id: z.string(),
  part: z.enum(["item", "chapter", "lines"]),
  chapter_id: z.string(),
  activity_id: z.string().nullable(),
  question_id: z.string().nullable(),
  chunk_id: z.string().nullable(),
  line_start: z.number().nullable(),
  line_end: z.number().nullable(),
  status: z.enum(["queued", "running", "done", "failed"]),
  error: z.string().nullable(),
  result: z
    .object({
      stem: z.string().optional(),
      kept: z.number().optional(),
      replaced: z.unknown().optional(),
      // Adding items for untested lines (part "lines"): how many mastery questions and practice cards.
      questions: z.number().optional(),
      cards: z.number().optional(),
    })
    .passthrough()
    .nullable(),
  created_at: z.string(),
});
export type Regeneration = z.infer<typeof regenerationSchema>;

/**
 * The queue table and its RPCs are newer than the generated database types (supabase/types), so they
 * are called through an untyped client; every answer is checked by a schema.
 */
function untyped(client: StudymapClient): SupabaseClient {
  return client as unknown as SupabaseClient;
}

/** The topic's latest regenerations, newest first; RLS shows them to its class viewers only. */
export async function fetchRegenerations(client: StudymapClient, topicId: string): Promise<Regeneration[]> {
  const rows = unwrap(
    await untyped(client)
      .from("course_part_regenerations")
      .select(
        "id, part, chapter_id, activity_id, question_id, chunk_id, line_start, line_end, status, error, result, created_at",
      )
      .eq("topic_id", topicId)
      .order("created_at", { ascending: false })
      .limit(50),
  );
  return z.array(regenerationSchema).parse(rows ?? []);
}

/** Queues one question's regeneration; Postgres decides who may (403), how often (429) and one at a time per chapter (409). */
export async function requestItemRegeneration(
  client: StudymapClient,
  item: { activityId: string; questionId: string },
): Promise<string> {
  const id = unwrap(
    await untyped(client).rpc("request_item_regeneration", {
      p_activity_id: item.activityId,
      p_question_id: item.questionId,
    }),
  );
  return z.string().parse(id);
}

/** Queues one chapter's regeneration, under the same rules. */
export async function requestChapterRegeneration(client: StudymapClient, chapterId: string): Promise<string> {
  const id = unwrap(await untyped(client).rpc("request_chapter_regeneration", { p_chapter_id: chapterId }));
  return z.string().parse(id);
}

/** Queues new items for one untested run of lines, for the chapter the coverage map names (same rules). */
export async function requestCoverageItems(
  client: StudymapClient,
  run: { topicId: string; chunkId: string; lineStart: number; lineEnd: number },
): Promise<string> {
  const id = unwrap(
    await untyped(client).rpc("request_coverage_items", {
      p_topic_id: run.topicId,
      p_chunk_id: run.chunkId,
      p_line_start: run.lineStart,
      p_line_end: run.lineEnd,
    }),
  );
  return z.string().parse(id);
}

/** Whether a request is still waiting for the task or being carried out. */
export function isPending(regeneration: Pick<Regeneration, "status">): boolean {
  return regeneration.status === "queued" || regeneration.status === "running";
}

// The coverage map (docs/teachers.md "Coverage"): the lines of each source no published item tests --------

const coverageRowSchema = z.object({
  source_id: z.string(),
  file_name: z.string().nullable(),
  file_path: z.string().nullable(),
  source_url: z.string().nullable(),
  body_lines: z.number(),
  tested_lines: z.number(),
  chunk_id: z.string().nullable(),
  page_number: z.number().nullable(),
  line_start: z.number().nullable(),
  line_end: z.number().nullable(),
  excerpt: z.string().nullable(),
  chapter_id: z.string().nullable(),
  chapter_title: z.string().nullable(),
});
export type CoverageRow = z.infer<typeof coverageRowSchema>;

/** One run of body lines no item tests; lines are 0-based inclusive within the page or file, as in citations. */
export interface UntestedRun {
  chunkId: string;
  pageNumber: number | null;
  lineStart: number;
  lineEnd: number;
  excerpt: string;
  /** The chapter new items for these lines would go to; null when none can take them. */
  chapterId: string | null;
  chapterTitle: string | null;
}

export interface SourceCoverage {
  sourceId: string;
  name: string;
  bodyLines: number;
  testedLines: number;
  runs: UntestedRun[];
}

/** A source's name as citations show it; pasted text has neither a path nor an address. */
function sourceName(row: CoverageRow): string {
  if (row.file_path === null && row.source_url === null) return row.file_name ?? "Pasted text";
  return citationLabel({ file_path: row.file_path, source_url: row.source_url, page_number: null });
}

/** A row's untested run, or null for the one row of a fully tested source (its run columns are null). */
function untestedRun(row: CoverageRow): UntestedRun | null {
  if (row.chunk_id === null || row.line_start === null || row.line_end === null) return null;
  return {
    chunkId: row.chunk_id,
    pageNumber: row.page_number,
    lineStart: row.line_start,
    lineEnd: row.line_end,
    excerpt: row.excerpt ?? "",
    chapterId: row.chapter_id,
    chapterTitle: row.chapter_title,
  };
}

/** Groups the flat RPC rows (one per untested run, in source order) into sources, keeping that order. */
export function groupBySource(rows: readonly CoverageRow[]): SourceCoverage[] {
  const sources = new Map<string, SourceCoverage>();
  for (const row of rows) {
    let source = sources.get(row.source_id);
    if (!source) {
      source = {
        sourceId: row.source_id,
        name: sourceName(row),
        bodyLines: row.body_lines,
        testedLines: row.tested_lines,
        runs: [],
      };
      sources.set(row.source_id, source);
    }
    const run = untestedRun(row);
    if (run) source.runs.push(run);
  }
  return [...sources.values()];
}

export async function fetchSourceCoverage(
  client: StudymapClient,
  topicId: string,
): Promise<SourceCoverage[]> {
  const rows = unwrap(await untyped(client).rpc("class_source_coverage", { p_topic_id: topicId }));
  return groupBySource(z.array(coverageRowSchema).parse(rows ?? []));
}

import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { type SourceKind, sourceKindSchema } from "../../../src/domain/source-files.ts";
import type { Database, Tables } from "../../../supabase/types/database.types.ts";
import { type Chunk, chunkLayoutSchema, type Recognition } from "../ingest/index.ts";

/**
 * Row reads and writes of the generation pipelines. The client is typed with the generated database
 * types, so every column named here is checked at `tsc`; zod checks what the types cannot: the kind
 * enums and the jsonb layout.
 */

/** The tasks' client: supabase-js typed with the project's schema. */
export type TaskClient = SupabaseClient<Database>;

const PAGE_SIZE = 1000;
const WRITE_BATCH = 200;

export type TopicRow = Pick<
  Tables<"topics">,
  "id" | "entity_id" | "title" | "description" | "structure" | "processing_status" | "structure_variant"
>;

export type SourceRow = Pick<
  Tables<"topic_sources">,
  "id" | "file_name" | "file_path" | "pasted_text" | "source_url" | "status"
> & { kind: SourceKind };

const chunkRowSchema = z.object({
  id: z.string(),
  source_id: z.string(),
  file_path: z.string().nullable(),
  file_name: z.string().nullable(),
  page_number: z.number().int().nullable(),
  line_start: z.number().int(),
  line_end: z.number().int(),
  content: z.string(),
  // The table checks the shape; a layout that still does not fit is dropped, and headings are guessed.
  layout: chunkLayoutSchema.nullable().catch(null),
});

const CHUNK_COLUMNS =
  "id, source_id, file_path, file_name, page_number, line_start, line_end, content, layout";

/** A chunk as `source_chunks` stores it. */
export function chunkRow(chunk: Chunk, topicId: string) {
  return { ...chunk, layout: chunk.layout ?? null, topic_id: topicId };
}

/** A chunk read back from `source_chunks` (checked with zod). */
export function chunkOfRow(row: unknown): Chunk {
  const parsed = chunkRowSchema.parse(row);
  return { ...parsed, file_name: parsed.file_name ?? "" };
}

/** A failed request, with the service's message; the task retries it. */
export class DatabaseError extends Error {
  override readonly name = "DatabaseError";
}

/** The data of a supabase-js answer, or a DatabaseError naming what failed. */
export function must<T>(what: string, result: { data: T | null; error: { message: string } | null }): T {
  if (result.error) throw new DatabaseError(`${what}: ${result.error.message}`);
  return result.data as T;
}

export async function loadTopic(client: TaskClient, topicId: string): Promise<TopicRow> {
  const data = must(
    "loading the topic",
    await client
      .from("topics")
      .select("id, entity_id, title, description, structure, processing_status, structure_variant")
      .eq("id", topicId)
      .maybeSingle(),
  );
  if (!data) throw new DatabaseError(`Topic ${topicId} does not exist`);
  return data;
}

export async function updateTopic(
  client: TaskClient,
  topicId: string,
  fields: Database["public"]["Tables"]["topics"]["Update"],
) {
  must("updating the topic", await client.from("topics").update(fields).eq("id", topicId));
}

/** The topic's sources in the order they were added. */
export async function loadSources(client: TaskClient, topicId: string): Promise<SourceRow[]> {
  const data = must(
    "loading the sources",
    await client
      .from("topic_sources")
      .select("id, kind, file_name, file_path, pasted_text, source_url, status")
      .eq("topic_id", topicId)
      .order("created_at")
      .order("id"),
  );
  return data.map((row) => ({ ...row, kind: sourceKindSchema.parse(row.kind) }));
}

/** A source's outcome; `recognition` lists the pages whose text was recognised from images (OCR). */
export async function markSource(
  client: TaskClient,
  sourceId: string,
  error: string | null,
  recognition: Recognition = { pages: [], lowConfidencePages: [] },
) {
  const ocr = { ocr_pages: recognition.pages, ocr_low_confidence_pages: recognition.lowConfidencePages };
  const fields = error ? { status: "failed", error, ...ocr } : { status: "ingested", error: null, ...ocr };
  must("updating a source", await client.from("topic_sources").update(fields).eq("id", sourceId));
}

/** A file that could not be fetched for a reason a retry would not change (missing, refused). */
export class SourceDownloadError extends Error {
  override readonly name = "SourceDownloadError";
}

export async function downloadSource(client: TaskClient, path: string): Promise<Uint8Array> {
  const { data, error } = await client.storage.from("sources").download(path);
  if (error) {
    const status = (error as { status?: number }).status;
    if (status !== undefined && status < 500) {
      throw new SourceDownloadError(`the file could not be downloaded (${error.message})`);
    }
    throw new DatabaseError(`downloading ${path}: ${error.message}`);
  }
  return new Uint8Array(await data.arrayBuffer());
}

/** Every chunk of a topic, by source, page and line. */
export async function loadChunks(client: TaskClient, topicId: string): Promise<Chunk[]> {
  const rows = await readAllPages("loading the chunks", (from, to) =>
    client
      .from("source_chunks")
      .select(CHUNK_COLUMNS)
      .eq("topic_id", topicId)
      .order("source_id")
      .order("page_number", { nullsFirst: true })
      .order("line_start")
      .range(from, to),
  );
  return rows.map(chunkOfRow);
}

/** Every row of a read, a page at a time: PostgREST answers at most max_rows (1000) rows per request. */
async function readAllPages<T>(
  what: string,
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const data = must(what, await page(from, from + PAGE_SIZE - 1));
    rows.push(...data);
    if (data.length < PAGE_SIZE) return rows;
  }
}

/**
 * Makes the topic's chunks exactly `chunks`. Chunk ids derive from their text, so unchanged text keeps
 * its rows (and the course citations pointing at them); only new chunks are inserted and only chunks
 * that no longer exist are deleted. A rerun therefore never duplicates. A kept chunk whose layout changed
 * (a row written before layouts, or a better reading of the same file) gets the new layout.
 */
export async function replaceChunks(client: TaskClient, topicId: string, chunks: readonly Chunk[]) {
  const stored = await readAllPages("listing the chunks", (from, to) =>
    client.from("source_chunks").select("id, layout").eq("topic_id", topicId).order("id").range(from, to),
  );
  const existing = new Map(stored.map((row) => [row.id, canonicalJson(row.layout ?? null)]));
  const wanted = new Set(chunks.map((chunk) => chunk.id));
  const stale = [...existing.keys()].filter((id) => !wanted.has(id));
  const fresh = chunks.filter((chunk) => !existing.has(chunk.id));
  const relaid = chunks.filter((chunk) => {
    const stored = existing.get(chunk.id);
    return stored !== undefined && stored !== canonicalJson(chunk.layout ?? null);
  });
  for (const batch of batches(stale, 100)) {
    must("deleting old chunks", await client.from("source_chunks").delete().in("id", batch));
  }
  for (const batch of batches(fresh, WRITE_BATCH)) {
    const rows = batch.map((chunk) => chunkRow(chunk, topicId));
    must("saving chunks", await client.from("source_chunks").insert(rows));
  }
  for (const batch of batches(relaid, WRITE_BATCH)) {
    const rows = batch.map((chunk) => chunkRow(chunk, topicId));
    must("updating chunk layouts", await client.from("source_chunks").upsert(rows, { onConflict: "id" }));
  }
  return {
    inserted: fresh.length,
    deleted: stale.length,
    kept: chunks.length - fresh.length,
    relaid: relaid.length,
  };
}

/** JSON with object keys sorted, so a layout read back from jsonb compares equal to the one written. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

export function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

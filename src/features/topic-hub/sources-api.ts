import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { safeObjectName, sourceFileProblem, sourceKindOf, topicObjectPath } from "@/domain/source-files";
import type { StudymapClient } from "@/lib/database";
import { invokeEdgeFunction } from "@/lib/edge-function";
import { unwrap } from "@/lib/query";
import type { Topic } from "@/lib/topics/api";

/**
 * A topic's sources changed after it has a course (docs/teachers.md "When a source changes"): add,
 * replace or remove a source, then read them again (the structure task), which marks what changed. RLS
 * lets the topic's creators, managers and admins write sources and read the marks; everyone else who
 * reads the topic reads only the marks.
 */

const sourceSchema = z.object({
  id: z.string(),
  kind: z.string(),
  file_name: z.string().nullable(),
  file_path: z.string().nullable(),
  source_url: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
});
export type ManagedSource = z.infer<typeof sourceSchema>;

/** The stale-marks table and the regeneration RPCs are newer than the generated client types in places. */
function untyped(client: StudymapClient): SupabaseClient {
  return client as unknown as SupabaseClient;
}

export async function fetchManagedSources(client: StudymapClient, topicId: string): Promise<ManagedSource[]> {
  const rows = unwrap(
    await client
      .from("topic_sources")
      .select("id, kind, file_name, file_path, source_url, status, error")
      .eq("topic_id", topicId)
      .order("created_at")
      .order("id"),
  );
  return z.array(sourceSchema).parse(rows ?? []);
}

/** A readable refusal for a file the topic cannot take, or null. */
export function fileProblem(file: File): string | null {
  return (
    sourceFileProblem(file) ??
    (sourceKindOf(file.name, file.type) ? null : "This type of file cannot be read.")
  );
}

/** Stores a file beside the topic's others, under a name no earlier file of the topic has. */
async function storeFile(client: StudymapClient, topic: Pick<Topic, "id" | "entity_id">, file: File) {
  const name = `${crypto.randomUUID().slice(0, 8)}-${safeObjectName(file.name)}`;
  const path = topicObjectPath(topic.entity_id, topic.id, name);
  const { error } = await client.storage
    .from("sources")
    .upload(path, file, { contentType: file.type || "application/octet-stream" });
  if (error) throw new Error(`The file could not be uploaded: ${error.message}`);
  return path;
}

function fileFields(file: File, path: string) {
  return {
    file_name: file.name,
    file_path: path,
    mime_type: file.type || null,
    status: "pending",
    error: null,
  };
}

export async function addSourceFile(
  client: StudymapClient,
  topic: Pick<Topic, "id" | "entity_id">,
  userId: string,
  file: File,
): Promise<void> {
  const kind = sourceKindOf(file.name, file.type);
  if (!kind) throw new Error("This type of file cannot be read.");
  const path = await storeFile(client, topic, file);
  unwrap(
    await client.from("topic_sources").insert({
      topic_id: topic.id,
      kind,
      pasted_text: null,
      source_url: null,
      created_by: userId,
      ...fileFields(file, path),
    }),
  );
}

/**
 * Puts a new file in a source's place. A file of the same kind keeps the source row (its place in the
 * list and the citations' source); another kind needs a row of its own, since a source's kind is fixed.
 */
export async function replaceSourceFile(
  client: StudymapClient,
  topic: Pick<Topic, "id" | "entity_id">,
  userId: string,
  source: ManagedSource,
  file: File,
): Promise<void> {
  const kind = sourceKindOf(file.name, file.type);
  if (!kind) throw new Error("This type of file cannot be read.");
  if (kind !== source.kind) {
    await addSourceFile(client, topic, userId, file);
    await removeSource(client, source.id);
    return;
  }
  const path = await storeFile(client, topic, file);
  // The old file is queued for the cleanup by the database when the row stops naming it.
  unwrap(await client.from("topic_sources").update(fileFields(file, path)).eq("id", source.id));
}

export async function removeSource(client: StudymapClient, sourceId: string): Promise<void> {
  unwrap(await client.from("topic_sources").delete().eq("id", sourceId));
}

/** Reads the sources again: a new structure to review; the learning path stays and what changed is marked. */
export async function rereadSources(client: StudymapClient, topicId: string): Promise<void> {
  await invokeEdgeFunction(client, "regenerate-structure", { topicId }, z.unknown());
}

// Stale items ---------------------------------------------------------------------------------------------

const markSchema = z.object({
  activity_id: z.string(),
  item_ids: z.array(z.string()),
  citations_changed: z.boolean(),
});
const activitySchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  chapter_id: z.string(),
  payload: z.unknown(),
});
const chapterSchema = z.object({ id: z.string(), title: z.string(), position: z.number() });

/** One thing to regenerate: a question (alone) or a chapter (for cards and the activities' own text). */
export type StaleFix =
  | { part: "item"; key: string; chapterId: string; activityId: string; questionId: string; label: string }
  | { part: "chapter"; key: string; chapterId: string; label: string };

export interface StaleChapter {
  id: string;
  title: string;
  position: number;
  fixes: StaleFix[];
}

function questionStem(payload: unknown, questionId: string): string | null {
  const questions = (payload as { questions?: Array<{ id?: string; stem?: string }> } | null)?.questions;
  const found = Array.isArray(questions)
    ? questions.find((question) => question.id === questionId)
    : undefined;
  return found?.stem ?? null;
}

/** What a chapter's marks ask for: each stale question alone; anything else, the chapter once. */
export function fixesOf(
  chapterId: string,
  activities: ReadonlyArray<z.infer<typeof activitySchema>>,
  marks: ReadonlyMap<string, z.infer<typeof markSchema>>,
): StaleFix[] {
  const fixes: StaleFix[] = [];
  const needsChapter: string[] = [];
  for (const activity of activities) {
    const mark = marks.get(activity.id);
    if (!mark) continue;
    const isCheck = activity.kind === "diagnostic" || activity.kind === "mastery";
    for (const questionId of isCheck ? mark.item_ids : []) {
      const stem = questionStem(activity.payload, questionId) ?? questionId;
      fixes.push({
        part: "item",
        key: `${activity.id}/${questionId}`,
        chapterId,
        activityId: activity.id,
        questionId,
        label: stem,
      });
    }
    if (mark.citations_changed || (!isCheck && mark.item_ids.length > 0)) needsChapter.push(activity.title);
  }
  if (needsChapter.length > 0) {
    fixes.push({ part: "chapter", key: `chapter/${chapterId}`, chapterId, label: needsChapter.join(", ") });
  }
  return fixes;
}

/** The topic's stale items by chapter, in the path's order; empty when nothing changed. */
export async function fetchStaleChapters(client: StudymapClient, topicId: string): Promise<StaleChapter[]> {
  const marks = z
    .array(markSchema)
    .parse(
      unwrap(
        await untyped(client)
          .from("stale_activities")
          .select("activity_id, item_ids, citations_changed")
          .eq("topic_id", topicId),
      ) ?? [],
    );
  if (marks.length === 0) return [];
  const activities = z.array(activitySchema).parse(
    unwrap(
      await client
        .from("activities")
        .select("id, kind, title, chapter_id, payload")
        .in(
          "id",
          marks.map((mark) => mark.activity_id),
        ),
    ) ?? [],
  );
  const chapterIds = [...new Set(activities.map((activity) => activity.chapter_id))];
  const chapters = z
    .array(chapterSchema)
    .parse(unwrap(await client.from("chapters").select("id, title, position").in("id", chapterIds)) ?? []);
  const byActivity = new Map(marks.map((mark) => [mark.activity_id, mark]));
  return chapters
    .sort((a, b) => a.position - b.position)
    .map((chapter) => ({
      ...chapter,
      fixes: fixesOf(
        chapter.id,
        activities.filter((activity) => activity.chapter_id === chapter.id),
        byActivity,
      ),
    }));
}

export async function requestStaleFix(client: StudymapClient, fix: StaleFix): Promise<void> {
  if (fix.part === "item") {
    unwrap(
      await untyped(client).rpc("request_item_regeneration", {
        p_activity_id: fix.activityId,
        p_question_id: fix.questionId,
      }),
    );
  } else {
    unwrap(await untyped(client).rpc("request_chapter_regeneration", { p_chapter_id: fix.chapterId }));
  }
}

import type { Chunk } from "../ingest/index.ts";
import { type CitedActivity, compareCitedText, type StoredCitation } from "../source-changes.ts";
import { batches, loadChunks, must, type TaskClient } from "./db.ts";

/**
 * The structure task's part in "When a source changes" (docs/teachers.md): the chunks as they were are
 * read before the new ones replace them, then every course activity's cited text is compared with the
 * new text and the result recorded in one call (public.record_source_changes).
 */

const ID_BATCH = 100;
const PAGE_SIZE = 1000;

/** What the topic's courses cite, as it stood before the sources are read again. */
export interface CitedBefore {
  chunks: Chunk[];
  activities: CitedActivity[];
  citations: StoredCitation[];
}

/**
 * The topic's chunks and its courses' citations before re-reading (replacing the chunks empties the
 * citations' chunk ids), or null when no course cites them (nothing can go stale).
 */
export async function citedTextBeforeReading(
  client: TaskClient,
  topicId: string,
): Promise<CitedBefore | null> {
  const activities = await courseActivities(client, topicId);
  if (activities.length === 0) return null;
  const citations = await storedCitations(
    client,
    activities.map((activity) => activity.id),
  );
  return { chunks: await loadChunks(client, topicId), activities, citations };
}

/** Marks the activities whose cited text changed and points still-standing citations at their new lines. */
export async function recordSourceChanges(
  client: TaskClient,
  topicId: string,
  before: CitedBefore | null,
  after: readonly Chunk[],
): Promise<{ marked: number; relinked: number } | null> {
  if (before === null) return null;
  const { chunks, activities, citations } = before;
  const changes = compareCitedText({ before: chunks, after, activities, citations });
  const result = must(
    "recording the source changes",
    await client.rpc("record_source_changes", {
      p_topic_id: topicId,
      p_stale: changes.stale as never,
      p_relinks: changes.relinks as never,
    }),
  );
  return result as { marked: number; relinked: number };
}

async function courseActivities(client: TaskClient, topicId: string): Promise<CitedActivity[]> {
  const courses = must(
    "listing the courses",
    await client.from("courses").select("id").eq("topic_id", topicId),
  );
  const activities: CitedActivity[] = [];
  for (const courseIds of batches(
    courses.map((course) => course.id),
    ID_BATCH,
  )) {
    const chapters = must(
      "listing the chapters",
      await client.from("chapters").select("id").in("course_id", courseIds),
    );
    for (const chapterIds of batches(
      chapters.map((chapter) => chapter.id),
      ID_BATCH,
    )) {
      const rows = must(
        "listing the activities",
        await client.from("activities").select("id, kind, payload").in("chapter_id", chapterIds),
      );
      activities.push(...rows);
    }
  }
  return activities;
}

async function storedCitations(
  client: TaskClient,
  activityIds: readonly string[],
): Promise<StoredCitation[]> {
  const citations: StoredCitation[] = [];
  for (const ids of batches(activityIds, ID_BATCH)) {
    // A page at a time: the API answers at most max_rows (1000) rows per request.
    for (let from = 0; ; from += PAGE_SIZE) {
      const rows = must(
        "listing the citations",
        await client
          .from("activity_citations")
          .select("id, activity_id, chunk_id, line_start, line_end, snippet")
          .in("activity_id", ids)
          .order("id")
          .range(from, from + PAGE_SIZE - 1),
      );
      citations.push(...rows);
      if (rows.length < PAGE_SIZE) break;
    }
  }
  return citations;
}

import { z } from "zod";
import { ACTIVITY_KINDS } from "../../../src/domain/activity-payload.ts";
import { structureSchema } from "../../../src/domain/structure.ts";
import type { VerificationCounts } from "../citations.ts";
import type { CorpusSourceInput } from "../corpus.ts";
import { generateCourse, type ShapeCounts } from "../engine.ts";
import type { Chunk } from "../ingest/index.ts";
import {
  type ChapterDraft,
  courseGenerator,
  type ProviderOptions,
  type ProviderReport,
  providerFor,
} from "../providers/index.ts";
import { speechSettingsFromEnv } from "../providers/speech.ts";
import type { TaskClient } from "./db.ts";
import { loadChunks, loadSources, loadTopic, must } from "./db.ts";
import { type CourseAudioReport, renderCourseAudio } from "./episode-audio.ts";
import { modelForEntity, recordUsage } from "./model.ts";

export interface CoursePayload {
  topicId: string;
  createdBy: string;
  title: string;
  publish: boolean;
  mode: "refresh";
}

export interface CourseRunOutput {
  courseId: string;
  chapters: number;
  activities: number;
  activityCitations: number;
  citations: VerificationCounts["citations"];
  items: VerificationCounts["items"];
  /** What holding the chapters to their course shape removed (course-shape.ts, engine.ts `fitToShape`). */
  shape: ShapeCounts;
  provider: ProviderReport;
  /** The recorded episodes, by the speech provider or else the offline engine. */
  audio: CourseAudioReport | null;
}

/**
 * The `generate-course-content` work: a course for the requester from the topic's structure and chunks,
 * one chapter per section with the six activities and their verified citations, saved in one transaction
 * that also replaces the requester's older drafts of this topic (mode "refresh").
 */
export async function runCourseGeneration(
  client: TaskClient,
  payload: CoursePayload,
  progress: (pct: number) => Promise<void>,
  hooks: ProviderOptions = {},
): Promise<CourseRunOutput> {
  const topic = await loadTopic(client, payload.topicId);
  // The topic's organisation's own model wins over the deployment's (docs/llm-provider.md).
  const choice = await modelForEntity(client, topic.entity_id);
  const { provider, report, chapterConcurrency } = providerFor(choice, hooks);
  const parsed = structureSchema.safeParse(topic.structure);
  if (!parsed.success) throw new Error(`Topic ${topic.id} has no structure to build a course from`);
  await progress(5);

  const sources = await corpusSources(client, topic.id);
  await progress(15);
  const { chapters, counts, shape } = await generateCourse(
    { title: topic.title, description: topic.description },
    parsed.data,
    sources,
    provider,
    (done, total) => progress(15 + Math.round((65 * done) / total)),
    { concurrency: chapterConcurrency },
  );

  const title = payload.title.trim() || parsed.data.title;
  const courseId = await saveCourse(client, payload, title, chapters);
  const generator = courseGenerator(report, chapters.length);
  must("recording the generator", await client.from("courses").update({ generator }).eq("id", courseId));
  await recordUsage(
    client,
    { entityId: topic.entity_id, topicId: topic.id, task: "generate-course-content" },
    report,
    generator,
  );
  await progress(85);
  // The episodes are recorded now, by the configured speech provider or else the offline engine.
  const speech = speechSettingsFromEnv(process.env);
  const audio = speech ? await renderCourseAudio(client, courseId, speech) : null;
  await progress(100);
  const activities = chapters.flatMap((chapter) => chapter.activities);
  return {
    courseId,
    chapters: chapters.length,
    activities: activities.length,
    activityCitations: activities.reduce((sum, activity) => sum + activity.citations.length, 0),
    citations: counts.citations,
    items: counts.items,
    shape,
    provider: report,
    audio,
  };
}

/** The chunks of the topic's readable sources, grouped per source in the order the sources were added. */
export async function corpusSources(client: TaskClient, topicId: string): Promise<CorpusSourceInput[]> {
  const [rows, chunks] = await Promise.all([loadSources(client, topicId), loadChunks(client, topicId)]);
  const bySource = new Map<string, Chunk[]>();
  for (const chunk of chunks) {
    const list = bySource.get(chunk.source_id) ?? [];
    list.push(chunk);
    bySource.set(chunk.source_id, list);
  }
  return rows.flatMap((row) => {
    const sourceChunks = bySource.get(row.id);
    if (!sourceChunks) return [];
    return [
      {
        id: row.id,
        kind: row.kind,
        file_name: sourceChunks[0]?.file_name ?? "",
        source_url: row.source_url,
        chunks: sourceChunks,
      },
    ];
  });
}

/**
 * The course, its chapters, activities and citations in one transaction (`save_generated_course`), which
 * also deletes the requester's older drafts of the topic: readers see the previous course or this one.
 */
async function saveCourse(
  client: TaskClient,
  payload: CoursePayload,
  title: string,
  chapters: readonly ChapterDraft[],
) {
  const data = must(
    "saving the course",
    await client.rpc("save_generated_course", {
      p_topic_id: payload.topicId,
      p_created_by: payload.createdBy,
      p_title: title,
      p_publish: payload.publish,
      p_chapters: chapters.map(chapterRow),
    }),
  );
  return z.string().parse(data);
}

/** A chapter in save_generated_course's p_chapters shape. */
export function chapterRow(chapter: ChapterDraft) {
  return {
    title: chapter.title,
    summary: chapter.summary,
    section_id: chapter.section_id,
    activities: chapter.activities.map((activity) => ({
      kind: activity.kind,
      title: activity.title,
      position: ACTIVITY_KINDS.indexOf(activity.kind) + 1,
      payload: activity.payload,
      citations: activity.citations.map((citation) => ({
        chunk_id: citation.chunk_id,
        source_url: citation.source_url,
        file_path: citation.file_path,
        page_number: citation.page_number,
        line_start: citation.line_start,
        line_end: citation.line_end,
        snippet: citation.snippet,
      })),
    })),
  };
}

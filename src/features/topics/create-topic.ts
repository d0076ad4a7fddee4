import { z } from "zod";
import { type SourceFileKind, safeObjectName, topicObjectPath } from "@/domain/source-files";
import type { StudymapClient } from "@/lib/database";
import { unwrap } from "@/lib/query";
import type { PreviousUploadOutcome, UploadEvents, UploadTarget } from "@/lib/storage-upload";

export interface TopicDetails {
  title: string;
  description: string;
  level: string;
  subjectId: string | null;
  moduleId: string | null;
}

export interface FileSource {
  /** Chosen when the file is added, so a retried submit never adds the same source twice. */
  id: string;
  file: File;
  kind: SourceFileKind;
  objectName: string;
}

export interface PastedSource {
  id: string;
  text: string;
}

/** A web page the structure task fetches and reads (kind url). */
export interface WebSource {
  id: string;
  url: string;
}

export interface NewTopic {
  /**
   * Kept in a draft from the form's first opening until the topic is created, so a retried submit,
   * even after a reload, continues the same topic and its uploads.
   */
  topicId: string;
  entityId: string;
  userId: string;
  details: TopicDetails;
  thumbnail: File | null;
  files: FileSource[];
  pasted: PastedSource | null;
  webPages?: WebSource[];
}

export type Uploader = (
  target: Pick<UploadTarget, "bucket" | "path">,
  file: File,
  events: UploadEvents,
  signal?: AbortSignal,
) => Promise<void>;

export interface CreateTopicHooks {
  upload: Uploader;
  /** Files already stored by an earlier attempt; they are not sent again. */
  uploaded: ReadonlySet<string>;
  onFileProgress(sourceId: string, fraction: number): void;
  onFilePreviousUpload(sourceId: string, outcome: PreviousUploadOutcome): void;
  onFileUploaded(sourceId: string): void;
  /** Cancels the upload under way; the next attempt resumes it. */
  signal?: AbortSignal;
}

/**
 * Creates a topic with its sources: the topic row (status pending), its thumbnail in `assets`, the files
 * in `sources` at `<entity_id>/<topic_id>/<file>`, then one `topic_sources` row per source. Every step
 * can be repeated, so a failed attempt is finished by submitting again rather than leaving a half topic.
 */
export async function createTopic(
  client: StudymapClient,
  topic: NewTopic,
  hooks: CreateTopicHooks,
): Promise<void> {
  await insertTopic(client, topic);
  if (topic.thumbnail) await attachThumbnail(client, topic, topic.thumbnail, hooks);
  for (const source of topic.files) {
    if (hooks.uploaded.has(source.id)) continue;
    await hooks.upload(
      { bucket: "sources", path: topicObjectPath(topic.entityId, topic.topicId, source.objectName) },
      source.file,
      {
        onProgress: (fraction) => hooks.onFileProgress(source.id, fraction),
        onPreviousUpload: (outcome) => hooks.onFilePreviousUpload(source.id, outcome),
      },
      hooks.signal,
    );
    hooks.onFileUploaded(source.id);
  }
  await insertSources(client, topic);
}

/**
 * Adds the topic, or, when an earlier attempt (perhaps before a reload) added it, gives it the details
 * as they are now; a topic that has left `pending` is past its form and keeps its own.
 */
async function insertTopic(client: StudymapClient, topic: NewTopic): Promise<void> {
  const { details } = topic;
  const editable = {
    module_id: details.moduleId,
    title: details.title,
    description: details.description || null,
    level: details.level || null,
    subject_id: details.subjectId,
  };
  unwrap(
    await client.from("topics").upsert(
      {
        id: topic.topicId,
        entity_id: topic.entityId,
        created_by: topic.userId,
        ...editable,
        processing_status: "pending",
      },
      { onConflict: "id", ignoreDuplicates: true },
    ),
  );
  unwrap(
    await client.from("topics").update(editable).eq("id", topic.topicId).eq("processing_status", "pending"),
  );
}

async function attachThumbnail(
  client: StudymapClient,
  topic: NewTopic,
  file: File,
  { upload, signal }: CreateTopicHooks,
): Promise<void> {
  const path = topicObjectPath(topic.entityId, topic.topicId, `thumbnail-${safeObjectName(file.name)}`);
  const { data } = await client.from("topics").select("thumbnail_image_url").eq("id", topic.topicId).single();
  if (data?.thumbnail_image_url === path) return;
  await upload({ bucket: "assets", path }, file, { onProgress: () => {} }, signal);
  unwrap(await client.from("topics").update({ thumbnail_image_url: path }).eq("id", topic.topicId));
}

async function insertSources(client: StudymapClient, topic: NewTopic): Promise<void> {
  const rows = [
    ...topic.files.map((source) => ({
      id: source.id,
      topic_id: topic.topicId,
      kind: source.kind,
      file_name: source.file.name,
      file_path: topicObjectPath(topic.entityId, topic.topicId, source.objectName),
      mime_type: source.file.type || null,
      pasted_text: null,
      source_url: null,
      status: "pending",
      created_by: topic.userId,
    })),
    ...(topic.pasted
      ? [
          {
            id: topic.pasted.id,
            topic_id: topic.topicId,
            kind: "pasted",
            file_name: null,
            file_path: null,
            mime_type: "text/plain",
            pasted_text: topic.pasted.text,
            source_url: null,
            status: "pending",
            created_by: topic.userId,
          },
        ]
      : []),
    ...(topic.webPages ?? []).map((page) => ({
      id: page.id,
      topic_id: topic.topicId,
      kind: "url",
      file_name: page.url,
      file_path: null,
      mime_type: null,
      pasted_text: null,
      source_url: page.url,
      status: "pending",
      created_by: topic.userId,
    })),
  ];
  if (rows.length === 0) return;
  unwrap(await client.from("topic_sources").upsert(rows, { onConflict: "id", ignoreDuplicates: true }));
}

/** Finds a subject by title (case-insensitively) or adds it; subjects are a shared catalogue. */
export async function ensureSubject(client: StudymapClient, title: string): Promise<string> {
  const existing = unwrap(
    await client
      .from("subjects")
      .select("id, title")
      .ilike("title", title.replace(/[\\%_]/g, "\\$&")),
  );
  const match = z
    .array(z.object({ id: z.string(), title: z.string() }))
    .parse(existing ?? [])
    .find((subject) => subject.title.toLowerCase() === title.toLowerCase());
  if (match) return match.id;
  const created = unwrap(await client.from("subjects").insert({ title }).select("id").single());
  return z.object({ id: z.string() }).parse(created).id;
}

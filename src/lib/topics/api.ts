import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { isUuid } from "@/domain/ids";
import { PAGE_SIZE, pageRange } from "@/domain/pagination";
import { STATUS_VALUES, type TopicStatusKey } from "@/domain/topic-status";
import { likePattern, unwrap } from "@/lib/query";

const subjectSchema = z.object({ id: z.string().optional(), title: z.string() });

/** The columns a topic card shows (SPEC §3 Topic, with its subject's title). */
export const TOPIC_CARD_COLUMNS =
  "id, entity_id, module_id, title, description, level, thumbnail_image_url, processing_status, processing_progress, visibility, created_at, updated_at, subject:subjects(id, title)";

export const topicCardSchema = z.object({
  id: z.string(),
  entity_id: z.string(),
  module_id: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  level: z.string().nullable(),
  thumbnail_image_url: z.string().nullable(),
  processing_status: z.string().nullable(),
  processing_progress: z.number().nullable(),
  visibility: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  subject: subjectSchema.nullable(),
});
export type TopicCardData = z.infer<typeof topicCardSchema>;

export const topicSchema = topicCardSchema.extend({
  created_by: z.string().nullable(),
  structure: z.unknown().nullable(),
  processing_error: z.string().nullable().optional(),
  suggested_metadata: z.unknown().nullable().optional(),
});
export type Topic = z.infer<typeof topicSchema>;

export interface TopicFilters {
  entityId: string;
  moduleId?: string;
  page: number;
  q?: string;
  status?: TopicStatusKey;
  subjectId?: string;
}

export interface TopicPage {
  topics: TopicCardData[];
  total: number;
}

/** One page of an entity's topics, newest activity first, with the total for pagination. */
export async function fetchTopicPage(client: SupabaseClient, filters: TopicFilters): Promise<TopicPage> {
  const { from, to } = pageRange(filters.page, PAGE_SIZE);
  let query = client
    .from("topics")
    .select(TOPIC_CARD_COLUMNS, { count: "exact" })
    .eq("entity_id", filters.entityId);
  if (filters.moduleId) query = query.eq("module_id", filters.moduleId);
  if (filters.subjectId) query = query.eq("subject_id", filters.subjectId);
  if (filters.q?.trim()) query = query.ilike("title", likePattern(filters.q.trim()));
  if (filters.status) query = query.or(statusFilter(filters.status));
  const { data, error, count } = await query.order("updated_at", { ascending: false }).range(from, to);
  // PostgREST answers 416 when the page is past the end; that is an empty page, not an error.
  if (error && error.code !== "PGRST103") throw error;
  return { topics: z.array(topicCardSchema).parse(data ?? []), total: count ?? 0 };
}

function statusFilter(status: TopicStatusKey): string {
  return STATUS_VALUES[status]
    .map((value) => (value === null ? "processing_status.is.null" : `processing_status.eq.${value}`))
    .join(",");
}

/** A topic by id, or null when it does not exist or is not visible to the user. */
export async function fetchTopic(client: SupabaseClient, topicId: string): Promise<Topic | null> {
  if (!isUuid(topicId)) return null;
  const data = unwrap(
    await client
      .from("topics")
      .select(`${TOPIC_CARD_COLUMNS}, created_by, structure, processing_error, suggested_metadata`)
      .eq("id", topicId)
      .maybeSingle(),
  );
  return data ? topicSchema.parse(data) : null;
}

export const subjectRowSchema = z.object({ id: z.string(), title: z.string() });
export type Subject = z.infer<typeof subjectRowSchema>;

export async function fetchSubjects(client: SupabaseClient): Promise<Subject[]> {
  const data = unwrap(await client.from("subjects").select("id, title").order("title"));
  return z.array(subjectRowSchema).parse(data ?? []);
}

/**
 * A thumbnail's address: a full URL as stored, else a 60 s signed URL from `assets` (SPEC §7/§9),
 * falling back to the public URL when signing fails.
 */
export async function thumbnailUrl(client: SupabaseClient, stored: string): Promise<string> {
  if (/^https?:\/\//.test(stored)) return stored;
  const bucket = client.storage.from("assets");
  const { data, error } = await bucket.createSignedUrl(stored, 60);
  if (data?.signedUrl) return data.signedUrl;
  if (error) console.error("Failed to sign thumbnail URL:", error);
  return bucket.getPublicUrl(stored).data.publicUrl;
}

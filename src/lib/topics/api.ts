import { isUuid } from "@/domain/ids";
import { PAGE_SIZE, pageRange } from "@/domain/pagination";
import { STATUS_VALUES, type TopicStatusKey } from "@/domain/topic-status";
import type { StudymapClient, Tables } from "@/lib/database";
import { likePattern, unwrap } from "@/lib/query";
import { SUBJECT_COLUMNS, TOPIC_CARD_COLUMNS, topicQuery } from "./topic-query";

type TopicRow = Tables<"topics">;
export type Subject = Pick<Tables<"subjects">, "id" | "title">;

/** A topic card's data: the row's columns above (types from the generated database types). */
export type TopicCardData = Pick<
  TopicRow,
  | "id"
  | "entity_id"
  | "module_id"
  | "title"
  | "description"
  | "level"
  | "thumbnail_image_url"
  | "processing_status"
  | "processing_progress"
  | "visibility"
  | "created_at"
  | "updated_at"
> & { subject: Subject | null };

export type Topic = TopicCardData &
  Pick<TopicRow, "created_by" | "structure" | "processing_error" | "suggested_metadata">;

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
export async function fetchTopicPage(client: StudymapClient, filters: TopicFilters): Promise<TopicPage> {
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
  return { topics: data ?? [], total: count ?? 0 };
}

function statusFilter(status: TopicStatusKey): string {
  return STATUS_VALUES[status]
    .map((value) => (value === null ? "processing_status.is.null" : `processing_status.eq.${value}`))
    .join(",");
}

/** A topic by id, or null when it does not exist or is not visible to the user. */
export async function fetchTopic(client: StudymapClient, topicId: string): Promise<Topic | null> {
  if (!isUuid(topicId)) return null;
  return unwrap(await topicQuery(client, topicId));
}

export async function fetchSubjects(client: StudymapClient): Promise<Subject[]> {
  return unwrap(await client.from("subjects").select(SUBJECT_COLUMNS).order("title")) ?? [];
}

/**
 * A thumbnail's address: a full URL as stored, else a 60 s signed URL from `assets` (docs/product.md §7/§9),
 * falling back to the public URL when signing fails.
 */
export async function thumbnailUrl(client: StudymapClient, stored: string): Promise<string> {
  if (/^https?:\/\//.test(stored)) return stored;
  const bucket = client.storage.from("assets");
  const { data, error } = await bucket.createSignedUrl(stored, 60);
  if (data?.signedUrl) return data.signedUrl;
  if (error) console.error("Failed to sign thumbnail URL:", error);
  return bucket.getPublicUrl(stored).data.publicUrl;
}

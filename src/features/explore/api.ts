import { PAGE_SIZE, pageRange } from "@/domain/pagination";
import type { StudymapClient } from "@/lib/database";
import { likePattern } from "@/lib/query";
import type { TopicPage } from "@/lib/topics/api";
import { TOPIC_CARD_COLUMNS } from "@/lib/topics/topic-query";

/** Public topics of every entity, newest first. */
export async function fetchPublicTopics(
  client: StudymapClient,
  page: number,
  q?: string,
): Promise<TopicPage> {
  const { from, to } = pageRange(page, PAGE_SIZE);
  let query = client.from("topics").select(TOPIC_CARD_COLUMNS, { count: "exact" }).eq("visibility", "public");
  if (q?.trim()) query = query.ilike("title", likePattern(q.trim()));
  const { data, error, count } = await query.order("created_at", { ascending: false }).range(from, to);
  if (error && error.code !== "PGRST103") throw error;
  return { topics: data ?? [], total: count ?? 0 };
}

import { isUuid } from "@/domain/ids";
import type { StudymapClient } from "@/lib/database";
import { prefetch } from "@/lib/prefetch";

/**
 * The topic read on its own, without the rest of the topics API: the first load starts it from the entry
 * (src/first-load.ts), and a module the entry imports is downloaded whole with it.
 */

/** The columns a topic card shows (docs/product.md §3 Topic, with its subject's title). */
export const TOPIC_CARD_COLUMNS =
  "id, entity_id, module_id, title, description, level, thumbnail_image_url, processing_status, processing_progress, visibility, created_at, updated_at, subject:subjects(id, title)" as const;

const TOPIC_COLUMNS =
  `${TOPIC_CARD_COLUMNS}, created_by, structure, processing_error, suggested_metadata` as const;

export const topicKey = (topicId: string) => ["topic", topicId] as const;

/** One topic with what its pages show. */
export const topicQuery = (client: StudymapClient, topicId: string) =>
  client.from("topics").select(TOPIC_COLUMNS).eq("id", topicId).maybeSingle();

/** Starts the topic read before the screen's code has loaded; fetchTopic (./api.ts) takes it. */
export function prefetchTopic(client: StudymapClient, topicId: string): void {
  if (isUuid(topicId)) prefetch(topicKey(topicId), () => topicQuery(client, topicId));
}

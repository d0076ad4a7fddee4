import type { StudymapClient } from "@/lib/database";

/**
 * The topic read and its columns on their own, without the rest of the topics API: index.html's first
 * script sends the same read before the app has loaded (src/lib/early-reads.ts) and imports the columns
 * from here, so it stays free of supabase-js and zod.
 */

/** The columns a topic card shows (docs/product.md §3 Topic, with its subject's title). */
export const TOPIC_CARD_COLUMNS =
  "id, entity_id, module_id, title, description, level, thumbnail_image_url, processing_status, processing_progress, visibility, created_at, updated_at, subject:subjects(id, title)" as const;

/** The subjects a topic can have, as the dashboard's filter lists them. */
export const SUBJECT_COLUMNS = "id, title" as const;

/** What a topic's own pages show. */
export const TOPIC_COLUMNS =
  `${TOPIC_CARD_COLUMNS}, created_by, structure, processing_error, suggested_metadata` as const;

/** One topic with what its pages show. */
export const topicQuery = (client: StudymapClient, topicId: string) =>
  client.from("topics").select(TOPIC_COLUMNS).eq("id", topicId).maybeSingle();

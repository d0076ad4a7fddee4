import type { StudymapClient } from "@/lib/database";

/**
 * The outline RPC and its cache key, without the zod schema that checks the answer (lib/outline.ts):
 * the first load prefetches it from the route tree (src/first-load.ts), which carries no zod.
 */
export const outlineKey = (topicId: string) => ["microlearning-outline", topicId] as const;

export const outlineRequest = (client: StudymapClient, topicId: string) =>
  client.rpc("get_microlearning_outline", { p_topic_id: topicId });

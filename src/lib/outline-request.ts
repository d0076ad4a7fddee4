import type { StudymapClient } from "@/lib/database";

/**
 * The outline RPC and its cache key, without the zod schema that checks the answer (lib/outline.ts).
 * index.html's first script sends the same call (src/lib/early-reads.ts).
 */
export const OUTLINE_RPC = "get_microlearning_outline";

export const outlineKey = (topicId: string) => ["microlearning-outline", topicId] as const;

export const outlineRequest = (client: StudymapClient, topicId: string) =>
  client.rpc(OUTLINE_RPC, { p_topic_id: topicId });

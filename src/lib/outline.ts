import { type OutlineRpc, outlineRpcSchema } from "@/domain/outline";
import type { StudymapClient } from "@/lib/database";
import { takePrefetched } from "@/lib/prefetch";
import { unwrap } from "@/lib/query";

export const outlineKey = (topicId: string) => ["microlearning-outline", topicId] as const;

/** The outline RPC (also prefetched on a first load: src/first-load.ts). */
export const outlineRequest = (client: StudymapClient, topicId: string) =>
  client.rpc("get_microlearning_outline", { p_topic_id: topicId });

/** The whole outline in one round trip: course, chapters, activities and the caller's progress. */
export async function fetchOutline(client: StudymapClient, topicId: string): Promise<OutlineRpc> {
  return outlineRpcSchema.parse(
    unwrap(await takePrefetched(outlineKey(topicId), () => outlineRequest(client, topicId))),
  );
}

import { type OutlineRpc, outlineRpcSchema } from "@/domain/outline";
import type { StudymapClient } from "@/lib/database";
import { unwrap } from "@/lib/query";

/** The whole outline in one round trip: course, chapters, activities and the caller's progress. */
export async function fetchOutline(client: StudymapClient, topicId: string): Promise<OutlineRpc> {
  return outlineRpcSchema.parse(
    unwrap(await client.rpc("get_microlearning_outline", { p_topic_id: topicId })),
  );
}

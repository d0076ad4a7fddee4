import { type OutlineRpc, outlineRpcSchema } from "@/domain/outline";
import type { StudymapClient } from "@/lib/database";
import { outlineKey, outlineRequest } from "@/lib/outline-request";
import { unwrap } from "@/lib/query";

export { outlineKey };

/** The whole outline in one round trip: course, chapters, activities and the caller's progress. */
export async function fetchOutline(client: StudymapClient, topicId: string): Promise<OutlineRpc> {
  return outlineRpcSchema.parse(unwrap(await outlineRequest(client, topicId)));
}

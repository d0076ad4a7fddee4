import { isUuid } from "@/domain/ids";
import type { StudymapClient } from "@/lib/database";
import { outlineKey, outlineRequest } from "@/lib/outline-request";
import { prefetch } from "@/lib/prefetch";
import { prefetchTopic } from "@/lib/topics/topic-query";

/**
 * Starts the overview's two reads (the topic and its outline) before the overview's code has loaded.
 * Plain requests: fetchTopic and fetchOutline take the answers and check them as always.
 */
export function prefetchMicrolearningOverview(client: StudymapClient, topicId: string): void {
  if (!isUuid(topicId)) return;
  prefetchTopic(client, topicId);
  prefetch(outlineKey(topicId), () => outlineRequest(client, topicId));
}

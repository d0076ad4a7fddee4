import type { StudymapClient, Tables } from "@/lib/database";
import { unwrap } from "@/lib/query";
import type { TopicCardData } from "@/lib/topics/api";
import { TOPIC_CARD_COLUMNS } from "@/lib/topics/topic-query";

export type Subscription = Pick<
  Tables<"topic_subscriptions">,
  "id" | "topic_id" | "entity_id" | "entity_kind"
>;

export async function fetchSubscriptions(client: StudymapClient, userId: string): Promise<Subscription[]> {
  const data = unwrap(
    await client
      .from("topic_subscriptions")
      .select("id, topic_id, entity_id, entity_kind")
      .eq("user_id", userId),
  );
  return data ?? [];
}

export interface SubscribeInput {
  userId: string;
  topicId: string;
  entityId?: string;
  entityKind?: string;
}

/**
 * Subscribes the user to a topic, on behalf of an entity when both its id and kind are given. A second
 * subscription to the same topic changes nothing: learners may insert and delete subscriptions but never
 * update one, so the insert ignores a duplicate (`on conflict do nothing`) instead of merging into it.
 */
export async function subscribeToTopic(client: StudymapClient, input: SubscribeInput): Promise<void> {
  const forEntity = input.entityId && input.entityKind;
  unwrap(
    await client.from("topic_subscriptions").upsert(
      {
        user_id: input.userId,
        topic_id: input.topicId,
        entity_id: forEntity ? input.entityId : null,
        entity_kind: forEntity ? input.entityKind : null,
      },
      { onConflict: "user_id,topic_id", ignoreDuplicates: true },
    ),
  );
}

export async function unsubscribeFromTopic(
  client: StudymapClient,
  userId: string,
  topicId: string,
): Promise<void> {
  unwrap(await client.from("topic_subscriptions").delete().eq("user_id", userId).eq("topic_id", topicId));
}

/** A subscription's topic as a card shows it (index.html's first script asks for the same). */
export const SUBSCRIBED_TOPIC_COLUMNS = `topic:topics(${TOPIC_CARD_COLUMNS})` as const;

/** The topics the user subscribed to that they can still read. */
export async function fetchSubscribedTopics(
  client: StudymapClient,
  userId: string,
): Promise<TopicCardData[]> {
  const data = unwrap(
    await client
      .from("topic_subscriptions")
      .select(SUBSCRIBED_TOPIC_COLUMNS)
      .eq("user_id", userId)
      .order("created_at", { ascending: false }),
  );
  return (data ?? []).flatMap((row) => (row.topic ? [row.topic] : []));
}

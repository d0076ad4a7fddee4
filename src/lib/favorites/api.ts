import type { StudymapClient } from "@/lib/database";
import { unwrap } from "@/lib/query";
import type { TopicCardData } from "@/lib/topics/api";
import { TOPIC_CARD_COLUMNS } from "@/lib/topics/topic-query";

/** What marks a card as a favourite (index.html's first script asks for the same: src/lib/early-reads.ts). */
export const FAVORITE_ID_COLUMNS = "topic_id" as const;

export async function fetchFavoriteIds(client: StudymapClient, userId: string): Promise<string[]> {
  const data = unwrap(await client.from("favorites").select(FAVORITE_ID_COLUMNS).eq("user_id", userId));
  return (data ?? []).map((row) => row.topic_id);
}

/** The user's favorite topics that they can still read (RLS hides the others as null). */
export async function fetchFavoriteTopics(client: StudymapClient, userId: string): Promise<TopicCardData[]> {
  const data = unwrap(
    await client
      .from("favorites")
      .select(`topic:topics(${TOPIC_CARD_COLUMNS})` as const)
      .eq("user_id", userId),
  );
  return (data ?? [])
    .flatMap((row) => (row.topic ? [row.topic] : []))
    .sort((a, b) => a.title.localeCompare(b.title));
}

export async function setFavorite(
  client: StudymapClient,
  userId: string,
  topicId: string,
  favorite: boolean,
): Promise<void> {
  if (favorite) {
    unwrap(
      await client
        .from("favorites")
        .upsert(
          { user_id: userId, topic_id: topicId },
          { onConflict: "user_id,topic_id", ignoreDuplicates: true },
        ),
    );
  } else {
    unwrap(await client.from("favorites").delete().eq("user_id", userId).eq("topic_id", topicId));
  }
}

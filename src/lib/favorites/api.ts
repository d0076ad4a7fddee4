import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { unwrap } from "@/lib/query";
import { TOPIC_CARD_COLUMNS, type TopicCardData, topicCardSchema } from "@/lib/topics/api";

export async function fetchFavoriteIds(client: SupabaseClient, userId: string): Promise<string[]> {
  const data = unwrap(await client.from("favorites").select("topic_id").eq("user_id", userId));
  return z
    .array(z.object({ topic_id: z.string() }))
    .parse(data ?? [])
    .map((row) => row.topic_id);
}

/** The user's favorite topics that they can still read (RLS hides the others as null). */
export async function fetchFavoriteTopics(client: SupabaseClient, userId: string): Promise<TopicCardData[]> {
  const data = unwrap(
    await client.from("favorites").select(`topic:topics(${TOPIC_CARD_COLUMNS})`).eq("user_id", userId),
  );
  return z
    .array(z.object({ topic: topicCardSchema.nullable() }))
    .parse(data ?? [])
    .flatMap((row) => (row.topic ? [row.topic] : []))
    .sort((a, b) => a.title.localeCompare(b.title));
}

export async function setFavorite(
  client: SupabaseClient,
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

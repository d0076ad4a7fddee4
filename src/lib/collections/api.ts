import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { isUuid } from "@/domain/ids";
import { unwrap } from "@/lib/query";

export const collectionSchema = z.object({
  id: z.string(),
  entity_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
});
export type Collection = z.infer<typeof collectionSchema>;

const collectionWithCountSchema = collectionSchema.extend({
  topics: z.array(z.object({ count: z.number() })),
});
export type CollectionSummary = Collection & { topicCount: number };

/** An entity's collections (modules) with how many topics each holds. */
export async function fetchCollections(
  client: SupabaseClient,
  entityId: string,
): Promise<CollectionSummary[]> {
  const data = unwrap(
    await client
      .from("modules")
      .select("id, entity_id, title, description, topics(count)")
      .eq("entity_id", entityId)
      .order("title"),
  );
  return z
    .array(collectionWithCountSchema)
    .parse(data ?? [])
    .map(({ topics, ...collection }) => ({ ...collection, topicCount: topics[0]?.count ?? 0 }));
}

export async function fetchCollection(client: SupabaseClient, moduleId: string): Promise<Collection | null> {
  if (!isUuid(moduleId)) return null;
  const data = unwrap(
    await client.from("modules").select("id, entity_id, title, description").eq("id", moduleId).maybeSingle(),
  );
  return data ? collectionSchema.parse(data) : null;
}

export async function createCollection(
  client: SupabaseClient,
  input: { entityId: string; title: string; description: string; userId: string },
): Promise<Collection> {
  const data = unwrap(
    await client
      .from("modules")
      .insert({
        entity_id: input.entityId,
        title: input.title,
        description: input.description || null,
        created_by: input.userId,
      })
      .select("id, entity_id, title, description")
      .single(),
  );
  return collectionSchema.parse(data);
}

import { isUuid } from "@/domain/ids";
import type { StudymapClient, Tables } from "@/lib/database";
import { unwrap } from "@/lib/query";

const COLLECTION_COLUMNS = "id, entity_id, title, description";

/** A collection is a row of `modules` (the database's name for it). */
export type Collection = Pick<Tables<"modules">, "id" | "entity_id" | "title" | "description">;
export type CollectionSummary = Collection & { topicCount: number };

/** An entity's collections (modules) with how many topics each holds. */
export async function fetchCollections(
  client: StudymapClient,
  entityId: string,
): Promise<CollectionSummary[]> {
  const data = unwrap(
    await client
      .from("modules")
      .select("id, entity_id, title, description, topics(count)")
      .eq("entity_id", entityId)
      .order("title"),
  );
  return (data ?? []).map(({ topics, ...collection }) => ({
    ...collection,
    topicCount: topics[0]?.count ?? 0,
  }));
}

export async function fetchCollection(client: StudymapClient, moduleId: string): Promise<Collection | null> {
  if (!isUuid(moduleId)) return null;
  return unwrap(await client.from("modules").select(COLLECTION_COLUMNS).eq("id", moduleId).maybeSingle());
}

export async function createCollection(
  client: StudymapClient,
  input: { entityId: string; title: string; description: string; userId: string },
): Promise<Collection> {
  return unwrap(
    await client
      .from("modules")
      .insert({
        entity_id: input.entityId,
        title: input.title,
        description: input.description || null,
        created_by: input.userId,
      })
      .select(COLLECTION_COLUMNS)
      .single(),
  );
}

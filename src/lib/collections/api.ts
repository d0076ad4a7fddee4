import { isUuid } from "@/domain/ids";
import type { StudymapClient, Tables } from "@/lib/database";
import { unwrap } from "@/lib/query";

const COLLECTION_COLUMNS = "id, entity_id, title, description" as const;

/** A collection is a row of `modules` (the database's name for it). */
export type Collection = Pick<Tables<"modules">, "id" | "entity_id" | "title" | "description">;
export type CollectionSummary = Collection & { topicCount: number };

/** A collection with how many topics it holds (index.html's first script asks for the same: src/lib/early-reads.ts). */
export const COLLECTION_SUMMARY_COLUMNS = `${COLLECTION_COLUMNS}, topics(count)` as const;

/** An entity's collections (modules) with how many topics each holds. */
export async function fetchCollections(
  client: StudymapClient,
  entityId: string,
): Promise<CollectionSummary[]> {
  const data = unwrap(
    await client.from("modules").select(COLLECTION_SUMMARY_COLUMNS).eq("entity_id", entityId).order("title"),
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

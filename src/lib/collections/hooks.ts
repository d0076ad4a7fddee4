import useSWR from "swr";
import { useSupabase } from "@/lib/auth/auth-context";
import { fetchCollection, fetchCollections } from "./api";

export const collectionsKey = (entityId: string) => ["collections", entityId] as const;

export function useCollections(entityId: string | undefined) {
  const client = useSupabase();
  return useSWR(entityId ? collectionsKey(entityId) : null, ([, id]) => fetchCollections(client, id));
}

export function useCollection(moduleId: string | undefined) {
  const client = useSupabase();
  return useSWR(moduleId ? (["collection", moduleId] as const) : null, ([, id]) =>
    fetchCollection(client, id),
  );
}

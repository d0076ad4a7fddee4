import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { errorMessage } from "@/lib/query";
import { toast } from "@/lib/toast";
import { fetchFavoriteIds, fetchFavoriteTopics, setFavorite } from "./api";

const favoriteIdsKey = (userId: string) => ["favorite-ids", userId] as const;
const favoriteTopicsKey = (userId: string) => ["favorite-topics", userId] as const;

export function useFavoriteIds() {
  const client = useSupabase();
  const { user } = useAuth();
  return useSWR(user ? favoriteIdsKey(user.id) : null, ([, userId]) => fetchFavoriteIds(client, userId));
}

export function useFavoriteTopics() {
  const client = useSupabase();
  const { user } = useAuth();
  return useSWR(user ? favoriteTopicsKey(user.id) : null, ([, userId]) =>
    fetchFavoriteTopics(client, userId),
  );
}

/** Toggles a favorite optimistically; on failure the star flips back and a toast says why. */
export function useToggleFavorite() {
  const client = useSupabase();
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (topicId: string, favorite: boolean) => {
      if (!user) return;
      const idsKey = favoriteIdsKey(user.id);
      try {
        await mutate(
          idsKey,
          async () => {
            await setFavorite(client, user.id, topicId, favorite);
            return fetchFavoriteIds(client, user.id);
          },
          {
            optimisticData: (current: string[] = []) =>
              favorite ? [...new Set([...current, topicId])] : current.filter((id) => id !== topicId),
            rollbackOnError: true,
            revalidate: false,
          },
        );
        await mutate(favoriteTopicsKey(user.id));
      } catch (error) {
        toast.error(errorMessage(error, "Could not update your favorites"));
      }
    },
    [client, user, mutate],
  );
}

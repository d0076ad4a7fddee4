import useSWR, { type ScopedMutator } from "swr";
import { useSupabase } from "@/lib/auth/auth-context";
import { fetchSubjects, fetchTopic, fetchTopicPage, type TopicFilters, thumbnailUrl } from "./api";

export const topicKey = (topicId: string) => ["topic", topicId] as const;

/**
 * Reads again everything that shows a topic's status: the topic itself and the dashboard's topic lists.
 * A screen that changes the status on the server (accepting a structure) calls it, else the overview keeps
 * the cached status until a reload (issue 24).
 */
export function revalidateTopic(mutate: ScopedMutator, topicId: string) {
  const isTopicList = (key: unknown) => Array.isArray(key) && key[0] === "topics";
  return Promise.all([mutate(topicKey(topicId)), mutate(isTopicList)]);
}

export function useTopic(topicId: string | undefined) {
  const client = useSupabase();
  return useSWR(topicId ? topicKey(topicId) : null, ([, id]) => fetchTopic(client, id));
}

export function useTopicPage(filters: TopicFilters | null) {
  const client = useSupabase();
  return useSWR(
    filters ? (["topics", filters] as const) : null,
    ([, value]) => fetchTopicPage(client, value),
    {
      keepPreviousData: true,
    },
  );
}

export function useSubjects() {
  const client = useSupabase();
  return useSWR("subjects", () => fetchSubjects(client));
}

/** Signed URLs live 60 s; refreshing at 50 s keeps a re-rendered image loadable. */
export function useThumbnailUrl(stored: string | null | undefined) {
  const client = useSupabase();
  return useSWR(stored ? (["thumbnail", stored] as const) : null, ([, path]) => thumbnailUrl(client, path), {
    refreshInterval: 50_000,
    revalidateOnFocus: false,
  });
}

import useSWR from "swr";
import { useSupabase } from "@/lib/auth/auth-context";
import { fetchSubjects, fetchTopic, fetchTopicPage, type TopicFilters, thumbnailUrl } from "./api";

export const topicKey = (topicId: string) => ["topic", topicId] as const;

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

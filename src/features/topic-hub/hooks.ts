import useSWR from "swr";
import type { ActivityKind } from "@/domain/activity-payload";
import { useSupabase } from "@/lib/auth/auth-context";
import { useBackgroundReady } from "@/lib/background";
import { fetchOutline } from "@/lib/outline";
import { fetchCanManageTopic, fetchCitedSnippets, fetchLastQuizAttempt, fetchTopicActivities } from "./api";

/** The topic's course outline (one RPC); `course` is null while none has been generated. */
export function useTopicOutline(topicId: string) {
  const client = useSupabase();
  return useSWR(["topic-outline", topicId] as const, ([, id]) => fetchOutline(client, id));
}

/** The payloads of the given kinds, loaded once the outline is known. */
export function useTopicActivities<K extends ActivityKind>(topicId: string, kinds: readonly K[]) {
  const client = useSupabase();
  const { data: outline, error: outlineError } = useTopicOutline(topicId);
  const result = useSWR(outline ? (["topic-activities", topicId, kinds.join(",")] as const) : null, () =>
    fetchTopicActivities(client, outline as NonNullable<typeof outline>, kinds),
  );
  return {
    ...result,
    outline,
    error: outlineError ?? result.error,
    isLoading: !outlineError && (!outline || result.isLoading),
  };
}

/**
 * Whether the user may change the topic's content (asked of Postgres once per topic). Only which controls
 * show depends on it, so it is asked once the page is shown (src/lib/background.tsx).
 */
export function useCanManageTopic(topicId: string) {
  const client = useSupabase();
  const ready = useBackgroundReady();
  return useSWR(ready ? (["can-manage-topic", topicId] as const) : null, ([, id]) =>
    fetchCanManageTopic(client, id),
  );
}

/** The cited snippets of some activities; an empty map until loaded or when nothing is cited. */
export function useCitedSnippets(activityIds: readonly string[]) {
  const client = useSupabase();
  return useSWR(activityIds.length > 0 ? (["cited-snippets", activityIds.join(",")] as const) : null, () =>
    fetchCitedSnippets(client, activityIds),
  );
}

/** The learner's latest topic quiz attempt; revalidated after a new one is saved. */
export function useLastQuizAttempt(topicId: string) {
  const client = useSupabase();
  return useSWR(["last-quiz-attempt", topicId] as const, ([, id]) => fetchLastQuizAttempt(client, id));
}

import useSWR from "swr";
import { activeRoles, canManageContent } from "@/domain/access";
import type { ActivityKind } from "@/domain/activity-payload";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { fetchOutline } from "@/lib/outline";
import { useTopic } from "@/lib/topics/hooks";
import { fetchCitedSnippets, fetchLastQuizAttempt, fetchTopicActivities } from "./api";

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
 * Whether the user may change the topic's content: an active creator, manager or admin of the topic's
 * organisation (docs/product.md, "Roles"), which is what `can_manage_topic` asks of Postgres. Decided from
 * the memberships the app already holds, like every other "may manage" on screen: no request, so the
 * controls are there in the page's first paint instead of pushing it down when an answer arrives
 * (docs/performance.md, session 15). Every write is decided again by Postgres.
 */
export function useCanManageTopic(topicId: string): boolean {
  const { data: topic } = useTopic(topicId);
  const { user } = useAuth();
  if (!topic || !user) return false;
  return canManageContent(activeRoles(user.memberships, topic.entity_id));
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

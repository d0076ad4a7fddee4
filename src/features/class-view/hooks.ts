import useSWR from "swr";
import { useSupabase } from "@/lib/auth/auth-context";
import { fetchClassProgress, fetchFlagThresholds, fetchItemAnalysis, fetchSubtopicLearners } from "./api";

export function useClassProgress(topicId: string, stuckDays: number) {
  const client = useSupabase();
  return useSWR(["class-progress", topicId, stuckDays] as const, ([, id, days]) =>
    fetchClassProgress(client, id, days),
  );
}

export function useItemAnalysis(topicId: string) {
  const client = useSupabase();
  return useSWR(["class-item-analysis", topicId] as const, ([, id]) => fetchItemAnalysis(client, id));
}

/** The thresholds change only with a migration, so they are read once per session. */
export function useFlagThresholds() {
  const client = useSupabase();
  return useSWR(["item-flag-thresholds"] as const, () => fetchFlagThresholds(client), {
    revalidateOnFocus: false,
  });
}

/** Loaded only when a manager or admin opens a row's learners (`open` false: no request). */
export function useSubtopicLearners(
  open: boolean,
  params: { topicId: string; chapterId: string; subtopicId: string | null; stuckDays: number },
) {
  const client = useSupabase();
  const { topicId, chapterId, subtopicId, stuckDays } = params;
  return useSWR(
    open ? (["class-learners", topicId, chapterId, subtopicId, stuckDays] as const) : null,
    ([, topic, chapter, subtopic, days]) =>
      fetchSubtopicLearners(client, {
        topicId: topic,
        chapterId: chapter,
        subtopicId: subtopic,
        stuckDays: days,
      }),
  );
}

import { useEffect, useRef } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useSupabase } from "@/lib/auth/auth-context";
import {
  fetchClassProgress,
  fetchFlagThresholds,
  fetchItemAnalysis,
  fetchRegenerations,
  fetchSourceCoverage,
  fetchSubtopicLearners,
  isPending,
  type Regeneration,
} from "./api";

/** How often the screen looks again while a regeneration waits for the task (it runs every minute). */
export const REGENERATION_POLL_MS = 2000;

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

/** The lines of each source no published item tests (the coverage map). */
export function useSourceCoverage(topicId: string) {
  const client = useSupabase();
  return useSWR(["class-source-coverage", topicId] as const, ([, id]) => fetchSourceCoverage(client, id));
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

/** The SWR keys whose data a finished regeneration changes. */
const REFRESHED_AFTER_REGENERATION: ReadonlySet<unknown> = new Set([
  "class-item-analysis",
  "class-progress",
  "class-source-coverage",
]);

/**
 * The topic's regenerations, read again every REGENERATION_POLL_MS while one is pending. When a request
 * finishes, the item analysis, the counts and the coverage are read again, so the new question shows in
 * place and lines that now have items leave the coverage map.
 */
export function useRegenerations(topicId: string) {
  const client = useSupabase();
  const { mutate } = useSWRConfig();
  const swr = useSWR(["class-regenerations", topicId] as const, ([, id]) => fetchRegenerations(client, id), {
    refreshInterval: (rows?: Regeneration[]) => (rows?.some(isPending) ? REGENERATION_POLL_MS : 0),
  });
  const pendingBefore = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const rows = swr.data ?? [];
    const finished = rows.some((row) => pendingBefore.current.has(row.id) && !isPending(row));
    pendingBefore.current = new Set(rows.filter(isPending).map((row) => row.id));
    if (finished) {
      void mutate((key) => Array.isArray(key) && REFRESHED_AFTER_REGENERATION.has(key[0]));
    }
  }, [swr.data, mutate]);
  return swr;
}

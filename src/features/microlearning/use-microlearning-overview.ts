import { useCallback, useEffect, useMemo, useState } from "react";
import useSWR from "swr";
import { SKIPPABLE_PHASES } from "@/domain/microlearning.ts";
import {
  type Outline,
  type OutlineRpc,
  outlineFromCourse,
  outlineFromStructure,
  withSkippedPhases,
} from "@/domain/outline.ts";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { useBackgroundReady } from "@/lib/background";
import { fetchOutline } from "@/lib/outline";
import { useTopic } from "@/lib/topics/hooks";
import { fetchSkippedActivities, toOverviewTopic } from "./api.ts";

export { outlineKey } from "@/lib/outline-request";

import { outlineKey } from "@/lib/outline-request";

/** Shown under "Fout bij ophalen leermap" when the topic does not exist or is not visible. */
export const TOPIC_NOT_FOUND = "Onderwerp niet gevonden";

/** How often the outline is re-read while a started generation has not delivered its course yet. */
export const COURSE_WAIT_INTERVAL_MS = 3_000;
/** Waiting stops after this long; a reload still shows the course once it exists. */
export const COURSE_WAIT_LIMIT_MS = 10 * 60_000;

/** What identifies the course an outline shows, to notice when generation delivered a new one. */
export function outlineSignature(rpc: OutlineRpc | null | undefined): string {
  if (!rpc?.course) return "";
  return [rpc.course.id, rpc.course.created_at, ...rpc.chapters.map((chapter) => chapter.id)].join("|");
}

/** docs/product.md §4/§8: outline load failures are logged and the screen falls back to the topic structure. */
async function outlineOrNull(load: () => Promise<OutlineRpc>): Promise<OutlineRpc | null> {
  try {
    return await load();
  } catch (error) {
    console.error("Failed to load micro-learning outline:", error);
    return null;
  }
}

/**
 * The outline RPC's answer, null when it failed. The overview and the phase screens' "Volgende" and
 * "Vorige" share it through SWR's cache, so going from one to the other reads it once.
 */
export function useOutlineRpc(topicId: string, refreshInterval = 0) {
  const client = useSupabase();
  return useSWR(outlineKey(topicId), () => outlineOrNull(() => fetchOutline(client, topicId)), {
    refreshInterval,
  });
}

/**
 * The micro-learning overview's data: the topic and the outline of its chosen course, or an outline
 * derived from the structure while no course exists. After "Genereer leerpad" the outline is re-read
 * until the new course appears.
 */
export function useMicrolearningOverview(topicId: string) {
  const [waitingSince, setWaitingSince] = useState<{ signature: string; at: number } | null>(null);
  // The same read as the shell's breadcrumbs (SWR shares it): the overview adds only the outline RPC.
  const topicQuery = useTopic(topicId);
  const rpc = useOutlineRpc(topicId, waitingSince ? COURSE_WAIT_INTERVAL_MS : 0);

  useEffect(() => {
    if (!waitingSince) return;
    const delivered = rpc.data?.chapters.length && outlineSignature(rpc.data) !== waitingSince.signature;
    if (delivered || Date.now() - waitingSince.at > COURSE_WAIT_LIMIT_MS) setWaitingSince(null);
  }, [rpc.data, waitingSince]);

  const stopAwaiting = useCallback(() => setWaitingSince(null), []);
  const topic = useMemo(
    () => (topicQuery.data ? toOverviewTopic(topicQuery.data) : undefined),
    [topicQuery.data],
  );
  const skipped = useSkippedActivities(rpc.data);
  const outline: Outline | undefined = useMemo(() => {
    if (rpc.data === undefined || !topic) return undefined;
    return rpc.data?.course
      ? withSkippedPhases(outlineFromCourse(rpc.data, topic.structure), skipped)
      : outlineFromStructure(topic.structure);
  }, [rpc.data, topic, skipped]);

  return {
    topic,
    topicError:
      topicQuery.data === null ? new Error(TOPIC_NOT_FOUND) : (topicQuery.error as Error | undefined),
    outline,
    awaitingCourse: waitingSince !== null,
    awaitCourse: () => setWaitingSince({ signature: outlineSignature(rpc.data), at: Date.now() }),
    /** A started run delivered elsewhere (a manager's new version of a published path, course-draft.tsx). */
    stopAwaiting,
  };
}

const NONE: ReadonlySet<string> = new Set();

/** The completed study and practice activities the learner skipped, to label them "Overgeslagen". */
function useSkippedActivities(rpc: OutlineRpc | null | undefined): ReadonlySet<string> {
  const client = useSupabase();
  const { user } = useAuth();
  const ids = (rpc?.chapters ?? [])
    .flatMap((chapter) => chapter.activities)
    .filter(
      (activity) =>
        activity.status === "completed" && (SKIPPABLE_PHASES as readonly string[]).includes(activity.kind),
    )
    .map((activity) => activity.id);
  // Only the "Overgeslagen" labels depend on it: read once the chapters are shown.
  const ready = useBackgroundReady();
  const key = ready && user && ids.length > 0 ? ["skipped-activities", user.id, ids.join(",")] : null;
  const { data } = useSWR(key, async () => {
    try {
      return await fetchSkippedActivities(client, ids, (user as { id: string }).id);
    } catch (error) {
      // Only a label depends on it: the phases still show as completed.
      console.error("Failed to load skipped phases:", error);
      return [];
    }
  });
  return useMemo(() => (data && data.length > 0 ? new Set(data) : NONE), [data]);
}

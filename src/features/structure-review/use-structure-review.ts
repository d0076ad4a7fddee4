import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import useSWR, { useSWRConfig } from "swr";
import { useSupabase } from "@/lib/auth/auth-context";
import { errorMessage } from "@/lib/query";
import { revalidateTopic } from "@/lib/topics/hooks";
import {
  acceptStructure,
  fetchCanManageTopic,
  fetchReviewTopic,
  fetchTopicSources,
  type ReviewTopic,
  regenerateStructure,
  startStructureGeneration,
} from "./api.ts";
import { needsGenerationSignal, POLL_INTERVAL_MS, reviewState, shouldPoll } from "./review-state.ts";

/** What the review screen shows right after Regenerate, before the server answers (docs/product.md §4). */
function clearedForRegeneration(topic: ReviewTopic): ReviewTopic {
  return {
    ...topic,
    structure: null,
    processingStatus: "generating_structure",
    processingProgress: 1,
    processingError: null,
  };
}

/**
 * The structure review of docs/product.md §4: load the topic, send the generation signal on opening when nothing
 * is generated yet, poll every 4 s until a structure is ready, and accept or regenerate it.
 */
export function useStructureReview(topicId: string, onAccepted: () => void) {
  const client = useSupabase();
  const { mutate: mutateCache } = useSWRConfig();
  const [pollingStopped, setPollingStopped] = useState(false);
  const [busy, setBusy] = useState<"accept" | "regenerate" | null>(null);
  const {
    data: topic,
    error,
    mutate,
  } = useSWR(["review-topic", topicId], () => fetchReviewTopic(client, topicId), {
    refreshInterval: (latest) => (!pollingStopped && latest && shouldPoll(latest) ? POLL_INTERVAL_MS : 0),
    onError: (loadError) => toast.error(errorMessage(loadError, "Failed to load topic")),
  });

  // Manager-only actions stay hidden until the database says yes; a failed check hides them too.
  const { data: canManage } = useSWR(["can-manage-topic", topicId], () =>
    fetchCanManageTopic(client, topicId),
  );

  // The sources are read again with each structure: the task that writes one records which pages of
  // them were recognised from images. A failed read only leaves the notes out.
  const ready = topic !== undefined && reviewState(topic) === "ready";
  const { data: sources } = useSWR(
    ready ? ["review-sources", topicId, topic.structureVariant] : null,
    () => fetchTopicSources(client, topicId),
    { onError: (sourcesError) => console.error("Failed to load the topic's sources:", sourcesError) },
  );

  // docs/decisions.md §5: a regenerated structure is a new version, and the screen says so when it appears,
  // whether this learner pressed Regenerate or the variant moved on while the screen was open.
  const [newVersion, setNewVersion] = useState(false);
  const awaitingNewVersion = useRef(false);
  const shownVariant = useRef<number | null>(null);
  useEffect(() => {
    if (!topic?.structure) return;
    const variant = topic.structureVariant;
    const before = shownVariant.current;
    shownVariant.current = variant;
    const moved = variant !== null && before !== null && variant > before;
    if (!awaitingNewVersion.current && !moved) return;
    awaitingNewVersion.current = false;
    setNewVersion(true);
    toast.info("New version generated");
  }, [topic]);

  const openedTopic = useRef<string | null>(null);
  useEffect(() => {
    if (!topic || openedTopic.current === topicId) return;
    openedTopic.current = topicId;
    if (!needsGenerationSignal(topic)) return;
    startStructureGeneration(client, topicId)
      .then(({ started, runId }) => {
        // docs/decisions.md §3: the server starts the task. The specification's info toast is for a start
        // the screen cannot follow (no run came back); a run it follows shows its progress instead.
        if (started && !runId) toast.info("Generation signal sent");
        return mutate();
      })
      .catch((startError) => toast.error(errorMessage(startError, "Failed to load topic")));
  }, [topic, topicId, mutate, client]);

  const accept = useCallback(async () => {
    if (!topic?.structure) {
      toast.error("No structure to accept");
      return;
    }
    setBusy("accept");
    try {
      await acceptStructure(client, topicId, topic.structure);
      toast.success("Structure accepted");
      // The overview reads the topic from its own cache key; without this it says "waiting for review".
      void revalidateTopic(mutateCache, topicId);
      onAccepted();
    } catch (acceptError) {
      toast.error(errorMessage(acceptError, "Failed to accept"));
    } finally {
      setBusy(null);
    }
  }, [topic, topicId, onAccepted, client, mutateCache]);

  const regenerate = useCallback(async () => {
    setPollingStopped(true);
    setBusy("regenerate");
    setNewVersion(false);
    await mutate((current) => current && clearedForRegeneration(current), { revalidate: false });
    try {
      await regenerateStructure(client, topicId);
      awaitingNewVersion.current = true;
    } catch (regenerateError) {
      toast.error(errorMessage(regenerateError, "Failed to regenerate"));
    } finally {
      setBusy(null);
      setPollingStopped(false);
      await mutate();
    }
  }, [topicId, mutate, client]);

  const refresh = useCallback(() => mutate(), [mutate]);

  return {
    topic,
    error: error as Error | undefined,
    canManage: canManage === true,
    sources: sources ?? [],
    busy,
    newVersion,
    accept,
    regenerate,
    refresh,
  };
}

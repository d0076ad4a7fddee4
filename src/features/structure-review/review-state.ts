import { topicStatusKey } from "@/domain/topic-status.ts";
import type { ReviewTopic } from "./api.ts";

/** docs/product.md §9: the review screen re-reads the topic every 4 s while generation runs. */
export const POLL_INTERVAL_MS = 4_000;

export type ReviewState =
  /** A structure to review, or an accepted topic (which may lack one). */
  | "ready"
  /** Generation runs: show progress and poll. */
  | "generating"
  /** Nothing generated yet: start (conditionally, server-side), then poll. */
  | "not-started"
  /** docs/decisions.md §4: generation failed; show the error with Regenerate. */
  | "failed";

/** docs/product.md §4's opening rules; generating_structue counts as generating (topicStatusKey). */
export function reviewState(topic: Pick<ReviewTopic, "processingStatus" | "structure">): ReviewState {
  const status = topicStatusKey(topic.processingStatus);
  if (status === "failed") return "failed";
  if (status === "generating") return "generating";
  if (topic.structure) return "ready";
  return status === "not_started" ? "not-started" : "ready";
}

/** docs/product.md §4: polling goes on until awaiting_structure_review or completed with a structure. */
export function shouldPoll(topic: Pick<ReviewTopic, "processingStatus" | "structure">): boolean {
  const state = reviewState(topic);
  return state === "generating" || state === "not-started";
}

/** docs/product.md §4: on opening, a topic without a structure that is pending or generating gets the signal. */
export function needsGenerationSignal(topic: Pick<ReviewTopic, "processingStatus" | "structure">): boolean {
  return !topic.structure && shouldPoll(topic);
}

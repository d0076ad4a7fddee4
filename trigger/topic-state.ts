import { metadata } from "@trigger.dev/sdk";
import { STRUCTURE_RUN_STATUSES } from "../src/domain/topic-status.ts";
import type { TaskClient } from "./generation/pipelines/db.ts";

/**
 * What the generation tasks record besides their pipelines' results: progress on the run, and a
 * readable error on the topic once a run has failed for good, so no topic stays "generating" forever
 * (docs/decisions.md §4).
 */

export type ProgressReporter = (percent: number) => Promise<void>;

/**
 * Progress to the run's metadata (Trigger.dev's dashboard, realtime subscribers). The generation
 * pipelines write the topic's own processing_progress, which the review screen polls.
 */
export function runProgress(): ProgressReporter {
  return async (percent) => {
    metadata.set("progress", Math.min(100, Math.max(0, Math.round(percent))));
  };
}

/** The structure could not be generated: the topic shows the error and offers Regenerate. */
export async function markStructureFailed(client: TaskClient, topicId: string, error: unknown) {
  const { error: updateError } = await client
    .from("topics")
    .update({ processing_status: "failed", processing_error: failureMessage("The structure", error) })
    .eq("id", topicId)
    .in("processing_status", STRUCTURE_RUN_STATUSES);
  if (updateError) throw new Error(`Could not record the failure: ${updateError.message}`);
}

function failureMessage(what: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `${what} could not be generated: ${reason}`.slice(0, 1000);
}

import { ApiError, runs, schedules } from "@trigger.dev/sdk";
import { runStatusFlags } from "../src/domain/run-status.ts";
import { SWEEP_STALLED_GENERATION } from "../src/domain/tasks.ts";
import { serviceClient } from "./supabase.ts";
import { type RunLiveness, removeAbandonedUploads, sweepStalledStructures } from "./sweep.ts";

/**
 * Every minute: fail topics whose structure run ended without finishing them, and remove the pending
 * topics of uploads abandoned long ago (see sweep.ts).
 */
export const sweepStalledGeneration = schedules.task({
  id: SWEEP_STALLED_GENERATION,
  cron: "* * * * *",
  maxDuration: 120,
  run: async () => {
    const client = serviceClient();
    const stalled = await sweepStalledStructures(client, runLiveness);
    return { ...stalled, abandoned: await removeAbandonedUploads(client) };
  },
});

export const runLiveness: RunLiveness = async (runId) => {
  try {
    const flags = runStatusFlags((await runs.retrieve(runId)).status);
    return flags.completed || flags.cancelled ? "ended" : "live";
  } catch (error) {
    // A run the service no longer knows cannot write the topic any more.
    if (error instanceof ApiError && error.status === 404) return "ended";
    throw error;
  }
};

import { z } from "zod";
import type { TaskClient } from "./generation/pipelines/db.ts";

/**
 * The sweep that keeps a topic from staying "generating" forever. A structure run normally finishes the
 * topic itself (awaiting review, or failed through its failure hook), but a run can end without doing
 * so: its worker died on the last attempt (CRASHED runs get no hook), it was cancelled, or it was never
 * started because triggering failed. Each sweep fails the topics whose run has ended, and the ones
 * without a known run that have not changed for QUIET_MS.
 */

/** Long enough for a queued run to start and report progress: the task writes progress every step. */
export const QUIET_MS = 15 * 60_000;

export const STALLED_MESSAGE =
  "The structure could not be generated: the generation stopped unexpectedly. Press Regenerate to try again.";

const candidatesSchema = z.array(
  z.object({
    topic_id: z.string(),
    run_id: z.string().nullable(),
    requested_at: z.string().nullable(),
    last_change_at: z.string(),
  }),
);

/** Whether a run can still write its topic, as the task service reports it. */
export type RunLiveness = (runId: string) => Promise<"live" | "ended">;

export interface SweepReport {
  checked: number;
  failed: string[];
}

export async function sweepStalledStructures(
  client: TaskClient,
  liveness: RunLiveness,
  now = new Date(),
): Promise<SweepReport> {
  const { data, error } = await client.rpc("stalled_structure_candidates");
  if (error) throw new Error(`Could not list generating topics: ${error.message}`);
  const candidates = candidatesSchema.parse(data);
  const failed: string[] = [];
  for (const candidate of candidates) {
    if (!(await hasStalled(candidate, liveness, now))) continue;
    const marked = await client.rpc("fail_stalled_structure", {
      p_topic_id: candidate.topic_id,
      // null (no run recorded) is a valid argument; generated types never mark an argument nullable.
      p_run_id: candidate.run_id as string,
      p_message: STALLED_MESSAGE,
    });
    if (marked.error) throw new Error(`Could not fail topic ${candidate.topic_id}: ${marked.error.message}`);
    if (marked.data === true) failed.push(candidate.topic_id);
  }
  return { checked: candidates.length, failed };
}

async function hasStalled(
  candidate: z.infer<typeof candidatesSchema>[number],
  liveness: RunLiveness,
  now: Date,
): Promise<boolean> {
  if (candidate.run_id) return (await liveness(candidate.run_id)) === "ended";
  const lastSign = Math.max(
    Date.parse(candidate.last_change_at),
    candidate.requested_at ? Date.parse(candidate.requested_at) : 0,
  );
  return now.getTime() - lastSign > QUIET_MS;
}

/**
 * Abandoned uploads: the new-topic form writes its topic (pending) before the files and adds the sources
 * last, so a tab closed in between leaves a pending topic without sources. Its draft lasts 24 hours in the
 * browser (docs/product.md §2); a day after that nobody can finish it, and the database removes it
 * (`remove_abandoned_topics`, which never waits less than 25 hours). Its files are queued for the cleanup
 * task as any deleted topic's are.
 */
export const ABANDONED_AFTER = "48 hours";

export async function removeAbandonedUploads(client: TaskClient): Promise<string[]> {
  const { data, error } = await client.rpc("remove_abandoned_topics", { p_quiet_for: ABANDONED_AFTER });
  if (error) throw new Error(`Could not remove abandoned uploads: ${error.message}`);
  return z.array(z.string()).parse(data);
}

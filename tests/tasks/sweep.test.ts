import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { runs, tasks } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { generateTopicStructure } from "../../trigger/generate-topic-structure.ts";
import { QUIET_MS, STALLED_MESSAGE, sweepStalledStructures } from "../../trigger/sweep.ts";
import { runLiveness } from "../../trigger/sweep-stalled-generation.ts";
import { AUTH_USER_FILLERS } from "../support/auth-users.ts";
import { StackTasks, waitForRun } from "./support.ts";

/**
 * The sweep against real runs of the stack's task service: a topic whose structure run ended without
 * finishing it is failed, one whose run is still going is left alone, and so is one restarted since.
 */
const stackTasks = new StackTasks();
const service = () =>
  createClient(stackTasks.stack.supabaseUrl, stackTasks.stack.serviceRoleKey, {
    auth: { persistSession: false },
  });

beforeAll(() => stackTasks.start());
afterAll(() => stackTasks.stop());

async function requester(): Promise<string> {
  const id = randomUUID();
  await stackTasks.db.query(
    `insert into auth.users (id, aud, role, email, ${AUTH_USER_FILLERS.columns})
     values ($1, 'authenticated', 'authenticated', $2, ${AUTH_USER_FILLERS.values})`,
    [id, `sweep.${id.slice(0, 8)}@tasks.studymap.test`],
  );
  return id;
}

/** Records a structure start for the topic, as start-structure-generation does. */
async function recordStart(topicId: string, runId: string | null, at = "now()") {
  await stackTasks.db.query(
    `insert into public.generation_requests (user_id, topic_id, task, run_id, created_at)
     values ($1, $2, 'generate-topic-structure', $3, ${at})`,
    [await requester(), topicId, runId],
  );
}

/** Moves a topic's last change into the past (past the trigger that keeps updated_at current). */
async function backdate(topicId: string, at: string) {
  const client = await stackTasks.db.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    await client.query(`update public.topics set updated_at = ${at} where id = $1`, [topicId]);
    await client.query("commit");
  } finally {
    client.release();
  }
}

/**
 * A structure run that ended without touching its topic: the worker refuses its grant at once. It
 * waits its turn on the structure queue (one run at a time), behind generation-tasks' runs.
 */
async function endedRun(): Promise<string> {
  const handle = await tasks.trigger<typeof generateTopicStructure>("generate-topic-structure", {
    topicId: randomUUID(),
    grant: "not-a-grant",
  });
  await waitForRun(handle.id, (run) => run.isCompleted, 60_000);
  return handle.id;
}

/** A structure run that has not ended: it waits an hour before it may start. */
function liveRun() {
  return tasks.trigger<typeof generateTopicStructure>(
    "generate-topic-structure",
    { topicId: randomUUID(), grant: "not-a-grant" },
    { delay: "1h" },
  );
}

describe("sweep of stalled structure generation", () => {
  it("fails a topic whose run ended without finishing it, and leaves a live one alone", async () => {
    const [stalled, running] = [await stackTasks.topic(), await stackTasks.topic()];
    await recordStart(stalled, await endedRun());
    const live = await liveRun();
    await recordStart(running, live.id);

    const report = await sweepStalledStructures(service(), runLiveness);

    expect(report.failed).toContain(stalled);
    expect(report.failed).not.toContain(running);
    expect(await stackTasks.topicRow(stalled)).toMatchObject({
      processing_status: "failed",
      processing_error: STALLED_MESSAGE,
    });
    expect((await stackTasks.topicRow(running))?.processing_status).toBe("generating_structure");
    await runs.cancel(live.id);
  }, 90_000);

  it("fails a topic without a known run only after it has been quiet for a while", async () => {
    const [quiet, recent] = [await stackTasks.topic(), await stackTasks.topic()];
    const longAgo = `now() - interval '${Math.ceil(QUIET_MS / 60_000) + 1} minutes'`;
    await backdate(quiet, longAgo);
    await recordStart(quiet, null, longAgo);
    await recordStart(recent, null);

    const report = await sweepStalledStructures(service(), runLiveness);

    expect(report.failed).toContain(quiet);
    expect(report.failed).not.toContain(recent);
  });

  it("leaves a topic restarted since it looked to the new run", async () => {
    const topicId = await stackTasks.topic();
    const oldRun = await endedRun();
    await recordStart(topicId, oldRun, "now() - interval '1 minute'");
    // A regenerate between the sweep's look and its write records a newer start.
    await recordStart(topicId, null);
    const marked = await service().rpc("fail_stalled_structure", {
      p_topic_id: topicId,
      p_run_id: oldRun,
      p_message: STALLED_MESSAGE,
    });
    expect(marked.data).toBe(false);
    expect((await stackTasks.topicRow(topicId))?.processing_status).toBe("generating_structure");
  }, 90_000);

  it("runs every minute on the worker, as a declarative schedule", async () => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const page = await runs.list({ taskIdentifier: "sweep-stalled-generation", limit: 5 });
      const finished = page.data.find((run) => run.status === "COMPLETED");
      if (finished) {
        expect(finished.status).toBe("COMPLETED");
        return;
      }
      if (Date.now() > deadline) throw new Error("no sweep run completed within 20 s");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
});

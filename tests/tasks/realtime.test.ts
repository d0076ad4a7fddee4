import { randomUUID } from "node:crypto";
import { auth, runs, tasks } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signGenerationGrant } from "../../src/domain/generation-grant.ts";
import { runState } from "../../src/domain/run-status.ts";
import { generationRunOptions } from "../../src/domain/tasks.ts";
import type { generateTopicStructure } from "../../trigger/generate-topic-structure.ts";
import { StackTasks } from "./support.ts";

/**
 * A structure run as the app follows it: runs.subscribeToRun (what react-hooks' useRealtimeRun reads)
 * on the stack's realtime feed, with the run's public token. The feed's wire format itself is the
 * local stack's to test (devstack/tests/tasks/realtime.test.ts).
 */
const stackTasks = new StackTasks();

beforeAll(() => stackTasks.start());
afterAll(() => stackTasks.stop());

describe("following a structure run", () => {
  it("sees only the product's run statuses, with its completed flag, up to the completed run", async () => {
    const topicId = await stackTasks.topic("generating_structure");
    await stackTasks.db.query(
      "insert into public.topic_sources (topic_id, kind, pasted_text) values ($1, 'pasted', $2)",
      [topicId, "# Rivers\n\n## The Rhine\nThe Rhine rises in the Swiss Alps and reaches the sea."],
    );
    const grant = await signGenerationGrant(
      { userId: randomUUID(), topicId, task: "generate-topic-structure" },
      stackTasks.stack.generationGrantSecret,
    );
    const payload = { topicId, grant };
    const handle = await tasks.trigger<typeof generateTopicStructure>(
      "generate-topic-structure",
      payload,
      generationRunOptions(payload),
    );
    const updates = await auth.withAuth(
      { baseURL: stackTasks.stack.supabaseUrl, accessToken: handle.publicAccessToken },
      async () => {
        const seen: Array<{ status: string; isCompleted: boolean }> = [];
        for await (const run of runs.subscribeToRun(handle.id)) {
          seen.push({ status: run.status, isCompleted: run.isCompleted });
        }
        return seen;
      },
    );
    expect(updates.at(-1)).toEqual({ status: "COMPLETED", isCompleted: true });
    // Every status the feed carries is one of docs/product.md §4's, with the product's own flags.
    for (const update of updates) expect(runState(update.status).completed).toBe(update.isCompleted);
  }, 60_000);
});

import { runs, tasks } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { echoTask, flakyTask, waitTask } from "./fixtures/tasks.ts";
import { TaskGateway } from "./support.ts";

/**
 * The realtime run feed that runs.subscribeToRun and react-hooks' useRealtimeRun read: an Electric
 * shape stream decoded by the SDK's own @electric-sql/client.
 */
const gateway = new TaskGateway();

beforeAll(() => gateway.start());
afterAll(() => gateway.stop());

async function follow(runId: string, accessToken?: string) {
  const collect = async () => {
    const updates: Array<{ status: string; output?: unknown; error?: unknown; isCompleted: boolean }> = [];
    for await (const run of runs.subscribeToRun(runId)) {
      updates.push({
        status: run.status,
        output: run.output,
        error: run.error,
        isCompleted: run.isCompleted,
      });
    }
    return updates;
  };
  return accessToken ? gateway.as(accessToken, collect) : collect();
}

describe("subscribing to a run", () => {
  it("streams the run from queued to its completed output, then closes", async () => {
    const handle = await tasks.trigger<typeof waitTask>("fixture-wait", { ms: 1_200 });
    const updates = await follow(handle.id, handle.publicAccessToken);
    expect(updates.at(-1)).toMatchObject({
      status: "COMPLETED",
      isCompleted: true,
      output: { waitedMs: 1_200 },
    });
    expect(updates.map((update) => update.status)).toContain("EXECUTING");
  });

  it("carries the error of a failed run", async () => {
    const handle = await tasks.trigger<typeof flakyTask>(
      "fixture-flaky",
      { failures: 5 },
      { maxAttempts: 1 },
    );
    const updates = await follow(handle.id);
    expect(updates.at(-1)).toMatchObject({
      status: "FAILED",
      isCompleted: true,
      error: { message: "Attempt 1 failed on purpose" },
    });
  });

  it("answers with the Electric headers and a snapshot the client can decode", async () => {
    const handle = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "shape" },
      { tags: ["shape_test"] },
    );
    const response = await gateway.fetch(`/realtime/v1/runs/${handle.id}?offset=-1`, {
      headers: { "x-trigger-electric-version": "1.0.0-beta.1", "x-trigger-api-version": "2025-07-16" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("electric-handle")).toBe(`run-${handle.id}`);
    expect(response.headers.get("electric-offset")).toMatch(/^\d+_0$/);
    const schema = JSON.parse(response.headers.get("electric-schema") ?? "{}");
    expect(schema).toMatchObject({ createdAt: { type: "timestamp" }, runTags: { type: "text", dims: 1 } });
    const [insert, control] = (await response.json()) as Array<Record<string, unknown>>;
    expect(insert).toMatchObject({
      key: `"public"."TaskRun"/"${handle.id}"`,
      headers: { operation: "insert" },
      value: {
        friendlyId: handle.id,
        taskIdentifier: "fixture-echo",
        runTags: '{"shape_test"}',
        isTest: "f",
      },
    });
    expect(control).toEqual({ headers: { control: "up-to-date" } });
  });

  it("refuses a token for another run, and answers 404 for an unknown one", async () => {
    const mine = await tasks.trigger<typeof echoTask>("fixture-echo", { message: "mine" });
    const other = await tasks.trigger<typeof echoTask>("fixture-echo", { message: "other" });
    const refused = await gateway.fetch(`/realtime/v1/runs/${other.id}?offset=-1`, {
      token: mine.publicAccessToken,
    });
    expect(refused.status).toBe(403);
    const unknown = await gateway.fetch("/realtime/v1/runs/run_doesnotexist0000000000000?offset=-1");
    expect(unknown.status).toBe(404);
  });
});

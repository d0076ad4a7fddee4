import { randomUUID } from "node:crypto";
import { runs, tasks } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  echoTask,
  failingTask,
  flakyTask,
  progressTask,
  sdkInRunTask,
  serialTask,
  waitTask,
} from "./fixtures/tasks.ts";
import { TaskGateway, waitForRun } from "./support.ts";

/** The local worker: retries with the task's backoff, failure hooks, validation, limits, concurrency. */
const gateway = new TaskGateway();

beforeAll(() => gateway.start());
afterAll(() => gateway.stop());

describe("retries", () => {
  it("retries a failing attempt with the task's backoff until it succeeds", async () => {
    const handle = await tasks.trigger<typeof flakyTask>("fixture-flaky", { failures: 2 });
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run).toMatchObject({ status: "COMPLETED", attemptCount: 3, output: { attempts: 3 } });
    expect(run.error).toBeUndefined();
  });

  it("fails the run after the last attempt, records the error, and runs the failure hook once", async () => {
    const handle = await tasks.trigger<typeof failingTask>("fixture-failing", {});
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run).toMatchObject({
      status: "FAILED",
      isFailed: true,
      isSuccess: false,
      attemptCount: 3,
      error: { name: "Error", message: "The uploaded file could not be read" },
    });
    expect(run.finishedAt).toBeInstanceOf(Date);
    expect(run.metadata).toEqual({ failureHooks: 1, failure: "The uploaded file could not be read" });
  });

  it("honours a run's own maxAttempts", async () => {
    const handle = await tasks.trigger<typeof flakyTask>(
      "fixture-flaky",
      { failures: 2 },
      { maxAttempts: 1 },
    );
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run).toMatchObject({
      status: "FAILED",
      attemptCount: 1,
      error: { message: "Attempt 1 failed on purpose" },
    });
  });
});

describe("payloads", () => {
  it("validates the payload with the task's schema and fails at once, without retrying", async () => {
    const handle = await tasks.trigger("fixture-flaky", { failures: "many" });
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run).toMatchObject({ status: "FAILED", attemptCount: 1 });
    expect(run.error?.message).toContain("TASK_INPUT_ERROR");
  });

  it("keeps superjson types (a Date stays a Date) on the way to the task", async () => {
    const handle = await tasks.trigger<typeof echoTask>("fixture-echo", { message: "d", sentAt: new Date() });
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run.output).toMatchObject({ sentAtIsDate: true });
  });
});

describe("run metadata", () => {
  it("keeps what the task wrote with metadata.set/append/increment, beside what the trigger gave", async () => {
    const handle = await tasks.trigger<typeof progressTask>(
      "fixture-progress",
      { steps: 4 },
      { metadata: { requestedBy: "test" } },
    );
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run).toMatchObject({
      status: "COMPLETED",
      metadata: { requestedBy: "test", progress: 100, steps: [1, 2, 3, 4], attempts: 1 },
    });
  });
});

describe("limits", () => {
  it("stops a run that exceeds its maxDuration: TIMED_OUT", async () => {
    const handle = await tasks.trigger<typeof waitTask>("fixture-wait", { ms: 30_000 }, { maxDuration: 1 });
    const run = await waitForRun(handle.id, (current) => current.status === "TIMED_OUT");
    expect(run).toMatchObject({ status: "TIMED_OUT", attemptCount: 1 });
    expect(run.error?.message).toContain("MAX_DURATION_EXCEEDED");
  });

  it("runs one run at a time per concurrency key on a queue limited to one", async () => {
    const concurrencyKey = randomUUID();
    const handles = await Promise.all(
      [1, 2].map(() =>
        tasks.trigger<typeof serialTask>("fixture-serial", { holdMs: 500 }, { concurrencyKey }),
      ),
    );
    const [first, second] = await Promise.all(
      handles.map((handle) => waitForRun(handle.id, (current) => current.isCompleted)),
    );
    const spans = [first?.output, second?.output] as Array<{ startedAt: number; endedAt: number }>;
    spans.sort((a, b) => a.startedAt - b.startedAt);
    expect(spans[1]?.startedAt).toBeGreaterThanOrEqual(spans[0]?.endedAt ?? Number.POSITIVE_INFINITY);
  });
});

describe("worker crashes", () => {
  it("retries an attempt whose worker stopped renewing its lease", async () => {
    const handle = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "orphan" },
      { delay: "1h" },
    );
    // As if a worker had claimed the run and died: executing, its lease long expired.
    await gateway.db.query(
      `update trigger_local.runs set status = 'EXECUTING', attempt_number = 1, max_attempts = 3,
              started_at = now(), locked_by = 'worker_gone', lease_expires_at = now() - interval '1 minute'
        where id = $1`,
      [handle.id],
    );
    const run = await waitForRun(handle.id, (current) => current.isCompleted, 25_000);
    expect(run).toMatchObject({
      status: "COMPLETED",
      attemptCount: 2,
      output: { echoed: "orphan", attempt: 2 },
    });
  });

  it("crashes the run when the lost attempt was its last", async () => {
    const handle = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "orphan" },
      { delay: "1h" },
    );
    await gateway.db.query(
      `update trigger_local.runs set status = 'EXECUTING', attempt_number = 3, max_attempts = 3,
              started_at = now(), locked_by = 'worker_gone', lease_expires_at = now() - interval '1 minute'
        where id = $1`,
      [handle.id],
    );
    const run = await waitForRun(handle.id, (current) => current.isCompleted, 25_000);
    expect(run).toMatchObject({ status: "CRASHED", isFailed: true });
    expect(await runs.retrieve(handle.id)).toMatchObject({ attemptCount: 3 });
  });
});

describe("the SDK inside a run", () => {
  it("reaches the task service of the run's environment, as a run on Trigger.dev does", async () => {
    // The task environment names the stack's gateway; this process configured the SDK for another
    // service. A task (the stalled-generation sweep's runs.retrieve) must use the former: the
    // gateway's process of `npm start` configures nothing at all.
    const handle = await tasks.trigger<typeof sdkInRunTask>("fixture-sdk-in-run", {});
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run.output).toEqual({ baseURL: gateway.stack.supabaseUrl, selfStatus: "EXECUTING" });
    expect(gateway.url).not.toBe(gateway.stack.supabaseUrl);
  });
});

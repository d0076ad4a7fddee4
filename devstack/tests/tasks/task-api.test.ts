import { randomUUID } from "node:crypto";
import { ApiError, auth, idempotencyKeys, runs, tasks } from "@trigger.dev/sdk";
import { decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { echoTask, retryLaterTask, waitTask } from "./fixtures/tasks.ts";
import { secretKey, TaskGateway, waitForRun } from "./support.ts";

/** The task API answering the real @trigger.dev/sdk: triggers, runs, tokens, idempotency, cancel. */
const gateway = new TaskGateway();

beforeAll(() => gateway.start());
afterAll(() => gateway.stop());

/** The SDK's error for a failed request, with Trigger.dev's status and `{error}` message. */
async function apiError(promise: Promise<unknown>): Promise<{ status: number | undefined; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected the request to fail");
}

describe("triggering with the secret key", () => {
  it("creates a run that completes with the task output, payload and timestamps", async () => {
    const sentAt = new Date("2026-01-02T03:04:05Z");
    const handle = await tasks.trigger<typeof echoTask>("fixture-echo", { message: "hello", sentAt });
    expect(handle.id).toMatch(/^run_[a-z0-9]{25}$/);

    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run).toMatchObject({
      id: handle.id,
      taskIdentifier: "fixture-echo",
      status: "COMPLETED",
      isQueued: false,
      isExecuting: false,
      isCompleted: true,
      isSuccess: true,
      isFailed: false,
      isCancelled: false,
      isTest: false,
      attemptCount: 1,
      tags: [],
      costInCents: 0,
      output: { echoed: "hello", sentAtIsDate: true, attempt: 1, runId: handle.id },
      payload: { message: "hello", sentAt: sentAt.toISOString() },
      relatedRuns: {},
    });
    expect(run.error).toBeUndefined();
    const { createdAt, startedAt, finishedAt } = run;
    expect(startedAt?.getTime()).toBeGreaterThanOrEqual(createdAt.getTime());
    expect(finishedAt?.getTime()).toBeGreaterThanOrEqual(startedAt?.getTime() ?? Number.POSITIVE_INFINITY);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("reports the statuses in order while a run waits, executes and completes", async () => {
    const handle = await tasks.trigger<typeof waitTask>("fixture-wait", { ms: 1_500 });
    const seen: string[] = [];
    await waitForRun(handle.id, (run) => {
      if (seen.at(-1) !== run.status) seen.push(run.status);
      return run.isCompleted;
    });
    const order = ["QUEUED", "DEQUEUED", "EXECUTING", "COMPLETED"];
    expect(seen).toContain("EXECUTING");
    expect(seen.at(-1)).toBe("COMPLETED");
    expect(seen.map((status) => order.indexOf(status))).toEqual(
      [...seen.map((status) => order.indexOf(status))].sort((a, b) => a - b),
    );
  });

  it("answers with a read token for the new run in x-trigger-jwt and x-trigger-jwt-claims", async () => {
    const response = await gateway.fetch("/api/v1/tasks/fixture-echo/trigger", {
      method: "POST",
      body: JSON.stringify({ payload: JSON.stringify({ message: "raw" }) }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string; isCached: boolean };
    expect(body).toEqual({ id: expect.stringMatching(/^run_/), isCached: false });
    const claims = JSON.parse(response.headers.get("x-trigger-jwt-claims") ?? "{}");
    expect(claims).toMatchObject({
      pub: true,
      scopes: [`read:runs:${body.id}`, `write:inputStreams:${body.id}`],
    });
    const { payload } = await jwtVerify(
      response.headers.get("x-trigger-jwt") ?? "",
      new TextEncoder().encode(secretKey),
      {
        issuer: "https://id.trigger.dev",
        audience: "https://api.trigger.dev",
      },
    );
    expect(payload).toMatchObject({ sub: claims.sub, pub: true, scopes: claims.scopes });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it("lets the run's read token read that run and no other", async () => {
    const first = await tasks.trigger<typeof echoTask>("fixture-echo", { message: "mine" });
    const second = await tasks.trigger<typeof echoTask>("fixture-echo", { message: "not mine" });
    const read = await gateway.as(first.publicAccessToken, () => runs.retrieve(first.id));
    expect(read.id).toBe(first.id);
    const refused = await apiError(gateway.as(first.publicAccessToken, () => runs.retrieve(second.id)));
    expect(refused.status).toBe(403);
  });
});

describe("public trigger tokens", () => {
  it("are signed with the secret key for this environment, one-time by default", async () => {
    const token = await auth.createTriggerPublicToken("fixture-echo");
    const claimsResponse = await gateway.fetch("/api/v1/auth/jwt/claims", { method: "POST" });
    const environment = (await claimsResponse.json()) as { sub: string; pub: boolean };
    expect(environment).toEqual({ sub: expect.stringMatching(/^env_/), pub: true });
    expect(decodeJwt(token)).toMatchObject({
      sub: environment.sub,
      pub: true,
      otu: true,
      scopes: ["trigger:tasks:fixture-echo"],
    });
  });

  it("trigger their task once; a second use is refused with Trigger.dev's 422", async () => {
    const token = await auth.createTriggerPublicToken("fixture-echo");
    const handle = await gateway.as(token, () =>
      tasks.trigger<typeof echoTask>("fixture-echo", { message: "once" }),
    );
    expect(handle.id).toMatch(/^run_/);
    const reuse = await apiError(
      gateway.as(token, () => tasks.trigger<typeof echoTask>("fixture-echo", { message: "twice" })),
    );
    expect(reuse).toMatchObject({ status: 422 });
    expect(reuse.message).toContain(
      "Cannot trigger fixture-echo with a one-time use token as it has already been used.",
    );
  });

  it("may be used again when made for multiple use", async () => {
    const token = await auth.createTriggerPublicToken("fixture-echo", { multipleUse: true });
    const first = await gateway.as(token, () =>
      tasks.trigger<typeof echoTask>("fixture-echo", { message: "a" }),
    );
    const second = await gateway.as(token, () =>
      tasks.trigger<typeof echoTask>("fixture-echo", { message: "b" }),
    );
    expect(second.id).not.toBe(first.id);
  });

  it("cannot trigger another task", async () => {
    const token = await auth.createTriggerPublicToken("fixture-echo");
    const refused = await apiError(
      gateway.as(token, () => tasks.trigger<typeof waitTask>("fixture-wait", { ms: 1 })),
    );
    expect(refused.status).toBe(403);
    const body = await (
      await gateway.fetch("/api/v1/tasks/fixture-wait/trigger", {
        method: "POST",
        token: await auth.createTriggerPublicToken("fixture-echo"),
        body: JSON.stringify({ payload: "{}" }),
      })
    ).json();
    expect(body).toEqual({
      error: "Unauthorized",
      code: "unauthorized",
      param: "access_token",
      type: "authorization",
    });
  });

  it("are refused when signed with another key or expired", async () => {
    const forged = await auth.withAuth(
      { baseURL: gateway.url, accessToken: "tr_dev_someone_else_entirely_000000" },
      () => auth.createPublicToken({ scopes: { read: { runs: true } } }).catch(() => null),
    );
    expect(forged).toBeNull();
    const expired = await auth.createTriggerPublicToken("fixture-echo", {
      expirationTime: new Date(Date.now() - 60_000),
    });
    const response = await gateway.fetch("/api/v1/tasks/fixture-echo/trigger", {
      method: "POST",
      token: expired,
      body: JSON.stringify({ payload: "{}" }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Public Access Token is invalid" });
  });
});

describe("idempotency keys", () => {
  it("give the same run for the same key, marked isCached", async () => {
    const userKey = `topic-${randomUUID()}`;
    const key = await idempotencyKeys.create(userKey);
    const first = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "1" },
      { idempotencyKey: key },
    );
    const second = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "2" },
      { idempotencyKey: key },
    );
    const other = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "3" },
      { idempotencyKey: await idempotencyKeys.create(`topic-${randomUUID()}`) },
    );
    expect(second.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);

    const raw = await gateway.fetch("/api/v1/tasks/fixture-echo/trigger", {
      method: "POST",
      body: JSON.stringify({ payload: "{}", options: { idempotencyKey: key } }),
    });
    expect(await raw.json()).toEqual({ id: first.id, isCached: true });
    const run = await runs.retrieve(first.id);
    expect(run.idempotencyKey).toBe(userKey);
  });

  it("are freed by a reset and by a failed run", async () => {
    const key = await idempotencyKeys.create(`reset-${randomUUID()}`, { scope: "global" });
    const first = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "1" },
      { idempotencyKey: key },
    );
    expect(await idempotencyKeys.reset("fixture-echo", key)).toEqual({ id: key });
    const afterReset = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "2" },
      { idempotencyKey: key },
    );
    expect(afterReset.id).not.toBe(first.id);

    const failingKey = `failing-${randomUUID()}`;
    const failed = await tasks.trigger(
      "fixture-flaky",
      { failures: 9 },
      { idempotencyKey: failingKey, maxAttempts: 1 },
    );
    await waitForRun(failed.id, (run) => run.isCompleted);
    const retried = await tasks.trigger("fixture-flaky", { failures: 0 }, { idempotencyKey: failingKey });
    expect(retried.id).not.toBe(failed.id);
  });
});

describe("listing runs", () => {
  it("pages newest first and filters by tag, task and status", async () => {
    const tag = `list_${randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (const message of ["a", "b", "c"]) {
      ids.push((await tasks.trigger<typeof echoTask>("fixture-echo", { message }, { tags: [tag] })).id);
    }
    const firstPage = await runs.list({ tag, limit: 2 });
    expect(firstPage.data.map((run) => run.id)).toEqual([ids[2], ids[1]]);
    expect(firstPage.hasNextPage()).toBe(true);
    const all: string[] = [];
    for await (const run of runs.list({ tag, limit: 2 })) all.push(run.id);
    expect(all).toEqual([...ids].reverse());

    await Promise.all(ids.map((id) => waitForRun(id, (run) => run.isCompleted)));
    const completed = await runs.list({ tag, taskIdentifier: "fixture-echo", status: ["COMPLETED"] });
    expect(completed.data).toHaveLength(3);
    expect(completed.data[0]).toMatchObject({
      status: "COMPLETED",
      isSuccess: true,
      tags: [tag],
      env: { name: "dev" },
    });
    expect((await runs.list({ tag, status: ["FAILED"] })).data).toHaveLength(0);
  });

  it("filters by the status a run is shown with: a run between retries is listed as EXECUTING", async () => {
    const tag = `retry_${randomUUID().slice(0, 8)}`;
    const handle = await tasks.trigger<typeof retryLaterTask>("fixture-retry-later", {}, { tags: [tag] });
    try {
      await waitForStoredStatus(handle.id, "RETRYING_AFTER_FAILURE");

      const executing = await runs.list({ tag, status: ["EXECUTING"] });
      expect(executing.data.map((run) => [run.id, run.status])).toEqual([[handle.id, "EXECUTING"]]);
      expect((await runs.list({ tag, status: ["QUEUED", "FAILED", "COMPLETED"] })).data).toHaveLength(0);

      // Clients without the API-version header see the unversioned name, and filter by it.
      const unversioned = await gateway.fetch(`/api/v1/runs?filter[tag]=${tag}&filter[status]=REATTEMPTING`);
      const listed = (await unversioned.json()) as { data: Array<{ id: string; status: string }> };
      expect(listed.data.map((run) => [run.id, run.status])).toEqual([[handle.id, "REATTEMPTING"]]);
    } finally {
      await runs.cancel(handle.id);
    }
  });
});

/** Waits until the run's stored (internal) status is `status`, which the API does not show as such. */
async function waitForStoredStatus(runId: string, status: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await gateway.db.query<{ status: string }>(
      "select status from trigger_local.runs where id = $1",
      [runId],
    );
    if (rows[0]?.status === status) return;
    if (Date.now() > deadline) throw new Error(`run ${runId} is still stored as ${rows[0]?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("cancelling", () => {
  it("stops an executing run; the run ends CANCELED", async () => {
    const handle = await tasks.trigger<typeof waitTask>("fixture-wait", { ms: 60_000 });
    await waitForRun(handle.id, (run) => run.status === "EXECUTING");
    expect(await runs.cancel(handle.id)).toEqual({ id: handle.id });
    const run = await waitForRun(handle.id, (current) => current.isCancelled);
    expect(run).toMatchObject({ status: "CANCELED", isCancelled: true, isSuccess: false });
    expect(run.finishedAt).toBeInstanceOf(Date);
    expect(run.output).toBeUndefined();
  });

  it("keeps a delayed run from ever starting", async () => {
    const handle = await tasks.trigger<typeof echoTask>(
      "fixture-echo",
      { message: "later" },
      { delay: "1h" },
    );
    expect((await runs.retrieve(handle.id)).status).toBe("DELAYED");
    await runs.cancel(handle.id);
    const run = await runs.retrieve(handle.id);
    expect(run).toMatchObject({ status: "CANCELED", attemptCount: 0 });
    expect(run.startedAt).toBeUndefined();
  });
});

describe("the stack's own gateway", () => {
  it("serves the same task API at its root, for the same environment", async () => {
    const response = await fetch(`${gateway.stack.supabaseUrl}/api/v1/auth/jwt/claims`, {
      method: "POST",
      headers: { authorization: `Bearer ${process.env.TRIGGER_SECRET_KEY ?? secretKey}` },
    });
    const here = await (await gateway.fetch("/api/v1/auth/jwt/claims", { method: "POST" })).json();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(here);
  });
});

describe("errors in Trigger.dev's shapes", () => {
  it("refuses a missing or wrong secret key with 401", async () => {
    const missing = await fetch(`${gateway.url}/api/v3/runs/run_unknown`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: "Invalid or Missing API key" });
    const wrong = await gateway.fetch("/api/v3/runs/run_unknown", { token: "tr_dev_wrong" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid API key" });
  });

  it("answers 404 for an unknown task, and 404 with x-should-retry for an unknown run", async () => {
    const task = await gateway.fetch("/api/v1/tasks/no-such-task/trigger", {
      method: "POST",
      body: JSON.stringify({ payload: "{}" }),
    });
    expect(task.status).toBe(404);
    expect(await task.json()).toEqual({ error: "Task not found" });
    const run = await gateway.fetch("/api/v3/runs/run_doesnotexist0000000000000");
    expect(run.status).toBe(404);
    expect(run.headers.get("x-should-retry")).toBe("true");
    const missing = await apiError(
      runs.retrieve("run_doesnotexist0000000000000", { retry: { maxAttempts: 1 } }),
    );
    expect(missing.status).toBe(404);
  });

  it("answers 400 for a body that is not a trigger request", async () => {
    const empty = await gateway.fetch("/api/v1/tasks/fixture-echo/trigger", { method: "POST" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Request body is empty" });
    const invalid = await gateway.fetch("/api/v1/tasks/fixture-echo/trigger", {
      method: "POST",
      body: JSON.stringify({ options: { tags: 42 } }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: string }).error).toMatch(/^Validation error: .*options\.tags/);
  });
});

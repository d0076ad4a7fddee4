import {
  calculateNextRetryDelay,
  parseError,
  parsePacket,
  type RetryOptions,
  TaskRunContext,
  type TaskRunError,
} from "@trigger.dev/core/v3";
import { auth } from "@trigger.dev/sdk";
import { type LocalTask, taskHooks } from "./catalog.ts";
import type { LocalTriggerConfig } from "./config.ts";
import { type RunMetadataScope, withRunMetadata } from "./metadata.ts";
import type { FailedStatus } from "./queue.ts";
import { withRunEnv } from "./run-env.ts";
import type { RunRecord } from "./runs.ts";

/**
 * One attempt of a run, as Trigger.dev's task executor does it: decode and validate the payload with
 * the task's schema, call `run` with a context and an abort signal, enforce maxDuration, call the
 * lifecycle hooks, and decide between success, another attempt after the task's backoff, or failure.
 */

export type AttemptOutcome =
  | { kind: "success"; output: unknown; durationMs: number }
  | { kind: "retry"; delayMs: number; durationMs: number }
  | { kind: "failure"; status: FailedStatus; error: TaskRunError; durationMs: number }
  | { kind: "abandoned" };

export interface AttemptInput {
  run: RunRecord;
  task: LocalTask;
  config: LocalTriggerConfig;
  /** The task environment (trigger/env.ts) for this run. */
  env: Record<string, string>;
  /** Aborted when the run is cancelled or the worker stops; the attempt's result is then dropped. */
  abandon: AbortSignal;
  /** Where `metadata.set()` and friends write during this attempt. */
  metadata: RunMetadataScope;
  log: (line: string) => void;
}

/**
 * Runs task code with what a run provides: its environment, its metadata and, as on Trigger.dev where
 * a run's process has TRIGGER_API_URL and TRIGGER_SECRET_KEY, an SDK that reaches the task service
 * (runs.retrieve, tasks.trigger inside a task). The gateway's process has neither variable, so without
 * this scope such calls fail with ApiClientMissingError (the stalled-generation sweep did).
 */
async function inRun<T>(input: AttemptInput, work: () => Promise<T>): Promise<T> {
  const scoped = () => withRunEnv(input.env, () => withRunMetadata(input.metadata, work));
  const { TRIGGER_API_URL: baseURL, TRIGGER_SECRET_KEY: accessToken } = input.env;
  return baseURL && accessToken ? await auth.withAuth({ baseURL, accessToken }, scoped) : scoped();
}

export async function executeAttempt(input: AttemptInput): Promise<AttemptOutcome> {
  const { run, task, abandon } = input;
  const startedAt = Date.now();
  const elapsed = () => Date.now() - startedAt;
  const ctx = runContext(input, new Date(startedAt));

  const payload = await decodePayload(run, task);
  if (!payload.ok)
    return { kind: "failure", status: "COMPLETED_WITH_ERRORS", error: payload.error, durationMs: 0 };

  const maxDurationSeconds = run.max_duration_seconds ?? task.maxDuration ?? input.config.maxDuration;
  const controller = new AbortController();
  const forwardAbandon = () => controller.abort(abandon.reason);
  abandon.addEventListener("abort", forwardAbandon, { once: true });
  const hooks = taskHooks(task.id);
  const common = { payload: payload.value, ctx, signal: controller.signal, task: task.id, init: undefined };

  try {
    const result = await settle(
      inRun(input, async () => {
        for (const hook of hooks.startAttempt) await hook(common);
        return task.fns.run(payload.value, { ctx, init: undefined, signal: controller.signal });
      }),
      controller,
      maxDurationSeconds,
    );
    if (abandon.aborted) return { kind: "abandoned" };
    if (result.kind === "timeout") {
      return {
        kind: "failure",
        status: "TIMED_OUT",
        error: {
          type: "INTERNAL_ERROR",
          code: "MAX_DURATION_EXCEEDED",
          message: `Run exceeded maximum compute time (maxDuration) of ${maxDurationSeconds} seconds`,
        },
        durationMs: elapsed(),
      };
    }
    if (result.kind === "ok") {
      await inRun(input, async () => {
        for (const hook of hooks.success) await hook({ ...common, output: result.value });
        for (const hook of hooks.complete)
          await hook({ ...common, result: { ok: true, data: result.value } });
      });
      return { kind: "success", output: result.value, durationMs: elapsed() };
    }
    return await handleError(input, result.error, common, elapsed);
  } catch (hookError) {
    if (abandon.aborted) return { kind: "abandoned" };
    return await handleError(input, hookError, common, elapsed);
  } finally {
    abandon.removeEventListener("abort", forwardAbandon);
  }
}

type Settled = { kind: "ok"; value: unknown } | { kind: "error"; error: unknown } | { kind: "timeout" };

/** The run's result, or a timeout after maxDuration, or nothing more once the attempt is abandoned. */
function settle(work: Promise<unknown>, controller: AbortController, maxDurationSeconds: number) {
  return new Promise<Settled>((resolve) => {
    const timer = setTimeout(() => {
      done({ kind: "timeout" });
      controller.abort(new Error("maxDuration exceeded"));
    }, maxDurationSeconds * 1000);
    const done = (settled: Settled) => {
      clearTimeout(timer);
      resolve(settled);
    };
    controller.signal.addEventListener(
      "abort",
      () => done({ kind: "error", error: controller.signal.reason }),
      {
        once: true,
      },
    );
    work.then(
      (value) => done({ kind: "ok", value }),
      (error: unknown) => done({ kind: "error", error }),
    );
  });
}

type HookParams = {
  payload: unknown;
  ctx: TaskRunContext;
  signal: AbortSignal;
  task: string;
  init: undefined;
};

async function handleError(
  input: AttemptInput,
  error: unknown,
  common: HookParams,
  elapsed: () => number,
): Promise<AttemptOutcome> {
  const delayMs = await retryDelay(input, error, common);
  if (delayMs !== undefined) return { kind: "retry", delayMs, durationMs: elapsed() };
  const hooks = taskHooks(input.task.id);
  await inRun(input, async () => {
    for (const hook of hooks.failure) await settleHook(input, "onFailure", () => hook({ ...common, error }));
    for (const hook of hooks.complete) {
      await settleHook(input, "onComplete", () => hook({ ...common, result: { ok: false, error } }));
    }
  });
  return {
    kind: "failure",
    status: "COMPLETED_WITH_ERRORS",
    error: parseError(error),
    durationMs: elapsed(),
  };
}

/**
 * A failing failure hook must not keep the run from being recorded as failed; the run records its
 * own error, and the hook's goes to the log (Trigger.dev shows it in the run's trace).
 */
async function settleHook(input: AttemptInput, name: string, hook: () => unknown): Promise<void> {
  try {
    await hook();
  } catch (error) {
    input.log(`worker: ${name} hook of ${input.task.id} (run ${input.run.id}) failed: ${String(error)}`);
  }
}

/** Milliseconds until the next attempt, or undefined when this failure is final (TaskExecutor's rules). */
async function retryDelay(
  input: AttemptInput,
  error: unknown,
  common: HookParams,
): Promise<number | undefined> {
  const { run, task, config } = input;
  if (
    error instanceof Error &&
    (error.name === "AbortTaskRunError" || error.name === "TaskPayloadParsedError")
  ) {
    return undefined;
  }
  if (isClientApiError(error)) return undefined;
  if (config.retries?.enabledInDev === false) return undefined;
  const retry = resolvedRetry(task, config, run.max_attempts);
  const defaultDelay = retry ? calculateNextRetryDelay(retry, run.attempt_number) : undefined;
  for (const hook of taskHooks(task.id).catchError) {
    const result = await hook({
      ...common,
      error,
      retry,
      retryDelayInMs: defaultDelay,
      retryAt: defaultDelay === undefined ? undefined : new Date(Date.now() + defaultDelay),
    });
    if (!result) continue;
    if (result.skipRetrying) return undefined;
    if (result.retryAt) return Math.max(0, result.retryAt.getTime() - Date.now());
    if (typeof result.retryDelayInMs === "number") return result.retryDelayInMs;
    if (result.retry) return calculateNextRetryDelay(result.retry, run.attempt_number);
    return undefined;
  }
  return defaultDelay;
}

/** 4xx answers from the Trigger.dev API (except 408 and 429) will not change on retry. */
function isClientApiError(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== "TriggerApiError" || !("status" in error)) return false;
  const status = Number(error.status);
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** The task's retry options (else the config's default); a run's maxAttempts overrides their count. */
export function resolvedRetry(
  task: LocalTask,
  config: LocalTriggerConfig,
  runMaxAttempts: number | null,
): RetryOptions | undefined {
  const retry = task.retry ?? config.retries?.default;
  if (!retry) return undefined;
  return runMaxAttempts ? { ...retry, maxAttempts: Math.max(runMaxAttempts, 1) } : retry;
}

type DecodedPayload = { ok: true; value: unknown } | { ok: false; error: TaskRunError };

async function decodePayload(run: RunRecord, task: LocalTask): Promise<DecodedPayload> {
  try {
    const raw = await parsePacket({ data: run.payload ?? undefined, dataType: run.payload_type });
    const value = task.fns.parsePayload ? await task.fns.parsePayload(raw) : raw;
    return { ok: true, value };
  } catch (error) {
    return {
      ok: false,
      error: {
        type: "INTERNAL_ERROR",
        code: "TASK_INPUT_ERROR",
        message: error instanceof Error ? `TaskPayloadParsedError: ${error.message}` : String(error),
        stackTrace: error instanceof Error ? error.stack : undefined,
      },
    };
  }
}

function runContext(input: AttemptInput, attemptStartedAt: Date): TaskRunContext {
  const { run, task, config } = input;
  return TaskRunContext.parse({
    attempt: { number: run.attempt_number, startedAt: attemptStartedAt },
    run: {
      id: run.id,
      tags: run.tags,
      isTest: run.is_test,
      createdAt: run.created_at,
      startedAt: run.started_at ?? attemptStartedAt,
      idempotencyKey: run.idempotency_key_options?.key ?? run.idempotency_key ?? undefined,
      idempotencyKeyScope: run.idempotency_key_options?.scope,
      maxAttempts: run.max_attempts ?? undefined,
      maxDuration: run.max_duration_seconds ?? undefined,
      baseCostInCents: 0,
    },
    task: { id: task.id, filePath: task.filePath },
    queue: { id: `queue_${run.queue}`, name: run.queue },
    environment: { id: run.environment_id, slug: "dev", type: "DEVELOPMENT" },
    organization: { id: "org_local", slug: "local", name: "Local" },
    project: { id: "proj_local", ref: config.project, slug: "local", name: "Local project" },
    machine: { name: "small-1x", cpu: 0.5, memory: 0.5, centsPerMs: 0 },
  });
}

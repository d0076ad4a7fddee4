import { TriggerTaskRequestBody } from "@trigger.dev/core/v3";
import { parseNaturalLanguageDuration, RunId, stringifyDuration } from "@trigger.dev/core/v3/isomorphic";
import type pg from "pg";
import type { z } from "zod";
import type { InternalRunStatus, RunRecord } from "../../worker/runs.ts";
import { type Authentication, runReadToken, UNAUTHORIZED_BODY } from "./auth.ts";
import {
  clearIdempotencyKey,
  findRunByIdempotencyKey,
  findRunByRequestKey,
  insertRun,
  type NewRun,
  uniqueViolation,
} from "./store.ts";

/**
 * POST /api/v1/tasks/:taskId/trigger, as Trigger.dev's webapp answers it: scope check, request
 * idempotency (the SDK's retries), idempotency keys (same key → same run, `isCached: true`, until the
 * key expires or its run failed), one-time-use tokens, and a read token for the new run in the headers.
 */

export interface TriggerRequest {
  taskId: string;
  body: unknown;
  headers: Headers;
  authentication: Authentication;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type TriggerBody = z.infer<typeof TriggerTaskRequestBody>;
type TriggerOptions = NonNullable<TriggerBody["options"]>;

/** Failed statuses free their idempotency key for a new run (Trigger.dev's shouldIdempotencyKeyBeCleared). */
const KEY_RELEASING_STATUSES: InternalRunStatus[] = [
  "INTERRUPTED",
  "COMPLETED_WITH_ERRORS",
  "SYSTEM_FAILURE",
  "CRASHED",
  "TIMED_OUT",
  "EXPIRED",
];

const DEFAULT_IDEMPOTENCY_KEY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Trigger.dev gives runs in a development environment this time-to-live unless told otherwise. */
const DEVELOPMENT_TTL = "10m";

export interface TaskInfo {
  ttl?: string | number;
}

export async function triggerTask(
  pool: pg.Pool,
  request: TriggerRequest,
  findTask: (taskId: string) => TaskInfo | undefined,
): Promise<ApiAnswer> {
  const { taskId, authentication } = request;
  const parsed = TriggerTaskRequestBody.safeParse(request.body);
  if (!parsed.success) return { status: 400, body: { error: validationMessage(parsed.error.issues) } };
  const { ability } = authentication;
  if (
    !ability.can("trigger", [{ type: "tasks", id: taskId }]) &&
    !ability.can("write", [{ type: "tasks" }])
  ) {
    return { status: 403, body: UNAUTHORIZED_BODY };
  }

  const requestKey = scopedRequestKey(request);
  if (requestKey) {
    const earlier = await findRunByRequestKey(pool, requestKey);
    if (earlier) return await runAnswer(authentication, earlier, false);
  }

  const task = findTask(taskId);
  if (task === undefined) return { status: 404, body: { error: "Task not found" } };

  const options: TriggerOptions = parsed.data.options ?? {};
  const idempotencyKey = options.idempotencyKey ?? request.headers.get("idempotency-key") ?? undefined;
  if (idempotencyKey) {
    const cached = await cachedRun(pool, authentication.environment.id, taskId, idempotencyKey);
    if (cached) return await runAnswer(authentication, cached, true);
  }
  if (options.payloadType === "application/store") {
    return { status: 422, body: { error: "The local task service does not store offloaded payloads." } };
  }

  const newRun = describeRun(request, parsed.data, task, idempotencyKey, requestKey);
  try {
    return await runAnswer(authentication, await insertRun(pool, newRun), false);
  } catch (error) {
    return await answerConflict(pool, request, newRun, error);
  }
}

/** The run an idempotency key already points to, unless the key expired or that run failed. */
async function cachedRun(
  pool: pg.Pool,
  environmentId: string,
  taskIdentifier: string,
  idempotencyKey: string,
) {
  const existing = await findRunByIdempotencyKey(pool, environmentId, taskIdentifier, idempotencyKey);
  if (!existing) return null;
  const expired = existing.idempotency_key_expires_at && existing.idempotency_key_expires_at < new Date();
  if (expired || KEY_RELEASING_STATUSES.includes(existing.status)) {
    await clearIdempotencyKey(pool, { environmentId, taskIdentifier, idempotencyKey });
    return null;
  }
  return existing;
}

/** Two requests raced on one key, or a one-time-use token came back. */
async function answerConflict(pool: pg.Pool, request: TriggerRequest, run: NewRun, error: unknown) {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) throw error;
  if (constraint === "runs_one_time_use_token_key") {
    return {
      status: 422,
      body: {
        error: `Cannot trigger ${run.taskIdentifier} with a one-time use token as it has already been used.`,
      },
    };
  }
  const winner =
    (run.idempotencyKey &&
      (await findRunByIdempotencyKey(pool, run.environmentId, run.taskIdentifier, run.idempotencyKey))) ||
    (run.requestIdempotencyKey && (await findRunByRequestKey(pool, run.requestIdempotencyKey)));
  if (!winner) throw error;
  return await runAnswer(request.authentication, winner, Boolean(run.idempotencyKey));
}

async function runAnswer(
  authentication: Authentication,
  run: RunRecord,
  isCached: boolean,
): Promise<ApiAnswer> {
  return { status: 200, body: { id: run.id, isCached }, headers: await runReadToken(authentication, run.id) };
}

function scopedRequestKey(request: TriggerRequest): string | undefined {
  const key = request.headers.get("x-trigger-request-idempotency-key");
  return key ? `${request.authentication.environment.id}:${request.taskId}:${key}` : undefined;
}

function describeRun(
  request: TriggerRequest,
  body: TriggerBody,
  task: TaskInfo,
  idempotencyKey: string | undefined,
  requestKey: string | undefined,
): NewRun {
  const options: TriggerOptions = body.options ?? {};
  const delayUntil = delayedUntil(options.delay);
  const ttl = options.ttl ?? task.ttl ?? DEVELOPMENT_TTL;
  const ttlText = typeof ttl === "number" ? stringifyDuration(ttl) : ttl;
  const ttlDate = ttlText ? parseNaturalLanguageDuration(ttlText) : undefined;
  const idempotencyKeyTTL =
    options.idempotencyKeyTTL ?? request.headers.get("idempotency-key-ttl") ?? undefined;
  return {
    id: RunId.generate().friendlyId,
    environmentId: request.authentication.environment.id,
    taskIdentifier: request.taskId,
    status: delayUntil ? "DELAYED" : "PENDING",
    payload: packetData(body.payload),
    payloadType: options.payloadType ?? "application/json",
    metadata: packetData(options.metadata),
    metadataType: options.metadataType ?? "application/json",
    tags: typeof options.tags === "string" ? [options.tags] : (options.tags ?? []),
    idempotencyKey,
    idempotencyKeyExpiresAt: idempotencyKey ? idempotencyKeyExpiry(idempotencyKeyTTL) : undefined,
    idempotencyKeyOptions: idempotencyKey ? options.idempotencyKeyOptions : undefined,
    oneTimeUseToken: request.authentication.oneTimeUseToken,
    requestIdempotencyKey: requestKey,
    queue: options.queue?.name ?? `task/${request.taskId}`,
    concurrencyKey: options.concurrencyKey,
    maxAttempts: options.maxAttempts,
    maxDurationSeconds: options.maxDuration,
    ttl: ttlText,
    ttlSeconds: ttlDate ? Math.round((ttlDate.getTime() - Date.now()) / 1000) : undefined,
    isTest: options.test ?? false,
    delayUntil,
  };
}

/** Payloads arrive serialized (a superjson string from the SDK); raw JSON from other callers is kept as JSON. */
function packetData(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function delayedUntil(delay: string | Date | undefined): Date | undefined {
  if (!delay) return undefined;
  const until = typeof delay === "string" ? (parseNaturalLanguageDuration(delay) ?? new Date(delay)) : delay;
  return Number.isNaN(until.getTime()) || until.getTime() <= Date.now() ? undefined : until;
}

/** Trigger.dev's idempotency-key TTL: `<n>s|m|h|d`, default 30 days. */
function idempotencyKeyExpiry(ttl: string | undefined): Date {
  const match = ttl ? /^(\d+)([smhd])$/.exec(ttl) : null;
  if (!match) return new Date(Date.now() + DEFAULT_IDEMPOTENCY_KEY_TTL_MS);
  const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s" | "m" | "h" | "d"];
  return new Date(Date.now() + Number(match[1]) * unitMs);
}

/** zod-validation-error's message, which Trigger.dev's API returns for an invalid body. */
export function validationMessage(issues: ReadonlyArray<{ message: string; path: PropertyKey[] }>): string {
  const details = issues.map((issue) =>
    issue.path.length ? `${issue.message} at "${issue.path.map(String).join(".")}"` : issue.message,
  );
  return `Validation error: ${details.join("; ")}`;
}

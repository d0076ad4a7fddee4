import { TriggerTaskRequestBody } from "@trigger.dev/core/v3";
import { parseNaturalLanguageDuration, RunId, stringifyDuration } from "@trigger.dev/core/v3/isomorphic";
import type pg from "pg";
import type { z } from "zod";
import type { InternalRunStatus, RunRecord } from "../../worker/runs.ts";
import type { ApiAnswer } from "./api-answer.ts";
import { type Authentication, runReadToken, UNAUTHORIZED_BODY } from "./auth.ts";
import {
  delayUntil,
  refusedAfterIdempotency,
  refusedBeforeIdempotency,
  runMaxDuration,
  runQueue,
  runTags,
  type TriggerOptions,
} from "./run-options.ts";
import {
  clearIdempotencyKey,
  findRun,
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

type TriggerBody = z.infer<typeof TriggerTaskRequestBody>;

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
  if (!(await mayWriteParentRun(pool, authentication, parsed.data.options?.parentRunId))) {
    return { status: 403, body: { error: "Unauthorized" } };
  }

  const requestKey = scopedRequestKey(request);
  if (requestKey) {
    const earlier = await findRunByRequestKey(pool, requestKey);
    if (earlier) return await runAnswer(authentication, earlier, false);
  }

  const task = findTask(taskId);
  if (task === undefined) return { status: 404, body: { error: "Task not found" } };

  const options: TriggerOptions = parsed.data.options ?? {};
  const refusedEarly = refusedBeforeIdempotency(options);
  if (refusedEarly) return refusedEarly;
  const idempotencyKey = options.idempotencyKey ?? request.headers.get("idempotency-key") ?? undefined;
  if (idempotencyKey) {
    const cached = await cachedRun(pool, authentication.environment.id, taskId, idempotencyKey);
    if (cached) return await runAnswer(authentication, cached, true);
  }
  const refusedLate = refusedAfterIdempotency(options);
  if (refusedLate) return refusedLate;
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

/**
 * Trigger.dev's canWriteParentRun: naming a parent run needs write access to it (its id or its task),
 * unless the token may write every run; an unknown parent is refused the same way.
 */
async function mayWriteParentRun(
  pool: pg.Pool,
  authentication: Authentication,
  parentRunId: string | undefined,
): Promise<boolean> {
  const { ability, environment } = authentication;
  if (!parentRunId || ability.can("write", [{ type: "runs" }])) return true;
  const parent = await findRun(pool, environment.id, parentRunId);
  return (
    parent !== null &&
    parent !== undefined &&
    ability.can("write", [
      { type: "runs", id: parent.id },
      { type: "tasks", id: parent.task_identifier },
    ])
  );
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
  const delayedUntil = delayUntil(options.delay);
  const ttl = options.ttl ?? task.ttl ?? DEVELOPMENT_TTL;
  const ttlText = typeof ttl === "number" ? stringifyDuration(ttl) : ttl;
  const ttlDate = ttlText ? parseNaturalLanguageDuration(ttlText) : undefined;
  const idempotencyKeyTTL =
    options.idempotencyKeyTTL ?? request.headers.get("idempotency-key-ttl") ?? undefined;
  return {
    id: RunId.generate().friendlyId,
    environmentId: request.authentication.environment.id,
    taskIdentifier: request.taskId,
    status: delayedUntil ? "DELAYED" : "PENDING",
    payload: packetData(body.payload),
    payloadType: options.payloadType ?? "application/json",
    metadata: packetData(options.metadata),
    metadataType: options.metadataType ?? "application/json",
    tags: runTags(options.tags),
    idempotencyKey,
    idempotencyKeyExpiresAt: idempotencyKey ? idempotencyKeyExpiry(idempotencyKeyTTL) : undefined,
    idempotencyKeyOptions: idempotencyKey ? options.idempotencyKeyOptions : undefined,
    oneTimeUseToken: request.authentication.oneTimeUseToken,
    requestIdempotencyKey: requestKey,
    queue: runQueue(options, request.taskId),
    concurrencyKey: options.concurrencyKey,
    maxAttempts: options.maxAttempts,
    maxDurationSeconds: runMaxDuration(options.maxDuration),
    ttl: ttlText,
    ttlSeconds: ttlDate ? Math.round((ttlDate.getTime() - Date.now()) / 1000) : undefined,
    isTest: options.test ?? false,
    delayUntil: delayedUntil,
  };
}

/** Payloads arrive serialized (a superjson string from the SDK); raw JSON from other callers is kept as JSON. */
function packetData(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Trigger.dev's idempotency-key TTL: `<n>s|m|h|d`, default 30 days. */
function idempotencyKeyExpiry(ttl: string | undefined): Date {
  const match = ttl ? /^(\d+)([smhd])$/.exec(ttl) : null;
  if (!match) return new Date(Date.now() + DEFAULT_IDEMPOTENCY_KEY_TTL_MS);
  const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s" | "m" | "h" | "d"];
  return new Date(Date.now() + Number(match[1]) * unitMs);
}

const MAX_ISSUES_IN_MESSAGE = 99;

interface ZodIssueLike {
  code?: string;
  message: string;
  path: PropertyKey[];
  unionErrors?: ReadonlyArray<{ issues: ReadonlyArray<ZodIssueLike> }>;
}

/**
 * zod-validation-error 1.5's `fromZodError(error).toString()`, which Trigger.dev's webapp returns for
 * an invalid body (its route builder pins that major version): issues joined by "; ", a union's
 * alternatives by ", or ", each with its path as JavaScript would write it.
 */
export function validationMessage(issues: ReadonlyArray<ZodIssueLike>): string {
  const reason = issues.slice(0, MAX_ISSUES_IN_MESSAGE).map(issueMessage).join("; ");
  return reason ? `Validation error: ${reason}` : "Validation error";
}

function issueMessage(issue: ZodIssueLike): string {
  if (issue.code === "invalid_union" && issue.unionErrors) {
    const alternatives: string[] = [];
    for (const error of issue.unionErrors) {
      const text = error.issues.map(issueMessage).join("; ");
      if (!alternatives.includes(text)) alternatives.push(text);
    }
    return alternatives.join(", or ");
  }
  const [first] = issue.path;
  if (issue.path.length === 0) return issue.message;
  if (issue.path.length === 1 && typeof first === "number") return `${issue.message} at index ${first}`;
  return `${issue.message} at "${joinPath(issue.path)}"`;
}

const IDENTIFIER = /[$_\p{ID_Start}](?:[$\p{ID_Continue}]|\u200c|\u200d)*/u;

/** zod-validation-error 1.5's joinPath: `a.b[0]["not an identifier"]`. */
function joinPath(path: PropertyKey[]): string {
  if (path.length === 1) return String(path[0]);
  return path.reduce<string>((joined, item) => {
    if (typeof item === "number") return `${joined}[${item}]`;
    const key = String(item);
    if (key.includes('"')) return `${joined}["${key.replace(/"/g, '\\"')}"]`;
    if (!IDENTIFIER.test(key)) return `${joined}["${key}"]`;
    return joined.length === 0 ? key : `${joined}.${key}`;
  }, "");
}

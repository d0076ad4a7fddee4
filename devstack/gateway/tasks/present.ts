import { createJsonErrorObject } from "@trigger.dev/core/v3";
import { parsePacketAsJson } from "@trigger.dev/core/v3/utils/ioSerialization";
import type { InternalRunStatus, RunRecord } from "../../worker/runs.ts";

/**
 * Runs as Trigger.dev's API shows them (the webapp's ApiRetrieveRunPresenter / ApiRunListPresenter).
 * Clients that send `x-trigger-api-version: 2025-07-16` get today's statuses; older clients get the
 * statuses of the unversioned API. Both tables are Trigger.dev's, written here so the local stack
 * depends on nothing in the product.
 */

export const CURRENT_API_VERSION = "2025-07-16";

/** The unversioned API's name of every stored status (from before WAITING and DEQUEUED existed). */
const UNVERSIONED_STATUS: Record<InternalRunStatus, string> = {
  PENDING: "QUEUED",
  PENDING_VERSION: "PENDING_VERSION",
  DELAYED: "DELAYED",
  DEQUEUED: "EXECUTING",
  EXECUTING: "EXECUTING",
  RETRYING_AFTER_FAILURE: "REATTEMPTING",
  WAITING_TO_RESUME: "FROZEN",
  COMPLETED_SUCCESSFULLY: "COMPLETED",
  COMPLETED_WITH_ERRORS: "FAILED",
  CANCELED: "CANCELED",
  SYSTEM_FAILURE: "SYSTEM_FAILURE",
  CRASHED: "CRASHED",
  EXPIRED: "EXPIRED",
  TIMED_OUT: "TIMED_OUT",
  INTERRUPTED: "INTERRUPTED",
};

/** Today's public name of every stored status (the webapp's ApiRetrieveRunPresenter.apiStatusFromRunStatus). */
const CURRENT_STATUS: Record<InternalRunStatus, string> = {
  PENDING: "QUEUED",
  PENDING_VERSION: "PENDING_VERSION",
  DELAYED: "DELAYED",
  DEQUEUED: "DEQUEUED",
  EXECUTING: "EXECUTING",
  RETRYING_AFTER_FAILURE: "EXECUTING",
  WAITING_TO_RESUME: "WAITING",
  COMPLETED_SUCCESSFULLY: "COMPLETED",
  COMPLETED_WITH_ERRORS: "FAILED",
  CANCELED: "CANCELED",
  SYSTEM_FAILURE: "SYSTEM_FAILURE",
  CRASHED: "CRASHED",
  EXPIRED: "EXPIRED",
  TIMED_OUT: "TIMED_OUT",
  INTERRUPTED: "FAILED",
};

/** Every status a run can be stored with (the record above names each one, or the types fail). */
const STORED_STATUSES = Object.keys(UNVERSIONED_STATUS) as InternalRunStatus[];

export function apiStatus(status: InternalRunStatus, apiVersion: string | undefined): string {
  if (apiVersion === CURRENT_API_VERSION) return CURRENT_STATUS[status];
  return UNVERSIONED_STATUS[status];
}

/**
 * The stored statuses a list's `filter[status]` matches: those the same API version shows as one of the
 * requested statuses, so a filter finds exactly the runs that are listed with that status (EXECUTING
 * includes a run between retries). A name that version never shows matches nothing.
 */
export function storedStatusesShownAs(
  statuses: readonly string[],
  apiVersion: string | undefined,
): InternalRunStatus[] {
  return STORED_STATUSES.filter((stored) => statuses.includes(apiStatus(stored, apiVersion)));
}

/**
 * The server's boolean helpers. They differ from the realtime feed's (and docs/product.md §4's) on purpose:
 * here a cancelled run counts as completed and an expired or timed-out one does not.
 */
function statusHelpers(status: string) {
  const isCompleted = [
    "COMPLETED",
    "CANCELED",
    "FAILED",
    "CRASHED",
    "INTERRUPTED",
    "SYSTEM_FAILURE",
  ].includes(status);
  return {
    isQueued: ["QUEUED", "WAITING_FOR_DEPLOY", "DELAYED", "PENDING_VERSION"].includes(status),
    isExecuting: ["EXECUTING", "REATTEMPTING", "FROZEN", "DEQUEUED"].includes(status),
    isWaiting: status === "WAITING",
    isCompleted,
    isFailed: isCompleted && status !== "COMPLETED",
    isSuccess: status === "COMPLETED",
    isCancelled: status === "CANCELED",
  };
}

async function commonFields(run: RunRecord, apiVersion: string | undefined) {
  const status = apiStatus(run.status, apiVersion);
  return {
    id: run.id,
    taskIdentifier: run.task_identifier,
    idempotencyKey: run.idempotency_key_options?.key ?? run.idempotency_key ?? undefined,
    status,
    createdAt: run.created_at,
    startedAt: run.started_at ?? undefined,
    updatedAt: run.updated_at,
    finishedAt: run.completed_at ?? undefined,
    expiredAt: run.expired_at ?? undefined,
    delayedUntil: run.delay_until ?? undefined,
    ttl: run.ttl ?? undefined,
    costInCents: 0,
    baseCostInCents: 0,
    durationMs: Number(run.usage_duration_ms),
    isTest: run.is_test,
    depth: 0,
    tags: [...run.tags].sort((a, b) => a.localeCompare(b)),
    metadata: await parsePacketAsJson({ data: run.metadata ?? undefined, dataType: run.metadata_type }),
    ...statusHelpers(status),
  };
}

/** GET /api/v3/runs/:id */
export async function presentRun(run: RunRecord, apiVersion: string | undefined) {
  const succeeded = run.status === "COMPLETED_SUCCESSFULLY";
  return {
    ...(await commonFields(run, apiVersion)),
    triggerFunction: "trigger",
    payload: await parsePacketAsJson({ data: run.payload ?? undefined, dataType: run.payload_type }),
    output: succeeded
      ? await parsePacketAsJson({ data: run.output ?? undefined, dataType: run.output_type })
      : undefined,
    error: run.error ? createJsonErrorObject(run.error) : undefined,
    attemptCount: run.attempt_number,
    attempts: [],
    relatedRuns: { children: [] },
  };
}

/** An item of GET /api/v1/runs */
export async function presentListedRun(run: RunRecord, apiVersion: string | undefined) {
  return {
    ...(await commonFields(run, apiVersion)),
    env: { id: run.environment_id, name: "dev" },
    taskKind: "STANDARD",
  };
}

import { z } from "zod";

/** docs/product.md §4: the statuses a background-task run is shown with (Trigger.dev's public run statuses). */
export const RUN_STATUSES = [
  "QUEUED",
  "PENDING_VERSION",
  "DELAYED",
  "WAITING",
  "DEQUEUED",
  "EXECUTING",
  "COMPLETED",
  "CANCELED",
  "FAILED",
  "CRASHED",
  "SYSTEM_FAILURE",
  "EXPIRED",
  "TIMED_OUT",
] as const;

export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * The task service's internal run statuses (what its run table and realtime rows carry) and the
 * public status each one is shown as. Public statuses map to themselves.
 */
const INTERNAL_STATUSES: Record<string, RunStatus> = {
  PENDING: "QUEUED",
  WAITING_FOR_DEPLOY: "PENDING_VERSION",
  PAUSED: "WAITING",
  WAITING_TO_RESUME: "WAITING",
  RETRYING_AFTER_FAILURE: "EXECUTING",
  COMPLETED_SUCCESSFULLY: "COMPLETED",
  COMPLETED_WITH_ERRORS: "FAILED",
  INTERRUPTED: "FAILED",
};

/** Any value to a public run status; unknown values (and non-strings) map to QUEUED (docs/product.md §4). */
export const runStatusSchema = z.unknown().transform((value): RunStatus => toRunStatus(value));

export function toRunStatus(value: unknown): RunStatus {
  if (typeof value !== "string") return "QUEUED";
  if ((RUN_STATUSES as readonly string[]).includes(value)) return value as RunStatus;
  return INTERNAL_STATUSES[value] ?? "QUEUED";
}

const QUEUED: readonly string[] = ["PENDING_VERSION", "QUEUED", "PENDING", "DELAYED"];
const WAITING: readonly string[] = ["WAITING"];
const EXECUTING: readonly string[] = ["DEQUEUED", "EXECUTING"];
const FAILED: readonly string[] = ["FAILED", "CRASHED", "SYSTEM_FAILURE", "EXPIRED", "TIMED_OUT"];
const SUCCESS: readonly string[] = ["COMPLETED"];
const CANCELLED: readonly string[] = ["CANCELED"];

export interface RunStatusFlags {
  queued: boolean;
  waiting: boolean;
  executing: boolean;
  failed: boolean;
  success: boolean;
  cancelled: boolean;
  /** Finished, successfully or not; a cancelled run is not "completed" (docs/product.md §4). */
  completed: boolean;
}

export interface RunState extends RunStatusFlags {
  status: RunStatus;
}

/** docs/product.md §4's derived flags of a run status (the value is mapped first, so unknown counts as queued). */
export function runStatusFlags(value: unknown): RunStatusFlags {
  const status = toRunStatus(value);
  const failed = FAILED.includes(status);
  const success = SUCCESS.includes(status);
  return {
    queued: QUEUED.includes(status),
    waiting: WAITING.includes(status),
    executing: EXECUTING.includes(status),
    failed,
    success,
    cancelled: CANCELLED.includes(status),
    completed: success || failed,
  };
}

export function runState(value: unknown): RunState {
  return { status: toRunStatus(value), ...runStatusFlags(value) };
}

import type { TaskRunError } from "@trigger.dev/core/v3";

/** A row of trigger_local.runs (devstack/bootstrap/20-trigger-local.sql), as pg returns it. */
export interface RunRecord {
  id: string;
  environment_id: string;
  task_identifier: string;
  status: InternalRunStatus;
  payload: string | null;
  payload_type: string;
  output: string | null;
  output_type: string;
  error: TaskRunError | null;
  metadata: string | null;
  metadata_type: string;
  tags: string[];
  idempotency_key: string | null;
  idempotency_key_expires_at: Date | null;
  idempotency_key_options: { key: string; scope: "run" | "attempt" | "global" } | null;
  one_time_use_token: string | null;
  request_idempotency_key: string | null;
  queue: string;
  concurrency_key: string | null;
  max_attempts: number | null;
  max_duration_seconds: number | null;
  ttl: string | null;
  ttl_seconds: number | null;
  is_test: boolean;
  attempt_number: number;
  available_at: Date;
  locked_by: string | null;
  lease_expires_at: Date | null;
  cancel_requested_at: Date | null;
  /** bigint columns arrive as strings from pg. */
  usage_duration_ms: string;
  created_at: Date;
  updated_at: Date;
  queued_at: Date;
  delay_until: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  expired_at: Date | null;
  version: string;
}

/** Trigger.dev's internal run statuses, the ones the run table stores. */
export type InternalRunStatus =
  | "PENDING"
  | "PENDING_VERSION"
  | "DELAYED"
  | "DEQUEUED"
  | "EXECUTING"
  | "RETRYING_AFTER_FAILURE"
  | "WAITING_TO_RESUME"
  | "COMPLETED_SUCCESSFULLY"
  | "COMPLETED_WITH_ERRORS"
  | "CANCELED"
  | "SYSTEM_FAILURE"
  | "CRASHED"
  | "EXPIRED"
  | "TIMED_OUT"
  | "INTERRUPTED";

/** Waiting for a worker: what the worker claims. */
export const CLAIMABLE_STATUSES: InternalRunStatus[] = ["PENDING", "DELAYED", "RETRYING_AFTER_FAILURE"];
/** Held by a worker right now. */
export const ACTIVE_STATUSES: InternalRunStatus[] = ["DEQUEUED", "EXECUTING"];
/** Not finished yet: what a cancel still stops (Trigger.dev's cancellable statuses). */
export const UNFINISHED_STATUSES: InternalRunStatus[] = [
  ...CLAIMABLE_STATUSES,
  ...ACTIVE_STATUSES,
  "PENDING_VERSION",
  "WAITING_TO_RESUME",
];

export const RUNS_TABLE = "trigger_local.runs";
export const RUN_CHANGES_CHANNEL = "trigger_local_runs";

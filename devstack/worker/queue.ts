import type { TaskRunError } from "@trigger.dev/core/v3";
import type pg from "pg";
import { ACTIVE_STATUSES, CLAIMABLE_STATUSES, RUNS_TABLE, type RunRecord } from "./runs.ts";

/**
 * The worker's side of the run table: claiming with `for update skip locked` (several workers, in
 * several processes, may share one database), leases that a dead worker lets expire, and transitions
 * that only land while this worker still holds the run, so a cancel always wins.
 */

export interface ClaimableTask {
  id: string;
  /** The task queue's concurrency limit, applied per concurrency key as Trigger.dev does. */
  concurrencyLimit?: number;
}

const CANDIDATES_PER_CLAIM = 20;

export async function claimRun(
  pool: pg.Pool,
  workerId: string,
  tasks: ClaimableTask[],
  leaseMs: number,
): Promise<RunRecord | null> {
  if (tasks.length === 0) return null;
  const limits = new Map(tasks.map((task) => [task.id, task.concurrencyLimit]));
  const client = await pool.connect();
  try {
    await client.query("begin");
    const candidates = await client.query<
      Pick<RunRecord, "id" | "task_identifier" | "queue" | "concurrency_key">
    >(
      `select id, task_identifier, queue, concurrency_key from ${RUNS_TABLE}
        where status = any($1) and task_identifier = any($2) and available_at <= now()
        order by available_at, created_at
        limit ${CANDIDATES_PER_CLAIM}
        for update skip locked`,
      [CLAIMABLE_STATUSES, [...limits.keys()]],
    );
    for (const candidate of candidates.rows) {
      const limit = limits.get(candidate.task_identifier);
      if (limit !== undefined && !(await hasConcurrencyRoom(client, candidate, limit))) continue;
      const claimed = await client.query<RunRecord>(
        `update ${RUNS_TABLE}
            set status = 'DEQUEUED', attempt_number = attempt_number + 1, locked_by = $2,
                lease_expires_at = now() + make_interval(secs => $3::float8 / 1000)
          where id = $1
        returning *`,
        [candidate.id, workerId, leaseMs],
      );
      await client.query("commit");
      return claimed.rows[0] ?? null;
    }
    await client.query("commit");
    return null;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Whether one more run of this queue and concurrency key may start. The advisory lock (held until
 * commit) makes two workers claiming for the same key take turns instead of both seeing room.
 */
async function hasConcurrencyRoom(
  client: pg.PoolClient,
  run: Pick<RunRecord, "queue" | "concurrency_key">,
  limit: number,
): Promise<boolean> {
  await client.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [
    JSON.stringify([run.queue, run.concurrency_key]),
  ]);
  const { rows } = await client.query<{ active: number }>(
    `select count(*)::int as active from ${RUNS_TABLE}
      where queue = $1 and concurrency_key is not distinct from $2 and status = any($3)`,
    [run.queue, run.concurrency_key, ACTIVE_STATUSES],
  );
  return (rows[0]?.active ?? 0) < limit;
}

/** The attempt starts: records the first start and how many attempts the run may have in all. */
export async function startAttempt(
  pool: pg.Pool,
  runId: string,
  workerId: string,
  maxAttempts: number,
  maxDurationSeconds: number | null,
): Promise<RunRecord | null> {
  const { rows } = await pool.query<RunRecord>(
    `update ${RUNS_TABLE}
        set status = 'EXECUTING', started_at = coalesce(started_at, now()),
            max_attempts = coalesce(max_attempts, $3), max_duration_seconds = coalesce(max_duration_seconds, $4)
      where id = $1 and locked_by = $2 and status = 'DEQUEUED'
    returning *`,
    [runId, workerId, maxAttempts, maxDurationSeconds],
  );
  return rows[0] ?? null;
}

export async function completeRun(
  pool: pg.Pool,
  runId: string,
  workerId: string,
  result: { output: string | undefined; outputType: string; durationMs: number },
): Promise<boolean> {
  return finish(
    pool,
    runId,
    workerId,
    `status = 'COMPLETED_SUCCESSFULLY', output = $3, output_type = $4, completed_at = now(),
     usage_duration_ms = usage_duration_ms + $5`,
    [result.output ?? null, result.outputType, Math.round(result.durationMs)],
  );
}

/** Another attempt follows after `delayMs`; the run stays EXECUTING for the API (RETRYING_AFTER_FAILURE). */
export async function scheduleRetry(
  pool: pg.Pool,
  runId: string,
  workerId: string,
  delayMs: number,
  durationMs: number,
): Promise<boolean> {
  return finish(
    pool,
    runId,
    workerId,
    `status = 'RETRYING_AFTER_FAILURE', available_at = now() + make_interval(secs => $3::float8 / 1000),
     usage_duration_ms = usage_duration_ms + $4`,
    [delayMs, Math.round(durationMs)],
  );
}

export type FailedStatus = "COMPLETED_WITH_ERRORS" | "TIMED_OUT" | "CRASHED" | "SYSTEM_FAILURE";

export async function failRun(
  pool: pg.Pool,
  runId: string,
  workerId: string,
  failure: { status: FailedStatus; error: TaskRunError; durationMs: number },
): Promise<boolean> {
  return finish(
    pool,
    runId,
    workerId,
    `status = $3, error = $4, completed_at = now(), usage_duration_ms = usage_duration_ms + $5`,
    [failure.status, JSON.stringify(failure.error), Math.round(failure.durationMs)],
  );
}

/** Ends this worker's hold on the run; a no-op (false) when the run was cancelled meanwhile. */
async function finish(
  pool: pg.Pool,
  runId: string,
  workerId: string,
  assignments: string,
  values: unknown[],
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update ${RUNS_TABLE} set ${assignments}, locked_by = null, lease_expires_at = null
      where id = $1 and locked_by = $2 and status = any($${values.length + 3})`,
    [runId, workerId, ...values, ACTIVE_STATUSES],
  );
  return rowCount === 1;
}

export async function renewLeases(pool: pg.Pool, workerId: string, runIds: string[], leaseMs: number) {
  if (runIds.length === 0) return;
  await pool.query(
    `update ${RUNS_TABLE} set lease_expires_at = now() + make_interval(secs => $3::float8 / 1000)
      where id = any($1) and locked_by = $2 and status = any($4)`,
    [runIds, workerId, leaseMs, ACTIVE_STATUSES],
  );
}

/** Of these runs, the ones this worker no longer holds (cancelled, or taken over after a lost lease). */
export async function lostRuns(pool: pg.Pool, workerId: string, runIds: string[]): Promise<string[]> {
  if (runIds.length === 0) return [];
  const { rows } = await pool.query<{ id: string }>(
    `select id from ${RUNS_TABLE}
      where id = any($1) and (locked_by is distinct from $2 or status <> all($3))`,
    [runIds, workerId, ACTIVE_STATUSES],
  );
  return rows.map((row) => row.id);
}

/**
 * Housekeeping any worker may do: an attempt whose worker stopped renewing its lease crashed, and
 * is retried while attempts remain; a queued run past its time-to-live expires.
 */
export async function sweepRuns(pool: pg.Pool): Promise<void> {
  await pool.query(
    `update ${RUNS_TABLE}
        set status = case when attempt_number < coalesce(max_attempts, 1) then 'RETRYING_AFTER_FAILURE' else 'CRASHED' end,
            error = case when attempt_number < coalesce(max_attempts, 1) then error
                         else '{"type":"INTERNAL_ERROR","code":"TASK_RUN_CRASHED","message":"The worker running this attempt stopped responding."}'::jsonb end,
            completed_at = case when attempt_number < coalesce(max_attempts, 1) then null else now() end,
            available_at = now(), locked_by = null, lease_expires_at = null
      where status = any($1) and lease_expires_at < now()`,
    [ACTIVE_STATUSES],
  );
  await pool.query(
    `update ${RUNS_TABLE} set status = 'EXPIRED', expired_at = now(), completed_at = now()
      where status in ('PENDING', 'DELAYED') and ttl_seconds is not null
        and coalesce(delay_until, queued_at) + make_interval(secs => ttl_seconds) < now()`,
  );
}

/** What the run's code wrote with `metadata.set()` and friends; shown by runs.retrieve and realtime. */
export async function saveMetadata(pool: pg.Pool, runId: string, values: Record<string, unknown>) {
  await pool.query(
    `update ${RUNS_TABLE} set metadata = $2, metadata_type = 'application/json' where id = $1`,
    [runId, JSON.stringify(values)],
  );
}

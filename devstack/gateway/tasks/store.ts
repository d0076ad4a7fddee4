import type pg from "pg";
import { RUNS_TABLE, type RunRecord, UNFINISHED_STATUSES } from "../../worker/runs.ts";

/** The task API's side of trigger_local.runs: create, read, list, cancel, idempotency. */

export interface NewRun {
  id: string;
  environmentId: string;
  taskIdentifier: string;
  status: "PENDING" | "DELAYED";
  payload: string | undefined;
  payloadType: string;
  metadata: string | undefined;
  metadataType: string;
  tags: string[];
  idempotencyKey: string | undefined;
  idempotencyKeyExpiresAt: Date | undefined;
  idempotencyKeyOptions: { key: string; scope: string } | undefined;
  oneTimeUseToken: string | undefined;
  requestIdempotencyKey: string | undefined;
  queue: string;
  concurrencyKey: string | undefined;
  maxAttempts: number | undefined;
  maxDurationSeconds: number | undefined;
  ttl: string | undefined;
  ttlSeconds: number | undefined;
  isTest: boolean;
  delayUntil: Date | undefined;
}

/** Postgres' unique-violation constraint a failed insert hit, if that is why it failed. */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error && error.code === "23505") {
    return "constraint" in error ? String(error.constraint) : "";
  }
  return undefined;
}

export async function insertRun(pool: pg.Pool, run: NewRun): Promise<RunRecord> {
  const { rows } = await pool.query<RunRecord>(
    `insert into ${RUNS_TABLE} (
        id, environment_id, task_identifier, status, payload, payload_type, metadata, metadata_type, tags,
        idempotency_key, idempotency_key_expires_at, idempotency_key_options, one_time_use_token,
        request_idempotency_key, queue, concurrency_key, max_attempts, max_duration_seconds, ttl, ttl_seconds,
        is_test, delay_until, available_at)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
              $22, coalesce($22, now()))
      returning *`,
    [
      run.id,
      run.environmentId,
      run.taskIdentifier,
      run.status,
      run.payload ?? null,
      run.payloadType,
      run.metadata ?? null,
      run.metadataType,
      run.tags,
      run.idempotencyKey ?? null,
      run.idempotencyKeyExpiresAt ?? null,
      run.idempotencyKeyOptions ? JSON.stringify(run.idempotencyKeyOptions) : null,
      run.oneTimeUseToken ?? null,
      run.requestIdempotencyKey ?? null,
      run.queue,
      run.concurrencyKey ?? null,
      run.maxAttempts ?? null,
      run.maxDurationSeconds ?? null,
      run.ttl ?? null,
      run.ttlSeconds ?? null,
      run.isTest,
      run.delayUntil ?? null,
    ],
  );
  return rows[0] as RunRecord;
}

export async function findRun(
  pool: pg.Pool,
  environmentId: string,
  runId: string,
): Promise<RunRecord | null> {
  const { rows } = await pool.query<RunRecord>(
    `select * from ${RUNS_TABLE} where id = $1 and environment_id = $2`,
    [runId, environmentId],
  );
  return rows[0] ?? null;
}

export async function findRunByRequestKey(pool: pg.Pool, requestKey: string): Promise<RunRecord | null> {
  const { rows } = await pool.query<RunRecord>(
    `select * from ${RUNS_TABLE} where request_idempotency_key = $1`,
    [requestKey],
  );
  return rows[0] ?? null;
}

export async function findRunByIdempotencyKey(
  pool: pg.Pool,
  environmentId: string,
  taskIdentifier: string,
  idempotencyKey: string,
): Promise<RunRecord | null> {
  const { rows } = await pool.query<RunRecord>(
    `select * from ${RUNS_TABLE}
      where environment_id = $1 and task_identifier = $2 and idempotency_key = $3`,
    [environmentId, taskIdentifier, idempotencyKey],
  );
  return rows[0] ?? null;
}

/** Frees a key for a new run; returns how many runs held it. */
export async function clearIdempotencyKey(
  pool: pg.Pool,
  where: { environmentId: string; taskIdentifier: string; idempotencyKey: string },
): Promise<number> {
  const { rowCount } = await pool.query(
    `update ${RUNS_TABLE} set idempotency_key = null, idempotency_key_expires_at = null
      where environment_id = $1 and task_identifier = $2 and idempotency_key = $3`,
    [where.environmentId, where.taskIdentifier, where.idempotencyKey],
  );
  return rowCount ?? 0;
}

/** Cancels the run if it has not finished; a finished run is left as it is. */
export async function cancelRun(pool: pg.Pool, environmentId: string, runId: string): Promise<void> {
  await pool.query(
    `update ${RUNS_TABLE}
        set status = 'CANCELED', completed_at = now(), cancel_requested_at = now(),
            error = '{"type":"STRING_ERROR","raw":"Canceled by user"}'::jsonb,
            locked_by = null, lease_expires_at = null
      where id = $1 and environment_id = $2 and status = any($3)`,
    [runId, environmentId, UNFINISHED_STATUSES],
  );
}

export interface RunListQuery {
  environmentId: string;
  statuses?: string[];
  taskIdentifiers?: string[];
  tags?: string[];
  isTest?: boolean;
  queues?: string[];
  from?: Date;
  to?: Date;
  pageSize: number;
  cursor?: { direction: "forward" | "backward"; runId: string };
}

export interface RunListPage {
  runs: RunRecord[];
  next?: string;
  previous?: string;
}

/** Newest first, paged by run id (Trigger.dev's `page[after]` / `page[before]` cursors). */
export async function listRuns(pool: pg.Pool, query: RunListQuery): Promise<RunListPage> {
  const conditions = ["environment_id = $1"];
  const values: unknown[] = [query.environmentId];
  const where = (sql: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (query.statuses) where((p) => `status = any(${p})`, query.statuses);
  if (query.taskIdentifiers) where((p) => `task_identifier = any(${p})`, query.taskIdentifiers);
  if (query.tags) where((p) => `tags && ${p}`, query.tags);
  if (query.isTest !== undefined) where((p) => `is_test = ${p}`, query.isTest);
  if (query.queues) where((p) => `queue = any(${p})`, query.queues);
  if (query.from) where((p) => `created_at >= ${p}`, query.from);
  if (query.to) where((p) => `created_at <= ${p}`, query.to);
  const backward = query.cursor?.direction === "backward";
  if (query.cursor) {
    where(
      (p) =>
        `(created_at, id) ${backward ? ">" : "<"} (select created_at, id from ${RUNS_TABLE} where id = ${p})`,
      query.cursor.runId,
    );
  }
  const order = backward ? "asc" : "desc";
  values.push(query.pageSize + 1);
  const { rows } = await pool.query<RunRecord>(
    `select * from ${RUNS_TABLE} where ${conditions.join(" and ")}
      order by created_at ${order}, id ${order} limit $${values.length}`,
    values,
  );
  const hasMore = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  if (backward) page.reverse();
  const first = page[0]?.id;
  const last = page.at(-1)?.id;
  if (backward) return { runs: page, next: last, previous: hasMore ? first : undefined };
  return { runs: page, next: hasMore ? last : undefined, previous: query.cursor ? first : undefined };
}

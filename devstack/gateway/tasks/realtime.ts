import pg from "pg";
import { RUN_CHANGES_CHANNEL, type RunRecord } from "../../worker/runs.ts";
import { CURRENT_API_VERSION } from "./present.ts";

/**
 * GET /realtime/v1/runs/:runId — the Electric shape stream that `runs.subscribeToRun` and
 * `@trigger.dev/react-hooks`' `useRealtimeRun` read, as Trigger.dev's native realtime service writes
 * it: a snapshot (`insert` + `up-to-date`) with `electric-schema`, then long-polls that answer with a
 * full-row `update` once the run changed, or a bare `up-to-date` when the poll times out. Every column
 * value travels as a string (or null) and is decoded by the client through `electric-schema`.
 */

type ColumnType = "text" | "timestamp" | "int4" | "float8" | "bool" | "jsonb";
interface Column {
  name: string;
  type: ColumnType;
  dims?: number;
  /** An empty array is sent as null (the column has no default in Trigger.dev's table). */
  emptyArrayAsNull?: boolean;
  value: (run: RunRecord) => unknown;
}

/** The run table's columns as the SDK's SubscribeRunRawShape reads them. */
const COLUMNS: Column[] = [
  { name: "id", type: "text", value: (run) => run.id },
  { name: "taskIdentifier", type: "text", value: (run) => run.task_identifier },
  { name: "createdAt", type: "timestamp", value: (run) => run.created_at },
  { name: "updatedAt", type: "timestamp", value: (run) => run.updated_at },
  { name: "startedAt", type: "timestamp", value: (run) => run.started_at },
  { name: "delayUntil", type: "timestamp", value: (run) => run.delay_until },
  { name: "queuedAt", type: "timestamp", value: (run) => run.queued_at },
  { name: "expiredAt", type: "timestamp", value: (run) => run.expired_at },
  { name: "completedAt", type: "timestamp", value: (run) => run.completed_at },
  { name: "friendlyId", type: "text", value: (run) => run.id },
  { name: "number", type: "int4", value: () => 0 },
  { name: "isTest", type: "bool", value: (run) => run.is_test },
  { name: "status", type: "text", value: (run) => run.status },
  { name: "usageDurationMs", type: "int4", value: (run) => Number(run.usage_duration_ms) },
  { name: "costInCents", type: "float8", value: () => 0 },
  { name: "baseCostInCents", type: "float8", value: () => 0 },
  { name: "ttl", type: "text", value: (run) => run.ttl },
  { name: "payload", type: "text", value: (run) => run.payload },
  { name: "payloadType", type: "text", value: (run) => run.payload_type },
  { name: "metadata", type: "text", value: (run) => run.metadata },
  { name: "metadataType", type: "text", value: (run) => run.metadata_type },
  { name: "output", type: "text", value: (run) => run.output },
  { name: "outputType", type: "text", value: (run) => run.output_type },
  { name: "runTags", type: "text", dims: 1, emptyArrayAsNull: true, value: (run) => run.tags },
  { name: "error", type: "jsonb", value: (run) => run.error },
  { name: "realtimeStreams", type: "text", dims: 1, value: () => [] },
];

/** Columns a subscriber cannot skip. */
const RESERVED = ["id", "taskIdentifier", "friendlyId", "status", "createdAt"];
const LIVE_POLL_MS = 20_000;

export interface ShapeRequest {
  run: RunRecord;
  url: URL;
  headers: Headers;
  /** From the public token's `realtime` claim, which wins over the query's. */
  skipColumns?: string[];
  signal: AbortSignal;
}

export async function runShape(
  feed: RunChangeFeed,
  reload: () => Promise<RunRecord | null>,
  request: ShapeRequest,
): Promise<Response> {
  const { run, url } = request;
  const skip = skippedColumns(request.skipColumns ?? url.searchParams.get("skipColumns")?.split(",") ?? []);
  const answer = (body: unknown[], offset: string, extra: Record<string, string>) =>
    shapeResponse(request.headers, body, { offset, handle: `run-${run.id}`, ...extra });

  if (url.searchParams.get("live") !== "true") {
    return answer([change("insert", run, skip), UP_TO_DATE], offsetOf(run), { schema: schemaHeader(skip) });
  }
  const seen = versionIn(url.searchParams.get("offset"));
  const deadline = Date.now() + LIVE_POLL_MS;
  for (;;) {
    const current = await reload();
    if (current && BigInt(current.version) > seen) {
      return answer([change("update", current, skip), UP_TO_DATE], offsetOf(current), { cursor: cursor() });
    }
    const remaining = deadline - Date.now();
    // Short waits between re-reads: a change that lands between a read and the wait is seen in a second.
    if (
      remaining <= 0 ||
      (await feed.waitFor(run.id, Math.min(remaining, 1_000), request.signal)) === "aborted"
    ) {
      return answer([UP_TO_DATE], url.searchParams.get("offset") ?? "-1", { cursor: cursor() });
    }
  }
}

const UP_TO_DATE = { headers: { control: "up-to-date" } };

function change(operation: "insert" | "update", run: RunRecord, skip: Set<string>) {
  const value: Record<string, string | null> = {};
  for (const column of COLUMNS) if (!skip.has(column.name)) value[column.name] = encode(column, run);
  return { key: `"public"."TaskRun"/"${run.id}"`, value, headers: { operation } };
}

function encode(column: Column, run: RunRecord): string | null {
  const value = column.value(run);
  if (value === null || value === undefined) return null;
  if (column.dims) {
    const items = value as unknown[];
    if (items.length === 0) return column.emptyArrayAsNull ? null : "{}";
    return `{${items.map((item) => `"${String(item).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
  }
  switch (column.type) {
    case "bool":
      return value ? "t" : "f";
    case "timestamp":
      // The SDK appends the "Z" itself.
      return (value as Date).toISOString().slice(0, -1);
    case "jsonb":
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

function schemaHeader(skip: Set<string>): string {
  const schema: Record<string, { type: ColumnType; dims?: number }> = {};
  for (const column of COLUMNS) {
    if (!skip.has(column.name))
      schema[column.name] = column.dims ? { type: column.type, dims: 1 } : { type: column.type };
  }
  return JSON.stringify(schema);
}

function skippedColumns(names: string[]): Set<string> {
  return new Set(names.map((name) => name.trim()).filter((name) => name && !RESERVED.includes(name)));
}

/** Offsets are `<version>_0`: the run table's change counter, so "has it changed since" is exact. */
function offsetOf(run: RunRecord): string {
  return `${run.version}_0`;
}

function versionIn(offset: string | null): bigint {
  const first = offset?.split("_")[0] ?? "";
  return /^\d+$/.test(first) ? BigInt(first) : -1n;
}

let cursorSequence = 0;
function cursor(): string {
  cursorSequence += 1;
  return String(cursorSequence);
}

function shapeResponse(
  requestHeaders: Headers,
  messages: unknown[],
  meta: { offset: string; handle: string; schema?: string; cursor?: string },
): Response {
  const legacyApi = requestHeaders.get("x-trigger-api-version") !== CURRENT_API_VERSION;
  const body = JSON.stringify(messages);
  const headers = new Headers({
    "content-type": "application/json",
    "cache-control": "no-store",
    "access-control-expose-headers": "*",
  });
  // Current clients name their version and read electric-offset/-handle; older ones the former names.
  const modern = requestHeaders.has("x-trigger-electric-version");
  headers.set(modern ? "electric-offset" : "electric-chunk-last-offset", meta.offset);
  headers.set(modern ? "electric-handle" : "electric-shape-id", meta.handle);
  if (meta.cursor) headers.set("electric-cursor", meta.cursor);
  if (meta.schema) headers.set("electric-schema", meta.schema);
  return new Response(legacyApi ? body.replace(/"status":"DEQUEUED"/g, '"status":"EXECUTING"') : body, {
    status: 200,
    headers,
  });
}

/**
 * Wakes long-polls when a run changes: one LISTEN connection per service, opened on the first
 * subscriber, fed by the run table's trigger (devstack/bootstrap/20-trigger-local.sql).
 */
export class RunChangeFeed {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly waiters = new Map<string, Set<(outcome: "changed" | "aborted") => void>>();
  private closed = false;

  constructor(private readonly databaseUrl: string) {}

  async waitFor(
    runId: string,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<"changed" | "timeout" | "aborted"> {
    if (this.closed || signal.aborted) return "aborted";
    await this.connect();
    return new Promise((resolve) => {
      const waiters = this.waiters.get(runId) ?? new Set();
      this.waiters.set(runId, waiters);
      const finish = (outcome: "changed" | "timeout" | "aborted") => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        waiters.delete(wake);
        if (waiters.size === 0) this.waiters.delete(runId);
        resolve(outcome);
      };
      const wake = (outcome: "changed" | "aborted") => finish(outcome);
      const onAbort = () => finish("aborted");
      const timer = setTimeout(() => finish("timeout"), timeoutMs);
      signal.addEventListener("abort", onAbort, { once: true });
      waiters.add(wake);
    });
  }

  /** Ends every pending long-poll (each answers up-to-date) and the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiters of [...this.waiters.values()]) for (const wake of [...waiters]) wake("aborted");
    const client = this.client;
    this.client = null;
    this.connecting = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      client.on("notification", (message) => {
        for (const wake of [...(this.waiters.get(message.payload ?? "") ?? [])]) wake("changed");
      });
      client.on("error", () => {
        this.client = null;
        this.connecting = null;
      });
      await client.connect();
      // Like the worker's, this connection must not keep a process alive on its own.
      (
        client as unknown as { connection?: { stream?: { unref?: () => void } } }
      ).connection?.stream?.unref?.();
      await client.query(`listen ${RUN_CHANGES_CHANNEL}`);
      this.client = client;
    })();
    return this.connecting;
  }
}

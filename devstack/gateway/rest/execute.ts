import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { GatewayContext } from "../context.ts";
import { prepared, type RequestInfo, type Statement, withRequestTransaction } from "../db-session.ts";
import type { Identity } from "../jwt.ts";
import type { TxEnd } from "./db-config.ts";
import { MAX_ROWS } from "./db-config.ts";
import { apiErrors, fromPostgresError, RestError } from "./errors.ts";
import type { Plan } from "./plan.ts";
import { type ApiRequest, appliedPreferences } from "./request.ts";
import type { SchemaCache } from "./schema-cache.ts";
import { callSql, countSql, mutationSql, Params, readSql, wrapInArray } from "./sql.ts";

/**
 * Runs a plan as one statement inside the request's transaction (role and JWT claims set by
 * db-session) and turns its single result row into PostgREST's response: status, body,
 * Content-Range, Location, Preference-Applied and the `response.headers`/`response.status` GUCs.
 */

interface ResultRow {
  total: string | null;
  page_total: string;
  body: string | null;
  response_headers: string | null;
  response_status: string | null;
  inserted: number | null;
}

export async function execute(
  ctx: GatewayContext,
  request: ApiRequest,
  plan: Plan,
  identity: Identity,
  schemaCache: SchemaCache,
  info: RequestInfo,
): Promise<Response> {
  const readOnly = isReadOnly(request, plan);
  const statement = statementFor(request, plan, schemaCache);
  const end = transactionEnd(schemaCache.config.txEnd, request.preferences.transaction);
  try {
    return await withRequestTransaction(
      ctx,
      identity,
      { ...info, schema: request.schema, readOnly },
      async (client, control, result) => {
        const response = await run(
          client,
          request,
          plan,
          result as pg.QueryResult<ResultRow>,
          schemaCache.config.maxRows,
        );
        if (end.rollback) control.rollback();
        if (end.applied) appendPreferenceApplied(response.headers, end.applied);
        return response;
      },
      { statement, commit: !end.rollback && commitsWithStatement(request, plan) },
    );
  } catch (error) {
    if (error instanceof RestError) throw error;
    throw fromPostgresError(error, identity.role !== "anon");
  }
}

/**
 * PostgREST's db-tx-end: how a request's transaction ends (commit unless the database says otherwise,
 * as on hosted Supabase), and whether `Prefer: tx=commit|rollback` may override it, in which case the
 * preference is applied and says so.
 */
export function transactionEnd(
  setting: TxEnd,
  preferred: "commit" | "rollback" | undefined,
): { rollback: boolean; applied: string | null } {
  const overridable = setting.endsWith("-allow-override");
  const byDefault = setting.startsWith("rollback") ? "rollback" : "commit";
  const chosen = overridable && preferred ? preferred : byDefault;
  return { rollback: chosen === "rollback", applied: overridable && preferred ? `tx=${preferred}` : null };
}

function appendPreferenceApplied(headers: Headers, value: string): void {
  const current = headers.get("Preference-Applied");
  headers.set("Preference-Applied", current ? `${current}, ${value}` : value);
}

/**
 * Statements already written, per plan: a plan kept by rest/index.ts for a repeated read always
 * comes with the same request, so its statement is the same; other plans are new objects each time.
 */
const statements = new WeakMap<Plan, Statement>();

/**
 * Each schema cache prepares under names of its own: a statement prepared before a reload keeps the
 * parameter types Postgres inferred then, which a changed column could contradict.
 */
const preparedPrefixes = new WeakMap<SchemaCache, string>();

/**
 * A read by GET or HEAD (the requests whose plans rest/index.ts keeps) is prepared once per
 * connection, as PostgREST prepares its statements; any other statement goes with its values as
 * literals. Values that cannot be literals are bound.
 */
function statementFor(request: ApiRequest, plan: Plan, schemaCache: SchemaCache): Statement {
  const known = statements.get(plan);
  if (known) return known;
  let statement: Statement;
  if (request.method === "GET" || request.method === "HEAD") {
    const bound = mainStatement(request, plan, { maxRows: schemaCache.config.maxRows });
    let prefix = preparedPrefixes.get(schemaCache);
    if (!prefix) {
      prefix = `-- schema cache ${randomUUID()}\n`;
      preparedPrefixes.set(schemaCache, prefix);
    }
    statement = bound.values.some((value) => value.includes("\0"))
      ? bound
      : prepared(prefix + bound.text, bound.values);
  } else {
    const { maxRows } = schemaCache.config;
    const literal = mainStatement(request, plan, { literals: true, maxRows });
    statement = literal.unquotable ? mainStatement(request, plan, { maxRows }) : literal;
  }
  statements.set(plan, statement);
  return statement;
}

function isReadOnly(request: ApiRequest, plan: Plan): boolean {
  if (plan.kind === "read") return true;
  if (plan.kind === "mutation") return false;
  return request.method !== "POST" || plan.call.routine.volatility !== "volatile";
}

/**
 * Whether the request's answer cannot depend on rolling back, so COMMIT may go with the statement:
 * a plain read without count or singular media throws nothing once its statement has run. (A
 * function in a view could still set a malformed `response.headers`; PostgREST would then roll back
 * a read-only transaction, which differs from committing it only in session-level settings.)
 */
function commitsWithStatement(request: ApiRequest, plan: Plan): boolean {
  return plan.kind === "read" && request.media.kind !== "single" && !request.preferences.count;
}

async function run(
  client: pg.PoolClient,
  request: ApiRequest,
  plan: Plan,
  result: pg.QueryResult<ResultRow>,
  maxRows: number | null,
): Promise<Response> {
  const row = result.rows[0] as ResultRow;
  const pageTotal = Number(row.page_total);
  let total = row.total === null ? null : Number(row.total);
  const { count } = request.preferences;
  if (
    plan.kind !== "mutation" &&
    (count === "planned" || (count === "estimated" && maxRows !== null && (total ?? 0) > maxRows))
  ) {
    total = await plannedCount(client, request, plan);
  }
  if (request.media.kind === "single" && !returnsSingleScalar(plan) && pageTotal !== 1)
    throw apiErrors.singularity(pageTotal);
  const maxAffected = request.preferences.maxAffected;
  if (
    request.preferences.handling === "strict" &&
    maxAffected !== undefined &&
    plan.kind !== "read" &&
    pageTotal > maxAffected
  )
    throw apiErrors.maxAffected(pageTotal);
  const response =
    plan.kind === "mutation"
      ? mutationResponse(request, plan, row, pageTotal, total)
      : readResponse(request, plan, row, pageTotal, total);
  return withGucOverrides(response, row);
}

// Statements ----------------------------------------------------------------------------------

/**
 * The request's one SQL statement (exported for the benchmark, which runs it directly on Postgres),
 * its values bound or, with `literals`, written into the text; `unquotable` when one cannot be.
 * `maxRows` is db-max-rows (null: no limit), hosted Supabase's 1000 unless told.
 */
export function mainStatement(
  request: ApiRequest,
  plan: Plan,
  options: { literals?: boolean; maxRows?: number | null } = {},
): Statement & { unquotable: boolean } {
  const params = new Params(options.literals);
  const maxRows = options.maxRows === undefined ? MAX_ROWS : (options.maxRows ?? undefined);
  const body = request.payload?.raw ?? null;
  let source: string;
  let outer: string;
  if (plan.kind === "read") {
    source = readSql(plan.read, params, { maxRows });
    outer = "SELECT * FROM pgrst_source";
  } else if (plan.kind === "mutation") {
    source = mutationSql(plan.mutation, plan.returning, body === null ? null : wrapInArray(body), params);
    outer = plan.returning === null ? "SELECT * FROM pgrst_source" : readSql(plan.read, params, {});
  } else {
    source = callSql(plan.call, body, params);
    outer = readSql(plan.read, params, {
      maxRows,
      scalar: plan.call.routine.returns !== "composite",
    });
  }
  const counts = shouldCountSeparately(request, plan);
  const countCte = counts ? `, pgrst_source_count AS (${countSql(plan.read, params)})` : "";
  const limit =
    request.preferences.count === "estimated" && maxRows !== undefined ? ` LIMIT ${maxRows + 1}` : "";
  const total = counts
    ? `(SELECT pg_catalog.count(*) FROM (SELECT 1 FROM pgrst_source_count${limit}) AS pgrst_counted)`
    : request.preferences.count && plan.kind === "mutation"
      ? "pg_catalog.count(_postgrest_t)"
      : "null::bigint";
  const inserted =
    plan.kind === "mutation" && plan.mutation.kind === "insert" && plan.mutation.countInserted
      ? "nullif(current_setting('pgrst.inserted', true), '')::int"
      : "null::int";
  const text = [
    `WITH pgrst_source AS (${source})${countCte}`,
    `SELECT ${total} AS total, ${pageTotalSql(plan)} AS page_total, ${bodySql(request, plan)} AS body,`,
    "nullif(current_setting('response.headers', true), '') AS response_headers,",
    "nullif(current_setting('response.status', true), '') AS response_status,",
    `${inserted} AS inserted`,
    `FROM (${outer}) AS _postgrest_t`,
  ].join(" ");
  return { text, values: params.values, unquotable: params.unquotable };
}

function shouldCountSeparately(request: ApiRequest, plan: Plan): boolean {
  const count = request.preferences.count;
  return plan.kind !== "mutation" && (count === "exact" || count === "estimated");
}

function returnsSingleScalar(plan: Plan): boolean {
  return plan.kind === "call" && plan.call.routine.returns !== "composite" && !plan.call.routine.returnsSet;
}

function pageTotalSql(plan: Plan): string {
  return plan.kind === "call" && !plan.call.routine.returnsSet ? "1" : "pg_catalog.count(_postgrest_t)";
}

/** text/csv: the column names, then each row as Postgres prints a record, without its parentheses. */
const CSV_BODY = `coalesce((SELECT string_agg(pgrst_key, ',') FROM json_object_keys((array_agg(row_to_json(_postgrest_t)))[1]) AS pgrst_key), '')
  || E'\\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), E'\\n'), '')`;

function bodySql(request: ApiRequest, plan: Plan): string {
  const minimal = plan.kind === "mutation" && plan.returning === null;
  if (request.headOnly || minimal) return "''";
  if (request.media.kind === "csv") return CSV_BODY;
  const scalar = plan.kind === "call" && plan.call.routine.returns !== "composite";
  const row = scalar ? "_postgrest_t.pgrst_scalar" : "_postgrest_t";
  const single = request.media.kind === "single" || (plan.kind === "call" && !plan.call.routine.returnsSet);
  let aggregate = single ? `json_agg(${row})->0` : `json_agg(${row})`;
  if (request.media.stripNulls) aggregate = `json_strip_nulls(${aggregate})`;
  return `coalesce(${aggregate}, '${single ? "null" : "[]"}')::text`;
}

/** `count=planned` (and `estimated` past max_rows): the planner's row estimate for the count query. */
async function plannedCount(
  client: pg.PoolClient,
  request: ApiRequest,
  plan: Exclude<Plan, { kind: "mutation" }>,
): Promise<number | null> {
  const params = new Params();
  const count = countSql(plan.read, params);
  const text =
    plan.kind === "call"
      ? `EXPLAIN (FORMAT JSON) WITH pgrst_source AS (${callSql(plan.call, request.payload?.raw ?? null, params)}) ${count}`
      : `EXPLAIN (FORMAT JSON) ${count}`;
  const result = await client.query<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>({
    text,
    values: params.values,
  });
  return result.rows[0]?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? null;
}

// Responses -----------------------------------------------------------------------------------

function readResponse(
  request: ApiRequest,
  plan: Plan,
  row: ResultRow,
  pageTotal: number,
  total: number | null,
): Response {
  const headers = new Headers();
  const lower = request.range.offset;
  const upper = lower + pageTotal - 1;
  headers.set("Content-Range", contentRange(lower, upper, total));
  setPreferenceApplied(headers, request, false);
  if (plan.kind === "call" && plan.call.routine.returns === "void")
    return new Response(null, { status: 204, headers });
  if (total !== null && lower > total) throw withHeaders(apiErrors.outOfBounds(lower, total), headers);
  const status = total !== null && pageTotal < total ? 206 : 200;
  setContentType(headers, request);
  return new Response(request.headOnly ? null : formatBody(row.body), { status, headers });
}

function mutationResponse(
  request: ApiRequest,
  plan: Extract<Plan, { kind: "mutation" }>,
  row: ResultRow,
  pageTotal: number,
  total: number | null,
): Response {
  const headers = new Headers();
  const { mutation } = plan;
  const representation = request.preferences.representation;
  const isInsert = mutation.kind === "insert";
  headers.set(
    "Content-Range",
    mutation.kind === "update" ? contentRange(0, pageTotal - 1, total) : contentRange(1, 0, total),
  );
  setPreferenceApplied(
    headers,
    request,
    isInsert && (mutation.table.primaryKey.length > 0 || request.query.onConflict !== undefined),
  );
  let status: number;
  if (request.action === "create") {
    status = isInsert && mutation.countInserted && (row.inserted ?? 0) <= 0 ? 200 : 201;
  } else if (request.action === "upsert") {
    status = representation === "full" ? ((row.inserted ?? 0) > 0 ? 201 : 200) : 204;
  } else {
    status = representation === "full" ? 200 : 204;
  }
  if (representation === "headers-only" && isInsert && pageTotal === 1) {
    const location = locationHeader(mutation.table.name, mutation.table.primaryKey, row.body);
    if (location) headers.set("Location", location);
  }
  if (representation !== "full") return new Response(null, { status, headers });
  setContentType(headers, request);
  return new Response(formatBody(row.body), { status, headers });
}

/** `<lower>-<upper>/<total|*>`, or `*` for the range when nothing was returned. */
function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : "*";
  return `${range}/${total ?? "*"}`;
}

function locationHeader(table: string, primaryKey: string[], body: string | null): string | null {
  if (!primaryKey.length || !body) return null;
  const [first] = JSON.parse(body) as Array<Record<string, unknown>>;
  if (!first) return null;
  const query = primaryKey
    .map(
      (key) =>
        `${encodeURIComponent(key)}=${first[key] === null ? "is.null" : `eq.${encodeURIComponent(String(first[key]))}`}`,
    )
    .join("&");
  return `/${table}?${query}`;
}

function setPreferenceApplied(headers: Headers, request: ApiRequest, resolution: boolean): void {
  const applied = appliedPreferences(request, { resolution });
  if (applied) headers.set("Preference-Applied", applied);
}

const CONTENT_TYPES = {
  json: "application/json; charset=utf-8",
  single: "application/vnd.pgrst.object+json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

function setContentType(headers: Headers, request: ApiRequest): void {
  const { kind, stripNulls } = request.media;
  const type = stripNulls
    ? `application/vnd.pgrst.${kind === "single" ? "object" : "array"}+json;nulls=stripped; charset=utf-8`
    : CONTENT_TYPES[kind];
  headers.set("Content-Type", type);
  if (request.negotiatedByProfile) headers.set("Content-Profile", request.schema);
}

function formatBody(body: string | null): string {
  return body ?? "";
}

/** A function may set `response.status` and `response.headers` (a JSON array of one-key objects). */
function withGucOverrides(response: Response, row: ResultRow): Response {
  if (row.response_headers === null && row.response_status === null) return response;
  const headers = new Headers(response.headers);
  if (row.response_headers !== null) {
    const parsed = safeJson(row.response_headers);
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (item) =>
          typeof item === "object" &&
          item !== null &&
          Object.keys(item).length === 1 &&
          typeof Object.values(item)[0] === "string",
      );
    if (!valid)
      throw new RestError(
        500,
        "PGRST111",
        "response.headers guc must be a JSON array composed of objects with a single key and a string value",
      );
    for (const item of parsed as Array<Record<string, string>>) {
      for (const [name, value] of Object.entries(item)) headers.set(name, value);
    }
  }
  let status = response.status;
  if (row.response_status !== null) {
    status = Number(row.response_status);
    if (!Number.isInteger(status) || status < 100 || status > 599)
      throw new RestError(500, "PGRST112", "response.status guc must be a valid status code");
  }
  const body = status === 204 || status === 304 ? null : response.body;
  return new Response(body, { status, headers });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function withHeaders(error: RestError, headers: Headers): RestError {
  return new RestError(error.status, error.code, error.message, error.details, error.hint, {
    ...error.headers,
    ...Object.fromEntries(headers),
  });
}

import type pg from "pg";
import type { GatewayContext } from "./context.ts";
import type { Identity } from "./jwt.ts";

export interface RequestInfo {
  method: string;
  path: string;
  headers: Headers;
  /** The API schema the request targets; PostgREST puts it first on the search_path. */
  schema?: string;
  /** PostgREST runs reads (and calls of stable functions) in a read-only transaction. */
  readOnly?: boolean;
}

/** A statement with its bound values (none when they are written into the text as literals). */
export interface Statement {
  text: string;
  values: string[];
}

/** The request's first statement, sent with the transaction's set-up; `commit` ends the transaction with it. */
export interface FirstStatement {
  statement: Statement;
  commit: boolean;
}

/**
 * Runs `work` in one transaction as the request's role with its JWT claims, exactly as PostgREST
 * does (set_config(..., true) = SET LOCAL), so row-level security is enforced by Postgres itself.
 * With `first`, that statement goes in the same round trip as the set-up and `work` gets its result.
 * Rolls back when `work` throws or asks for it (PostgREST rolls back e.g. a failed .single()),
 * unless `first.commit` already committed: the caller's promise that its answer cannot depend on it.
 */
export async function withRequestTransaction<T>(
  ctx: GatewayContext,
  identity: Identity,
  request: RequestInfo,
  work: (client: pg.PoolClient, control: { rollback(): void }, first?: pg.QueryResult) => Promise<T>,
  first?: FirstStatement,
): Promise<T> {
  const client = await ctx.pool.connect();
  let rollbackOnly = false;
  let open = true;
  try {
    const started = await beginRequest(client, identity, request, first);
    open = !started.committed;
    const result = await work(
      client,
      {
        rollback: () => {
          rollbackOnly = true;
        },
      },
      started.result,
    );
    if (open) await client.query(rollbackOnly ? "rollback" : "commit");
    return result;
  } catch (error) {
    if (open) await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** PostgREST's per-request settings: set_config(..., true) = SET LOCAL, so they end with the transaction. */
const SETTINGS_SQL = `select set_config('search_path', $1, true), set_config('role', $2, true),
       set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
       set_config('request.path', $5, true), set_config('request.headers', $6, true),
       set_config('request.cookies', '{}', true),
       -- SET ROLE does not apply a role's own settings; PostgREST applies its statement_timeout.
       set_config('statement_timeout', coalesce(
         (select split_part(setting, '=', 2)
            from pg_db_role_setting, unnest(setconfig) as setting
           where setrole = $2::regrole and setting like 'statement_timeout=%' limit 1),
         current_setting('statement_timeout')), true)`;

/**
 * Opens the request's transaction, and runs `first` in it. BEGIN, the settings and `first` go in one
 * round trip (with `first.commit`, COMMIT too): a simple-protocol query may hold several statements
 * but takes no bound parameters, so the values go in as literals escaped by pg's escapeLiteral. A
 * value with a NUL byte cannot be a literal (the query text would end there); such a request binds
 * its values in separate round trips, and Postgres refuses the value as it always did.
 */
export async function beginRequest(
  client: pg.ClientBase,
  identity: Identity,
  request: RequestInfo,
  first?: FirstStatement,
): Promise<{ result?: pg.QueryResult; committed: boolean }> {
  const begin = request.readOnly ? "begin read only" : "begin";
  const values = [
    searchPath(request.schema),
    identity.role,
    JSON.stringify(identity.claims),
    request.method,
    request.path,
    JSON.stringify(headersForDatabase(request.headers)),
  ];
  if (values.some((value) => value.includes("\0"))) {
    await client.query(begin);
    await client.query(SETTINGS_SQL, values);
    return first ? runFirst(client, first) : { committed: false };
  }
  const settings = SETTINGS_SQL.replace(/\$([1-6])\b/g, (_, index: string) =>
    client.escapeLiteral(values[Number(index) - 1] as string),
  );
  if (!first) {
    await client.query(`${begin}; ${settings}`);
    return { committed: false };
  }
  if (first.statement.values.length) {
    await client.query(`${begin}; ${settings}`);
    return runFirst(client, first);
  }
  const commit = first.commit ? "; commit" : "";
  const results = (await client.query(
    `${begin}; ${settings}; ${first.statement.text}${commit}`,
  )) as unknown as pg.QueryResult[];
  return { result: results[2], committed: first.commit };
}

async function runFirst(client: pg.ClientBase, first: FirstStatement) {
  const result = await client.query(first.statement);
  if (first.commit) await client.query("commit");
  return { result, committed: first.commit };
}

function searchPath(schema: string | undefined): string {
  const extra = "public, extensions";
  if (!schema || schema === "public") return extra;
  return `"${schema.replaceAll('"', '""')}", ${extra}`;
}

function headersForDatabase(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name !== "cookie") result[name.toLowerCase()] = value;
  });
  return result;
}

import { createHash } from "node:crypto";
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

/**
 * A statement with its bound values (none when they are written into the text as literals). With
 * `name` (see `prepared`), it is prepared once per connection and its values are passed to EXECUTE.
 */
export interface Statement {
  text: string;
  values: string[];
  name?: string;
}

/**
 * A statement to prepare once per connection, as PostgREST prepares its statements: Postgres then
 * parses and plans its text once per connection instead of on every request. The name follows from
 * the text, so requests of the same shape share it whatever their values.
 */
export function prepared(text: string, values: string[]): Statement {
  return { text, values, name: `pgrst_${createHash("sha1").update(text).digest("hex").slice(0, 20)}` };
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
       -- SET ROLE does not apply a role's own settings, so PostgREST applies its statement_timeout.
       set_config('statement_timeout', coalesce(
         (select split_part(setting, '=', 2)
            from pg_db_role_setting, unnest(setconfig) as setting
           where setrole = $2::regrole and setting like 'statement_timeout=%' limit 1),
         current_setting('statement_timeout')), true)`;

/** The settings as a prepared statement: every request sends them. */
const SETTINGS = prepared(SETTINGS_SQL, []);

/**
 * The statements prepared on each connection. Prepared statements outlive a failed or rolled-back
 * transaction (they belong to the session); past MAX_PREPARED the connection drops them all and
 * starts afresh, so a long run of distinct requests cannot fill a backend's memory.
 */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();
const MAX_PREPARED = 200;
/** A connection whose prepared statements are not known (Postgres could not be asked): drop them all. */
const UNKNOWN = new Set<string>();

/**
 * Opens the request's transaction, and runs `first` in it. BEGIN, the settings and `first` go in one
 * round trip (with `first.commit`, COMMIT too): a simple-protocol query may hold several statements
 * but takes no bound parameters, so the values go in as literals escaped by pg's escapeLiteral, either
 * in the statement's text or as the arguments of EXECUTE for a prepared statement, whose PREPARE goes
 * in the same round trip the first time a connection sees it. Postgres types such a literal from its
 * context exactly as it types an untyped bound parameter. A value with a NUL byte cannot be a literal
 * (the query text would end there); such a request binds its values in separate round trips, and
 * Postgres refuses the value as it always did.
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
  const batch = new Batch(client);
  batch.add(begin);
  batch.run({ ...SETTINGS, values });
  const inline = first && !(first.statement.values.length && !first.statement.name);
  const index = inline ? batch.run(first.statement) : -1;
  if (inline && first.commit) batch.add("commit");
  const results = await batch.send();
  if (!first) return { committed: false };
  if (!inline) return runFirst(client, first);
  return { result: results[index], committed: first.commit };
}

/** Statements for one simple-protocol round trip, with the PREPAREs a connection has not seen yet. */
class Batch {
  private readonly prepares: string[] = [];
  private readonly statements: string[] = [];
  private readonly known: Set<string>;
  private readonly fresh: string[] = [];

  constructor(private readonly client: pg.ClientBase) {
    let known = preparedOn.get(client);
    if (!known || known === UNKNOWN || known.size >= MAX_PREPARED) {
      if (known) this.prepares.push("deallocate all");
      known = new Set();
      preparedOn.set(client, known);
    }
    this.known = known;
  }

  add(text: string): number {
    return this.statements.push(text) - 1;
  }

  /** Adds a statement (prepared, or with its values already in its text); returns where its result will be. */
  run(statement: Statement): number {
    const literals = statement.values.map((value) => this.client.escapeLiteral(value));
    if (!statement.name) return this.add(statement.text);
    if (!this.known.has(statement.name) && !this.fresh.includes(statement.name)) {
      this.prepares.push(`prepare ${statement.name} as ${statement.text}`);
      this.fresh.push(statement.name);
    }
    return this.add(`execute ${statement.name}${literals.length ? `(${literals.join(", ")})` : ""}`);
  }

  /** Sends the round trip; results are indexed as `add` and `run` returned, PREPAREs not counted. */
  async send(): Promise<pg.QueryResult[]> {
    const texts = [...this.prepares, ...this.statements];
    try {
      const results = (await this.client.query(texts.join("; "))) as unknown as
        | pg.QueryResult
        | pg.QueryResult[];
      for (const name of this.fresh) this.known.add(name);
      return Array.isArray(results) ? results.slice(this.prepares.length) : [results];
    } catch (error) {
      if (this.fresh.length) await this.learnPrepared();
      throw error;
    }
  }

  /**
   * After a failed round trip, which of its PREPAREs took effect: each one that ran before the
   * failure did, and stays. Asked of Postgres after ending the failed transaction.
   */
  private async learnPrepared(): Promise<void> {
    await this.client.query("rollback").catch(() => {});
    const found = await this.client
      .query<{ name: string }>("select name from pg_prepared_statements where name = any($1)", [this.fresh])
      .catch(() => null);
    if (!found) {
      preparedOn.set(this.client, UNKNOWN);
      return;
    }
    for (const { name } of found.rows) this.known.add(name);
  }
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

import pg from "pg";
import type { GatewayContext } from "../context.ts";
import { apiErrors } from "./errors.ts";

/**
 * The schema cache: the tables, views, columns, keys, foreign keys and functions of the exposed
 * schemas, read from pg_catalog. Every identifier in a request is checked against it, and it is
 * reloaded on `NOTIFY pgrst, 'reload schema'`, as PostgREST does.
 */

export interface Column {
  name: string;
  /** format_type() with an empty search_path: qualified unless in pg_catalog. */
  type: string;
  nullable: boolean;
  /** The default expression as Postgres prints it, used for `Prefer: missing=default`. */
  defaultExpression: string | null;
  isTsVector: boolean;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  columns: Map<string, Column>;
  primaryKey: string[];
  uniqueKeys: string[][];
}

export type Cardinality = "many-to-one" | "one-to-many" | "one-to-one" | "many-to-many";

export interface Junction {
  table: Table;
  sourceConstraint: string;
  targetConstraint: string;
  /** (junction column, origin column) pairs. */
  sourceColumns: Array<[string, string]>;
  /** (junction column, target column) pairs. */
  targetColumns: Array<[string, string]>;
}

export interface Relationship {
  table: Table;
  foreignTable: Table;
  cardinality: Cardinality;
  constraint: string;
  /** (origin column, foreign column) pairs; empty for many-to-many. */
  columns: Array<[string, string]>;
  junction?: Junction;
  isSelf: boolean;
}

export interface RoutineParam {
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  returns: "void" | "scalar" | "composite";
  /** The columns of a composite result (a table's row, a composite type or OUT/TABLE parameters). */
  resultColumns: Map<string, Column>;
  /** The table whose rows the function returns, for embedding from its result. */
  returnTable?: Table;
  volatility: "immutable" | "stable" | "volatile";
}

export class SchemaCache {
  constructor(
    readonly tables: Map<string, Table>,
    readonly relationships: Map<string, Relationship[]>,
    readonly routines: Map<string, Routine[]>,
  ) {}

  table(schema: string, name: string): Table | undefined {
    return this.tables.get(key(schema, name));
  }
  relationshipsFrom(table: Table): Relationship[] {
    return this.relationships.get(key(table.schema, table.name)) ?? [];
  }
  routinesNamed(schema: string, name: string): Routine[] {
    return this.routines.get(key(schema, name)) ?? [];
  }
  tableNames(schema: string): string[] {
    return [...this.tables.values()].filter((table) => table.schema === schema).map((table) => table.name);
  }
  routineNames(schema: string): string[] {
    return [...this.routines.values()]
      .flat()
      .filter((r) => r.schema === schema)
      .map((r) => r.name);
  }
}

const key = (schema: string, name: string) => `${schema}\u0000${name}`;

// Loading -------------------------------------------------------------------------------------

const TABLES_SQL = `
select n.nspname as schema, c.relname as name, c.relkind as kind,
       c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 8) = 8 as insertable,
       c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 4) = 4 as updatable,
       c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 16) = 16 as deletable,
       coalesce((
         select json_agg(json_build_object(
                  'name', a.attname,
                  'type', format_type(a.atttypid, a.atttypmod),
                  'nullable', not a.attnotnull,
                  'defaultExpression', pg_get_expr(d.adbin, d.adrelid),
                  'isTsVector', coalesce(nullif(t.typbasetype, 0), t.oid) = 'tsvector'::regtype
                ) order by a.attnum)
         from pg_attribute a
         join pg_type t on t.oid = a.atttypid
         left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       ), '[]') as columns,
       coalesce((
         select json_agg(json_build_object('primary', k.contype = 'p', 'columns', array(
                  select a.attname from unnest(k.conkey) with ordinality as u(attnum, position)
                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum
                  order by u.position)))
         from pg_constraint k where k.conrelid = c.oid and k.contype in ('p', 'u')
       ), '[]') as keys
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition`;

const FOREIGN_KEYS_SQL = `
select k.conname as name, sn.nspname as schema, sc.relname as table, tn.nspname as foreign_schema,
       tc.relname as foreign_table,
       array(select a.attname::text from unnest(k.conkey) with ordinality as u(attnum, position)
             join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.position) as columns,
       array(select a.attname::text from unnest(k.confkey) with ordinality as u(attnum, position)
             join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.position)
         as foreign_columns
from pg_constraint k
join pg_class sc on sc.oid = k.conrelid
join pg_namespace sn on sn.oid = sc.relnamespace
join pg_class tc on tc.oid = k.confrelid
join pg_namespace tn on tn.oid = tc.relnamespace
where k.contype = 'f' and k.conparentid = 0 and (sn.nspname = any($1) or tn.nspname = any($1))
order by k.conname`;

const ROUTINES_SQL = `
select n.nspname as schema, p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
       p.prorettype = 'void'::regtype as returns_void,
       rt.typtype = 'c' or p.prorettype = 'record'::regtype as returns_composite,
       rn.nspname as return_schema, rc.relname as return_relation,
       p.pronargs as arg_count, p.pronargdefaults as default_count,
       coalesce((
         select json_agg(json_build_object('name', coalesce(a.name, ''), 'type', format_type(a.type, null),
                                           'mode', coalesce(a.mode::text, 'i')) order by a.position)
         from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes)
              with ordinality as a(type, name, mode, position)
       ), '[]') as args,
       coalesce((
         select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
                         order by a.attnum)
         from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped
       ), '[]') as return_columns
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = any($1) and p.prokind = 'f'`;

interface TableRow {
  schema: string;
  name: string;
  kind: string;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  columns: Column[];
  keys: Array<{ primary: boolean; columns: string[] }>;
}

interface ForeignKeyRow {
  name: string;
  schema: string;
  table: string;
  foreign_schema: string;
  foreign_table: string;
  columns: string[];
  foreign_columns: string[];
}

interface RoutineRow {
  schema: string;
  name: string;
  volatility: "i" | "s" | "v";
  returns_set: boolean;
  returns_void: boolean;
  returns_composite: boolean;
  return_schema: string | null;
  return_relation: string | null;
  arg_count: number;
  default_count: number;
  args: Array<{ name: string; type: string; mode: string }>;
  return_columns: Array<{ name: string; type: string }>;
}

export async function loadSchemaCache(pool: pg.Pool, schemas: string[]): Promise<SchemaCache> {
  const client = await pool.connect();
  try {
    await client.query("begin read only");
    // An empty search_path makes format_type() qualify every type outside pg_catalog.
    await client.query("set local search_path = ''");
    const tables = (await client.query<TableRow>(TABLES_SQL, [schemas])).rows;
    const foreignKeys = (await client.query<ForeignKeyRow>(FOREIGN_KEYS_SQL, [schemas])).rows;
    const routines = (await client.query<RoutineRow>(ROUTINES_SQL, [schemas])).rows;
    await client.query("commit");
    return buildCache(tables, foreignKeys, routines);
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function buildCache(
  tableRows: TableRow[],
  foreignKeys: ForeignKeyRow[],
  routineRows: RoutineRow[],
): SchemaCache {
  const tables = new Map<string, Table>();
  for (const row of tableRows) {
    const primary = row.keys.find((k) => k.primary)?.columns ?? [];
    tables.set(key(row.schema, row.name), {
      schema: row.schema,
      name: row.name,
      isView: row.kind === "v" || row.kind === "m",
      insertable: row.insertable,
      updatable: row.updatable,
      deletable: row.deletable,
      columns: new Map(row.columns.map((column) => [column.name, column])),
      primaryKey: primary,
      uniqueKeys: row.keys.map((k) => k.columns),
    });
  }
  const relationships = new Map<string, Relationship[]>();
  const add = (relationship: Relationship) => {
    const origin = key(relationship.table.schema, relationship.table.name);
    relationships.set(origin, [...(relationships.get(origin) ?? []), relationship]);
  };
  const direct = foreignKeys.flatMap((fk) => directRelationships(tables, fk));
  for (const relationship of direct) add(relationship);
  for (const relationship of manyToMany(direct)) add(relationship);

  const routines = new Map<string, Routine[]>();
  for (const row of routineRows) {
    const routine = toRoutine(row, tables);
    const routineKey = key(routine.schema, routine.name);
    routines.set(routineKey, [...(routines.get(routineKey) ?? []), routine]);
  }
  return new SchemaCache(tables, relationships, routines);
}

const sameColumns = (a: string[], b: string[]) =>
  a.length === b.length && a.every((column) => b.includes(column));

/** A foreign key seen from both ends: many-to-one and one-to-many, or one-to-one when its columns are unique. */
function directRelationships(tables: Map<string, Table>, fk: ForeignKeyRow): Relationship[] {
  const table = tables.get(key(fk.schema, fk.table));
  const foreignTable = tables.get(key(fk.foreign_schema, fk.foreign_table));
  if (!table || !foreignTable) return [];
  const pairs = fk.columns.map((column, i) => [column, fk.foreign_columns[i] as string] as [string, string]);
  const isUnique = table.uniqueKeys.some((unique) => sameColumns(unique, fk.columns));
  const isSelf = table === foreignTable;
  return [
    {
      table,
      foreignTable,
      cardinality: isUnique ? "one-to-one" : "many-to-one",
      constraint: fk.name,
      columns: pairs,
      isSelf,
    },
    {
      table: foreignTable,
      foreignTable: table,
      cardinality: isUnique ? "one-to-one" : "one-to-many",
      constraint: fk.name,
      columns: pairs.map(([a, b]) => [b, a]),
      isSelf,
    },
  ];
}

/** A table with foreign keys to two tables, whose columns are all in its primary key, joins them. */
function manyToMany(direct: Relationship[]): Relationship[] {
  const result: Relationship[] = [];
  const fromJunction = direct.filter(
    (r) => r.cardinality === "many-to-one" || r.cardinality === "one-to-one",
  );
  const byJunction = new Map<Table, Relationship[]>();
  for (const r of fromJunction) {
    if (r.table.columns.size === 0) continue;
    byJunction.set(r.table, [...(byJunction.get(r.table) ?? []), r]);
  }
  for (const [junction, outgoing] of byJunction) {
    const keyColumns = new Set(junction.primaryKey);
    const inKey = outgoing.filter((r) => r.columns.every(([column]) => keyColumns.has(column)));
    for (const source of inKey) {
      for (const target of inKey) {
        if (source === target) continue;
        result.push({
          table: source.foreignTable,
          foreignTable: target.foreignTable,
          cardinality: "many-to-many",
          constraint: target.constraint,
          columns: [],
          junction: {
            table: junction,
            sourceConstraint: source.constraint,
            targetConstraint: target.constraint,
            sourceColumns: source.columns,
            targetColumns: target.columns,
          },
          isSelf: source.foreignTable === target.foreignTable,
        });
      }
    }
  }
  return result;
}

const VOLATILITY = { i: "immutable", s: "stable", v: "volatile" } as const;
const INPUT_MODES = new Set(["i", "b", "v"]);
const OUTPUT_MODES = new Set(["o", "b", "t"]);

function toRoutine(row: RoutineRow, tables: Map<string, Table>): Routine {
  const inputs = row.args.filter((arg) => INPUT_MODES.has(arg.mode));
  const requiredCount = row.arg_count - row.default_count;
  const outputs = row.args.filter((arg) => OUTPUT_MODES.has(arg.mode));
  const resultColumns = outputs.length ? outputs : row.return_columns;
  const returnTable =
    row.return_schema && row.return_relation
      ? tables.get(key(row.return_schema, row.return_relation))
      : undefined;
  return {
    schema: row.schema,
    name: row.name,
    params: inputs.map((arg, index) => ({
      name: arg.name,
      type: widenedType(arg.type),
      required: index < requiredCount,
      variadic: arg.mode === "v",
    })),
    returnsSet: row.returns_set,
    returns: row.returns_void ? "void" : row.returns_composite || outputs.length > 1 ? "composite" : "scalar",
    resultColumns: new Map(
      resultColumns.map((column) => [
        column.name,
        { name: column.name, type: column.type, nullable: true, defaultExpression: null, isTsVector: false },
      ]),
    ),
    returnTable,
    volatility: VOLATILITY[row.volatility],
  };
}

/** Like PostgREST: a `character`/`bit` argument accepts any length instead of truncating. */
function widenedType(type: string): string {
  return type.replace(/^(character|bit)(\[\])?$/, "$1 varying$2");
}

// Holder with LISTEN-driven reloads -------------------------------------------------------------

const RECONNECT_DELAY_MS = 1_000;

/**
 * Keeps the current cache and a LISTEN connection on channel `pgrst`. The listener stops with
 * the gateway's pool; until a reload finishes, requests keep using the previous cache.
 */
export class SchemaCacheHolder {
  private current: Promise<SchemaCache> | null = null;
  private listener: pg.Client | null = null;
  private watchdog: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: GatewayContext) {}

  async get(): Promise<SchemaCache> {
    this.listen();
    if (!this.current) this.current = loadSchemaCache(this.ctx.pool, this.ctx.exposedSchemas);
    try {
      return await this.current;
    } catch (error) {
      this.current = null;
      this.ctx.log(`schema cache: load failed: ${error instanceof Error ? error.message : String(error)}`);
      throw apiErrors.schemaCacheUnavailable();
    }
  }

  /** Loads a fresh cache and swaps it in once it is ready. */
  async reload(): Promise<void> {
    try {
      const next = await loadSchemaCache(this.ctx.pool, this.ctx.exposedSchemas);
      this.current = Promise.resolve(next);
      this.ctx.log("schema cache reloaded");
    } catch (error) {
      this.ctx.log(`schema cache: reload failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private listen(): void {
    if (this.listener || this.ctx.pool.ending) return;
    const client = new pg.Client({ connectionString: this.ctx.databaseUrl });
    this.listener = client;
    client.on("notification", (message) => {
      if (message.channel === "pgrst" && (message.payload === "reload schema" || !message.payload)) {
        void this.reload();
      }
    });
    client.on("error", () => this.reconnectLater(client));
    client.on("end", () => this.reconnectLater(client));
    client
      .connect()
      .then(() => client.query("listen pgrst"))
      .then(() => this.unref(client))
      .catch(() => this.reconnectLater(client));
    this.watchdog ??= setInterval(() => {
      if (this.ctx.pool.ending) this.stop();
    }, RECONNECT_DELAY_MS).unref();
  }

  /** A lost listener may have missed notifications: reconnect, then reload, as PostgREST does. */
  private reconnectLater(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = null;
    client.end().catch(() => {});
    if (this.ctx.pool.ending) return;
    setTimeout(() => {
      if (this.ctx.pool.ending || this.listener) return;
      this.listen();
      void this.reload();
    }, RECONNECT_DELAY_MS).unref();
  }

  /** The listener alone must not keep the process alive. */
  private unref(client: pg.Client): void {
    const stream = (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection
      ?.stream;
    stream?.unref?.();
  }

  private stop(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    const client = this.listener;
    this.listener = null;
    client?.end().catch(() => {});
  }
}

import type pg from "pg";

/** Supabase's default `max_rows`: no read returns more rows than this, embeds included. */
export const MAX_ROWS = 1000;

/**
 * PostgREST's in-database configuration: the `pgrst.*` settings of the role it connects as
 * (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`), read at start and on
 * `notify pgrst, 'reload config'`, a database-specific setting winning over a role-wide one. The
 * settings the local stack honours are below; where hosted Supabase sets a value, that is the default.
 */
export interface RestConfig {
  /** db-schemas: the exposed schemas, the first being the default profile. */
  schemas: string[];
  /** db-aggregates-enabled: off in PostgREST and on hosted Supabase until a project enables it. */
  aggregatesEnabled: boolean;
  /** db-max-rows: hosted Supabase's API settings default to 1000. */
  maxRows: number | null;
  /** db-tx-end: commit, and no `Prefer: tx=rollback`, unless the database allows it. */
  txEnd: TxEnd;
}

const TX_ENDS = ["commit", "commit-allow-override", "rollback", "rollback-allow-override"] as const;
export type TxEnd = (typeof TX_ENDS)[number];

/** The role whose settings PostgREST reads: the one it logs in as. */
export const AUTHENTICATOR_ROLE = "authenticator";

/** PostgREST's own query (src/PostgREST/Config/Database.hs), for a named role instead of current_user. */
const SETTINGS_SQL = `
with role_setting as (
  select setdatabase as database, unnest(setconfig) as setting
  from pg_catalog.pg_db_role_setting
  where setrole = (select oid from pg_catalog.pg_roles where rolname = $1)
    and setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
),
kv_settings as (
  select database, substr(setting, 1, strpos(setting, '=') - 1) as k, substr(setting, strpos(setting, '=') + 1) as v
  from role_setting
  where setting like 'pgrst.%'
)
select distinct on (key) replace(k, 'pgrst.', '') as key, v as value
from kv_settings
order by key, database desc`;

export function defaultRestConfig(exposedSchemas: string[]): RestConfig {
  return { schemas: exposedSchemas, aggregatesEnabled: false, maxRows: MAX_ROWS, txEnd: "commit" };
}

export async function loadRestConfig(
  client: pg.ClientBase,
  defaults: RestConfig,
  role: string = AUTHENTICATOR_ROLE,
): Promise<RestConfig> {
  const { rows } = await client.query<{ key: string; value: string }>(SETTINGS_SQL, [role]);
  return applySettings(defaults, new Map(rows.map((row) => [row.key, row.value])));
}

/** The defaults overridden by the settings PostgREST would accept; a malformed value keeps the default. */
export function applySettings(defaults: RestConfig, settings: Map<string, string>): RestConfig {
  const schemas = settings.get("db_schemas");
  const aggregates = settings.get("db_aggregates_enabled");
  const maxRows = settings.get("db_max_rows");
  const txEnd = settings.get("db_tx_end")?.trim();
  return {
    schemas: schemas === undefined ? defaults.schemas : parseSchemaList(schemas) || defaults.schemas,
    aggregatesEnabled: aggregates === undefined ? defaults.aggregatesEnabled : parseBoolean(aggregates),
    maxRows: maxRows === undefined ? defaults.maxRows : parseMaxRows(maxRows, defaults.maxRows),
    txEnd: TX_ENDS.find((end) => end === txEnd) ?? defaults.txEnd,
  };
}

/** `'public, personal'`: comma-separated, blanks around names ignored (PostgREST's splitOnCommas). */
function parseSchemaList(value: string): string[] | null {
  const schemas = value
    .split(",")
    .map((schema) => schema.trim())
    .filter(Boolean);
  return schemas.length ? schemas : null;
}

/** PostgREST's boolean reader accepts true/false, on/off, yes/no and 1/0, case-blind. */
function parseBoolean(value: string): boolean {
  return ["true", "on", "yes", "1"].includes(value.trim().toLowerCase());
}

function parseMaxRows(value: string, fallback: number | null): number | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  const rows = Number(trimmed);
  return Number.isInteger(rows) && rows >= 0 ? rows : fallback;
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
const BOOTSTRAP_DIR = path.join(ROOT, "devstack", "bootstrap");
export const MIGRATIONS_DIR = path.join(ROOT, "supabase", "migrations");
const SEED_FILE = path.join(ROOT, "supabase", "seed.sql");

/** A migration (or bootstrap file) that Postgres refused; the database is left as it was before it. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly postgresMessage: string,
  ) {
    super(`${path.relative(ROOT, file)} failed: ${postgresMessage}`);
  }
}

export interface PrepareResult {
  applied: string[];
  seeded: boolean;
}

/** Bootstrap, then every pending migration in order, then the seed on a database that had none. */
export async function prepareDatabase(url: string, options: { seed: boolean }): Promise<PrepareResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const file of sqlFiles(BOOTSTRAP_DIR)) await runInTransaction(client, file, () => Promise.resolve());
    const isNew = !(await hasMigrationHistory(client));
    const applied = await applyMigrations(client);
    const seeded = options.seed && isNew;
    if (seeded) await runInTransaction(client, SEED_FILE, () => Promise.resolve());
    // Tells a running PostgREST-compatible gateway to reload its schema cache, as PostgREST does.
    await client.query("notify pgrst, 'reload schema'");
    return { applied, seeded };
  } finally {
    await client.end();
  }
}

/**
 * Records migrations in supabase_migrations.schema_migrations exactly as the Supabase CLI does, so
 * `supabase db push` and `supabase migration list` agree with what ran here.
 */
async function applyMigrations(client: pg.Client): Promise<string[]> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key,
      statements text[],
      name text
    );`);
  const done = new Set(
    (
      await client.query<{ version: string }>("select version from supabase_migrations.schema_migrations")
    ).rows.map((row) => row.version),
  );
  const applied: string[] = [];
  for (const file of sqlFiles(MIGRATIONS_DIR)) {
    const match = /^(\d+)_(.+)\.sql$/.exec(path.basename(file));
    if (!match) continue;
    const [, version, name] = match as unknown as [string, string, string];
    if (done.has(version)) continue;
    await runInTransaction(client, file, async (sql) => {
      await client.query(
        "insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)",
        [version, [sql], name],
      );
    });
    applied.push(path.basename(file));
  }
  return applied;
}

async function hasMigrationHistory(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as present",
  );
  if (!rows[0]?.present) return false;
  const count = await client.query("select 1 from supabase_migrations.schema_migrations limit 1");
  return (count.rowCount ?? 0) > 0;
}

async function runInTransaction(
  client: pg.Client,
  file: string,
  record: (sql: string) => Promise<void>,
): Promise<void> {
  const sql = readFileSync(file, "utf8");
  await client.query("begin");
  try {
    await client.query(sql);
    await record(sql);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw new MigrationError(file, error instanceof Error ? error.message : String(error));
  }
}

function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => path.join(dir, name));
}

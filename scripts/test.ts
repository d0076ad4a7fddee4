import path from "node:path";
import pg from "pg";
import { embeddedExtensionDir } from "../devstack/postgres.ts";
import { ROOT, startStack } from "../devstack/stack.ts";
import { run } from "./run.ts";
import { ensureCommand, ensurePgTap } from "./system-deps.ts";

/**
 * `npm test` after the static checks: one throwaway Postgres and gateway for the whole suite —
 * pgTAP through pg_prove, then every Vitest project (unit, integration, browser) against it.
 */
async function main(): Promise<number> {
  ensureCommand("psql", "postgresql-client");
  ensureCommand("pg_prove", "libtap-parser-sourcehandler-pgtap-perl");
  ensurePgTap(embeddedExtensionDir());

  const started = Date.now();
  const stack = await startStack({ mode: "test" });
  console.log(
    `Test stack up in ${Date.now() - started} ms: ${stack.supabaseUrl} (Postgres ${redacted(stack.databaseUrl)})`,
  );
  try {
    const results: Record<string, number> = {};
    results.pgtap = await runPgTap(stack.databaseUrl);
    const env = { ...process.env, STUDYMAP_TEST_STACK: JSON.stringify(stack) };
    results.vitest = await run("npx", ["vitest", "run", ...process.argv.slice(2)], env);
    const failed = Object.entries(results).filter(([, code]) => code !== 0);
    console.log(
      failed.length ? `Failed suites: ${failed.map(([name]) => name).join(", ")}` : "All test suites passed.",
    );
    return failed.length ? 1 : 0;
  } finally {
    await stack.stop();
  }
}

async function runPgTap(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("create extension if not exists pgtap with schema extensions");
  await client.end();
  const url = new URL(databaseUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port,
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: url.pathname.slice(1),
  };
  return run(
    "pg_prove",
    ["--ext", ".sql", "--recurse", "--failures", path.join(ROOT, "supabase", "tests")],
    env,
  );
}

function redacted(url: string): string {
  return url.replace(/:[^:@/]*@/, ":***@");
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { type StackInfo, startStack } from "../../../devstack/stack.ts";
import { externalStack } from "../../../scripts/external-stack.ts";

const PEER_ROOT = path.resolve(import.meta.dirname, "..");

/**
 * The peer suites (Supabase's own client tests, vendored under tests/peer/<client>/) run against a
 * throwaway stack of their own, never the one the product's tests share: their seeds add users,
 * buckets with fixed ids and table-wide storage policies, and they leave their buckets behind, as they
 * do against `supabase start`. With an external stack named (scripts/external-stack.ts) they run
 * against it instead, so the same tests check the real services.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = externalStack(process.env);
  const running = external ? null : await startStack({ mode: "test", seed: false });
  const stack: StackInfo = external ?? withoutStop(running);
  try {
    await applySeeds(stack.databaseUrl);
  } catch (error) {
    await running?.stop();
    throw error;
  }
  project.provide("stack", stack);
  return running ? () => running.stop() : undefined;
}

function withoutStop(running: Awaited<ReturnType<typeof startStack>> | null): StackInfo {
  if (!running) throw new Error("no stack");
  const { stop: _stop, smtpUrl: _smtp, seeded: _seeded, ...info } = running;
  return info;
}

/**
 * Each suite's fixtures, in this order when present: `schema.sql` (upstream's migration), `seed.sql`
 * (upstream's seed) and `config.sql` (the settings upstream's config.toml gives the CLI's services,
 * as in-database configuration). A database that already holds a suite's objects or rows (an external
 * stack tested before) answers a duplicate error, and that suite is left as it is.
 */
const SUITE_FILES = ["schema.sql", "seed.sql", "config.sql"];

async function applySeeds(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const suite of readdirSync(PEER_ROOT, { withFileTypes: true })) {
      if (!suite.isDirectory()) continue;
      const files = SUITE_FILES.map((file) => path.join(PEER_ROOT, suite.name, file)).filter(existsSync);
      if (files.length)
        await applySuite(
          client,
          files.map((file) => readFileSync(file, "utf8")),
        );
    }
  } finally {
    await client.end();
  }
}

/** Already there: unique violation (a seed's rows), duplicate table/object/function/schema. */
const ALREADY_APPLIED = new Set(["23505", "42P07", "42710", "42723", "42P06"]);

/**
 * Supabase CLI's databases grant the API roles everything on what is created in `public` (the local
 * stack does not, as newer hosted projects do not), and upstream's schemas count on it: the grant is
 * made for the objects a suite creates, and taken back before the product's objects could get it.
 */
const CLI_DEFAULT_PRIVILEGES = ["tables", "sequences", "functions"].map(
  (kind) =>
    `alter default privileges in schema public grant all on ${kind} to anon, authenticated, service_role`,
);
const REVOKE_CLI_DEFAULT_PRIVILEGES = CLI_DEFAULT_PRIVILEGES.map((grant) =>
  grant.replace(" grant all ", " revoke all ").replace(" to ", " from "),
);

async function applySuite(client: pg.Client, scripts: string[]): Promise<void> {
  await client.query("begin");
  try {
    // Upstream seeds call crypt() and gen_salt() unqualified; Supabase keeps pgcrypto in `extensions`.
    await client.query("set local search_path = public, extensions");
    for (const grant of CLI_DEFAULT_PRIVILEGES) await client.query(grant);
    for (const script of scripts) await client.query(script);
    for (const revoke of REVOKE_CLI_DEFAULT_PRIVILEGES) await client.query(revoke);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    if (!ALREADY_APPLIED.has((error as { code?: string }).code ?? "")) throw error;
  }
}

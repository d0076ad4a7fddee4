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
 * Each suite's seed.sql (its upstream fixtures). A database that already holds a seed's rows (an
 * external stack tested before) answers a unique violation, and that seed is left as it is.
 */
async function applySeeds(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const suite of readdirSync(PEER_ROOT, { withFileTypes: true })) {
      const seedFile = path.join(PEER_ROOT, suite.name, "seed.sql");
      if (suite.isDirectory() && existsSync(seedFile))
        await applySeed(client, readFileSync(seedFile, "utf8"));
    }
  } finally {
    await client.end();
  }
}

async function applySeed(client: pg.Client, sql: string): Promise<void> {
  await client.query("begin");
  try {
    // Upstream seeds call crypt() and gen_salt() unqualified; Supabase keeps pgcrypto in `extensions`.
    await client.query("set local search_path = public, extensions");
    await client.query(sql);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    if ((error as { code?: string }).code !== "23505") throw error;
  }
}

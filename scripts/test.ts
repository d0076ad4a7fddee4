import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { embeddedExtensionDir } from "../devstack/postgres.ts";
import { ROOT, type StackInfo, startStack } from "../devstack/stack.ts";
import { externalStack } from "./external-stack.ts";
import { run } from "./run.ts";
import { ensureCommand, ensurePgTap, ensureSpeechTools } from "./system-deps.ts";

interface Tally {
  passed: number;
  failed: number;
}

/**
 * `npm test` after the static checks: one throwaway Postgres and gateway for the whole suite —
 * pgTAP through pg_prove, then every Vitest project (unit, components, integration, e2e) against it.
 * Extra arguments go to Vitest (e.g. `npx tsx scripts/test.ts --project unit`).
 */
async function main(): Promise<number> {
  ensureCommand("psql", "postgresql-client");
  ensureCommand("pg_prove", "libtap-parser-sourcehandler-pgtap-perl");
  // Scanned PDF pages are rendered with pdftoppm before text recognition (trigger/generation/ingest/ocr.ts).
  ensureCommand("pdftoppm", "poppler-utils");
  // Episodes are rendered offline by eSpeak NG and encoded by LAME when no speech provider is configured.
  ensureSpeechTools();
  ensurePgTap(embeddedExtensionDir());
  if (hasBrowserTests()) ensureCommand("chromium", "chromium");

  const started = Date.now();
  // STUDYMAP_TEST_DATABASE_URL and friends (scripts/external-stack.ts) name a stack to test instead.
  const external = externalStack(process.env);
  const running = external ? null : await startStack({ mode: "test" });
  const stack: StackInfo = external ?? stripStop(running);
  console.log(
    external
      ? `Testing the external stack at ${stack.supabaseUrl}`
      : `Test stack up in ${Date.now() - started} ms: gateway ${stack.supabaseUrl}`,
  );
  const reportDir = mkdtempSync(path.join(tmpdir(), "studymap-report-"));
  try {
    const pgtap = await runPgTap(stack.databaseUrl);
    const env = { ...process.env, STUDYMAP_TEST_STACK: JSON.stringify(stack) };
    const report = path.join(reportDir, "vitest.json");
    const vitest = await run(
      "npx",
      [
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${report}`,
        ...process.argv.slice(2),
      ],
      env,
    );
    const total = add(pgtap.tally, vitestTally(report, vitest.code));
    // The report counts too: a failure must fail the run even if a tool exits 0 (e.g. a server teardown).
    const ok = pgtap.code === 0 && vitest.code === 0 && total.failed === 0;
    console.log(`\npgTAP ${pgtap.tally.passed} passed, ${pgtap.tally.failed} failed; Vitest see above.`);
    console.log(`${total.passed} passed, ${total.failed} failed`);
    return ok ? 0 : 1;
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
    await running?.stop();
  }
}

function stripStop(running: Awaited<ReturnType<typeof startStack>> | null): StackInfo {
  if (!running) throw new Error("no stack");
  const { stop: _stop, ...info } = running;
  return info;
}

async function runPgTap(databaseUrl: string): Promise<{ code: number; tally: Tally }> {
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
  const result = await run(
    "pg_prove",
    ["--ext", ".sql", "--recurse", path.join(ROOT, "supabase", "tests")],
    env,
  );
  return { code: result.code, tally: pgTapTally(result.output, result.code) };
}

/** pg_prove's summary: "Files=N, Tests=T" and, on failure, "Failed F/T subtests". */
function pgTapTally(output: string, code: number): Tally {
  const tests = Number(/Tests=(\d+)/.exec(output)?.[1] ?? 0);
  const failed = [...output.matchAll(/Failed (\d+)\/\d+ subtests/g)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
  return { passed: tests - failed, failed: code !== 0 && failed === 0 ? 1 : failed };
}

/** A suite that fails to load counts no failed test in the report, so the exit code counts as one. */
function vitestTally(reportFile: string, code: number): Tally {
  if (!existsSync(reportFile)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  const failed = code !== 0 && report.numFailedTests === 0 ? 1 : report.numFailedTests;
  return { passed: report.numPassedTests, failed };
}

function add(a: Tally, b: Tally): Tally {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed };
}

function hasBrowserTests(): boolean {
  const dir = path.join(ROOT, "e2e");
  return (
    existsSync(dir) && readdirSync(dir, { recursive: true }).some((file) => String(file).endsWith(".test.ts"))
  );
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

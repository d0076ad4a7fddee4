/**
 * Benchmark of a typical /rest/v1 read: a list of topics with their subject embedded.
 *
 *   npm run bench:gateway [-- --seconds 10 --rounds 3 --runs 200]
 *
 * Starts a throwaway stack, seeds rows (the product's tables when the migrations have them, else
 * a small schema of its own), then, in `--rounds` rounds, side by side:
 *   - the median of one request at a time through the gateway, sent by a client in its own process
 *     (bench/gateway-client.ts), so client work never shares the gateway's event loop,
 *   - the median of the statement PostgREST would run for it (the gateway's SQL with bound values),
 *     directly on Postgres through `pg` from the same client process, alternating request and
 *     statement (same role and JWT claims, so the same row-level security), sent once as an
 *     unnamed statement and once as a prepared one (the gateway prepares repeated reads), and the
 *     gateway's trivial GET /health as the floor of HTTP and middleware alone,
 * and their ratio: what HTTP, JWT checks and the per-request transaction cost on top of the SQL.
 * Then requests/s and p50/p95 under load at 10 and 50 connections (autocannon, in its own process).
 * Every figure is the median over the rounds. Figures only; nothing is asserted.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { SignJWT } from "jose";
import pg from "pg";
import { AUTH_USER_FILLERS } from "../devstack/gateway/auth/users.ts";
import { createPool, type GatewayContext } from "../devstack/gateway/context.ts";
import { startGateway } from "../devstack/gateway/index.ts";
import { mainStatement } from "../devstack/gateway/rest/execute.ts";
import { buildPlan } from "../devstack/gateway/rest/plan.ts";
import { parseApiRequest } from "../devstack/gateway/rest/request.ts";
import { loadSchemaCache } from "../devstack/gateway/rest/schema-cache.ts";
import { LOCAL_GENERATION_GRANT_SECRET, LOCAL_TRIGGER_SECRET_KEY, projectKeys } from "../devstack/keys.ts";
import { freePort } from "../devstack/postgres.ts";
import { startStack } from "../devstack/stack.ts";

import { type Direct, median } from "./gateway-client.ts";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    runs: { type: "string", default: "200" },
  },
});

const TOPICS = 200;
const PAGE = 50;

interface Scenario {
  name: string;
  schema: string;
  path: string;
  role: "authenticated" | "anon";
  claims: Record<string, unknown>;
}

async function main(): Promise<void> {
  const stack = await startStack({ mode: "test" });
  const admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  const pool = createPool(stack.databaseUrl);
  try {
    const scenario = (await seedProductTables(admin)) ?? (await seedOwnSchema(admin));
    const keys = await projectKeys(stack.jwtSecret);
    const token =
      scenario.role === "anon"
        ? keys.anonKey
        : await new SignJWT(scenario.claims)
            .setProtectedHeader({ alg: "HS256", typ: "JWT" })
            .setExpirationTime("2h")
            .sign(new TextEncoder().encode(keys.jwtSecret));
    const port = await freePort();
    const ctx: GatewayContext = {
      pool,
      databaseUrl: stack.databaseUrl,
      exposedSchemas: [scenario.schema],
      keys,
      publicUrl: `http://127.0.0.1:${port}`,
      siteUrl: stack.siteUrl,
      stateDir: stack.stateDir,
      env: {
        TRIGGER_SECRET_KEY: LOCAL_TRIGGER_SECRET_KEY,
        GENERATION_GRANT_SECRET: LOCAL_GENERATION_GRANT_SECRET,
      },
      log: () => {},
    };
    const gateway = await startGateway(ctx, port);
    const url = `${gateway.url}/rest/v1/${scenario.path}`;
    const headers = {
      apikey: keys.anonKey,
      Authorization: `Bearer ${token}`,
      "Accept-Profile": scenario.schema,
      "X-Client-Info": "bench",
    };
    try {
      const check = await fetch(url, { headers });
      const rows = (await check.json()) as unknown[];
      if (!check.ok || rows.length !== PAGE)
        throw new Error(`unexpected answer ${check.status}: ${JSON.stringify(rows).slice(0, 300)}`);

      const runs = Number(args.runs);
      const rounds = Number(args.rounds);
      const direct = JSON.stringify(await directStatement(stack.databaseUrl, pool, scenario, url, headers));
      const single: { gateway: number; sql: number; prepared: number; floor: number }[] = [];
      for (let round = 0; round < rounds; round++) {
        const { gatewayMs, sqlMs, preparedMs, floorMs } = await client<{
          gatewayMs: number;
          sqlMs: number;
          preparedMs: number;
          floorMs: number;
        }>(["single", String(runs), url, JSON.stringify(headers), direct, `${gateway.url}/health`]);
        single.push({ gateway: gatewayMs, sql: sqlMs, prepared: preparedMs, floor: floorMs });
      }
      const loads = [];
      for (const connections of [10, 50]) {
        const results = [];
        for (let round = 0; round < rounds; round++) {
          results.push(
            await client<Load>([
              "load",
              String(connections),
              String(args.seconds),
              url,
              JSON.stringify(headers),
            ]),
          );
        }
        loads.push({ connections, results });
      }

      console.log(`\nGET /rest/v1/${scenario.path}`);
      console.log(
        `scenario: ${scenario.name}; ${PAGE} of ${TOPICS} rows per response, role ${scenario.role}`,
      );
      console.log(`one request at a time, median of ${runs} per round, ${rounds} rounds:`);
      for (const [index, round] of single.entries()) {
        console.log(
          `  round ${index + 1}: gateway ${round.gateway.toFixed(2)} ms, same SQL on pg ${round.sql.toFixed(2)} ms (prepared ${round.prepared.toFixed(2)} ms), GET /health ${round.floor.toFixed(2)} ms, ratio ${(round.gateway / round.sql).toFixed(2)} (to prepared ${(round.gateway / round.prepared).toFixed(2)})`,
        );
      }
      console.log(
        `  median: gateway ${median(single.map((r) => r.gateway)).toFixed(2)} ms, SQL ${median(single.map((r) => r.sql)).toFixed(2)} ms, ratio gateway / statement alone ${median(single.map((r) => r.gateway / r.sql)).toFixed(2)}`,
      );
      console.log(
        `  statement prepared ${median(single.map((r) => r.prepared)).toFixed(2)} ms, ratio gateway / prepared statement ${median(single.map((r) => r.gateway / r.prepared)).toFixed(2)}; floor GET /health ${median(single.map((r) => r.floor)).toFixed(2)} ms`,
      );
      for (const { connections, results } of loads) {
        console.log(
          `load, ${connections} connections, ${args.seconds} s, median of ${rounds}: ${median(results.map((r) => r.rps)).toFixed(0)} requests/s, p50 ${median(results.map((r) => r.p50)).toFixed(2)} ms, p95 ${median(results.map((r) => r.p95)).toFixed(2)} ms, ${results.reduce((sum, r) => sum + r.failed, 0)} failed`,
        );
      }
    } finally {
      await gateway.stop();
    }
  } finally {
    await pool.end();
    await admin.end();
    await stack.stop();
  }
}

/** The product's own tables, read by an admin of the entity that owns the topics (RLS applies). */
async function seedProductTables(admin: pg.Client): Promise<Scenario | null> {
  const present = await admin.query(
    "select to_regclass('public.topics') is not null and to_regclass('public.subjects') is not null as ok",
  );
  if (!present.rows[0]?.ok) return null;
  const userId = randomUUID();
  const entityId = randomUUID();
  try {
    await admin.query("begin");
    await admin.query(
      `insert into auth.users (id, email, aud, role, email_confirmed_at, ${AUTH_USER_FILLERS.columns})
       values ($1, $2, 'authenticated', 'authenticated', now(), ${AUTH_USER_FILLERS.values})`,
      [userId, `bench-${userId}@studymap.test`],
    );
    await admin.query("insert into public.core_entities (id, name) values ($1, 'Bench school')", [entityId]);
    await admin.query(
      "insert into public.core_memberships (entity_id, user_id, member_role, status) values ($1, $2, 'admin', 'active')",
      [entityId, userId],
    );
    await admin.query(
      `with subjects as (
         insert into public.subjects (title) select 'Bench subject ' || i || ' ' || $3 from generate_series(1, 10) i
         returning id)
       insert into public.topics (entity_id, created_by, title, level, subject_id, visibility, created_at)
       select $1, $2, 'Bench topic ' || i, 'A2', (select array_agg(id) from subjects)[1 + i % 10], 'entity',
              now() - i * interval '1 minute'
       from generate_series(1, ${TOPICS}) i`,
      [entityId, userId, entityId],
    );
    await admin.query("commit");
  } catch (error) {
    await admin.query("rollback");
    console.log(
      `product tables present but not seedable (${(error as Error).message}); using the bench schema`,
    );
    return null;
  }
  return {
    name: "product tables (public.topics → public.subjects)",
    schema: "public",
    path: `topics?select=id,title,level,created_at,subject:subjects(title)&order=created_at.desc&limit=${PAGE}`,
    role: "authenticated",
    claims: {
      sub: userId,
      role: "authenticated",
      aud: "authenticated",
      email: `bench-${userId}@studymap.test`,
    },
  };
}

/** Without the product's migrations: topics and subjects of its own, readable by anon under RLS. */
async function seedOwnSchema(admin: pg.Client): Promise<Scenario> {
  await admin.query(`
    drop schema if exists rest_bench cascade;
    create schema rest_bench;
    grant usage on schema rest_bench to anon, authenticated, service_role;
    create table rest_bench.subjects (id bigint generated always as identity primary key, title text not null);
    create table rest_bench.topics (
      id bigint generated always as identity primary key,
      title text not null,
      level text,
      subject_id bigint references rest_bench.subjects (id),
      published boolean not null default true,
      created_at timestamptz not null default now()
    );
    create index on rest_bench.topics (subject_id);
    grant select on all tables in schema rest_bench to anon, authenticated;
    alter table rest_bench.topics enable row level security;
    create policy "Published topics are readable" on rest_bench.topics for select using (published);
    insert into rest_bench.subjects (title) select 'Subject ' || i from generate_series(1, 10) i;
    insert into rest_bench.topics (title, level, subject_id, created_at)
      select 'Topic ' || i, 'A2', 1 + i % 10, now() - i * interval '1 minute' from generate_series(1, ${TOPICS}) i;
    analyze rest_bench.subjects, rest_bench.topics;`);
  return {
    name: "bench schema (rest_bench.topics → rest_bench.subjects)",
    schema: "rest_bench",
    path: `topics?select=id,title,level,created_at,subject:subjects(title)&order=created_at.desc&limit=${PAGE}`,
    role: "anon",
    claims: { role: "anon" },
  };
}

/**
 * The statement PostgREST would run for this request, with bound values (the gateway's own SQL
 * builder makes it), and the set-up that puts a connection in the request's role and claims, so the
 * client can time the statement alone next to the request. Checked once here.
 */
async function directStatement(
  databaseUrl: string,
  pool: pg.Pool,
  scenario: Scenario,
  url: string,
  headers: Record<string, string>,
): Promise<Direct> {
  const cache = await loadSchemaCache(pool, [scenario.schema]);
  const request = parseApiRequest(
    new Request(url, { headers }),
    [scenario.path.split("?")[0] as string],
    [scenario.schema],
    null,
  );
  const { text, values } = mainStatement(request, buildPlan(request, cache));
  const direct: Direct = {
    databaseUrl,
    setup: {
      text: "select set_config('search_path', $1, false), set_config('role', $2, false), set_config('request.jwt.claims', $3, false)",
      values: [`"${scenario.schema}", public, extensions`, scenario.role, JSON.stringify(scenario.claims)],
    },
    statement: { text, values },
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(direct.setup);
    const rows = JSON.parse((await client.query(direct.statement)).rows[0].body) as unknown[];
    if (rows.length !== PAGE) throw new Error(`direct SQL returned ${rows.length} rows`);
    return direct;
  } finally {
    await client.end();
  }
}

interface Load {
  rps: number;
  p50: number;
  p95: number;
  failed: number;
}

/** Runs bench/gateway-client.ts in its own process and reads its JSON answer. */
function client<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", new URL("./gateway-client.ts", import.meta.url).pathname, ...args],
      { maxBuffer: 1 << 20 },
      (error, stdout) =>
        error ? reject(error) : resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as T),
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

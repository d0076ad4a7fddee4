/**
 * Reliability under faults, on loopback only, reported as figures (nothing is asserted):
 *
 *   npm run bench:reliability [-- --learners 100 --seconds 60 --inflight 32 --only load|worker]
 *
 * Starts a throwaway stack whose Postgres is durable (fsync, synchronous_commit and full_page_writes
 * on) and whose gateway, in this process, runs no task worker. Then:
 *
 * 1. Load: `--learners` learners for `--seconds`, each in a loop upserting its progress on an activity
 *    (activity_progress, `result: {seq}` with a sequence number that only grows) and reading the
 *    micro-learning outline of a published course (rpc get_microlearning_outline), through supabase-js
 *    as that learner. Each learner waits for its own answers, and at most `--inflight` requests are in
 *    flight at once (the machine has few cores; the gateway shares this process). After a failed
 *    request a learner pauses ERROR_PAUSE_MS, as a client backing off would.
 * 2. Postgres crashes under that load: the postmaster and its backends are SIGKILLed at KILLS_AT and
 *    started again DOWN_MS later on the same data folder. Recovery time: from the restart until the
 *    first successful request sent after the kill.
 * 3. Lost acknowledged writes: for every upsert answered 2xx, the stored result.seq of that (learner,
 *    activity) must be at least the acknowledged seq; the count of those that are not.
 * 4. Gateway crashes: /health is probed every HEALTH_EVERY_MS throughout; a failed probe, an uncaught
 *    exception or an unhandled rejection in this process counts (each would end `npm start`).
 * 5. A worker killed on a run's last attempt: the task worker runs in a child process
 *    (bench/reliability-worker.ts) with a LEASE_MS lease. A content manager starts a structure
 *    generation of a topic with a large pasted source through the `start-structure-generation` edge
 *    function; the worker is SIGKILLed whenever the run is executing a new attempt and started again,
 *    until the run ends (CRASHED after its three attempts). Then: how long until the topic is no longer
 *    generating (the sweep-stalled-generation schedule runs every minute inside the worker), and
 *    whether it is still generating STUCK_AFTER_MS after the crash (a stuck topic).
 *
 * Every loop stops at a deadline and a count; the whole bench takes about three minutes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { AUTH_USER_FILLERS } from "../devstack/gateway/auth/users.ts";
import { createPool, type GatewayContext } from "../devstack/gateway/context.ts";
import { localEnvironment } from "../devstack/gateway/tasks/auth.ts";
import { postgresCrashControls, projectSecrets, type RunningStack, startStack } from "../devstack/stack.ts";
import { STRUCTURE_GENERATING_STATUSES } from "../src/domain/topic-status.ts";
import type { ReliabilityWorkerSettings } from "./reliability-worker.ts";

const { values: args } = parseArgs({
  options: {
    learners: { type: "string", default: "100" },
    seconds: { type: "string", default: "60" },
    inflight: { type: "string", default: "32" },
    only: { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});

const LEARNERS = Number(args.learners);
const LOAD_MS = Number(args.seconds) * 1000;
const IN_FLIGHT = Number(args.inflight);
/** When Postgres is killed, from the start of the load. */
const KILLS_AT = [15_000, 35_000].filter((at) => at < LOAD_MS);
const DOWN_MS = 2_000;
const ERROR_PAUSE_MS = 200;
const REQUEST_TIMEOUT_MS = 10_000;
/** A learner stops after this many iterations even if time remains. */
const MAX_ITERATIONS_PER_LEARNER = 20_000;
const HEALTH_EVERY_MS = 250;
const LEASE_MS = 3_000;
const MAX_WORKER_KILLS = 6;
const RUN_END_WITHIN_MS = 120_000;
const STUCK_AFTER_MS = 90_000;

// Figures ----------------------------------------------------------------------------------------

type Kind = "write" | "read";

class Tally {
  readonly byStatus: Record<Kind, Record<string, number>> = { write: {}, read: {} };
  readonly latencies: number[] = [];
  count(kind: Kind, status: string): void {
    this.byStatus[kind][status] = (this.byStatus[kind][status] ?? 0) + 1;
  }
  total(filter: (status: string) => boolean = () => true): number {
    return Object.values(this.byStatus)
      .flatMap((counts) => Object.entries(counts))
      .reduce((sum, [status, n]) => sum + (filter(status) ? n : 0), 0);
  }
  errorsByStatus(): Record<string, number> {
    const errors: Record<string, number> = {};
    for (const counts of Object.values(this.byStatus))
      for (const [status, n] of Object.entries(counts))
        if (!isSuccess(status)) errors[status] = (errors[status] ?? 0) + n;
    return errors;
  }
}

const isSuccess = (status: string) => /^2\d\d$/.test(status);

interface Outage {
  killedAt: number;
  restartedAt?: number;
  readyAt?: number;
  firstSuccessAt?: number;
  restartError?: string;
}

/** The process-wide record of what went wrong outside the requests themselves. */
const processFaults = { uncaught: [] as string[] };
process.on("uncaughtException", (error) => processFaults.uncaught.push(`uncaught: ${describe(error)}`));
process.on("unhandledRejection", (error) => processFaults.uncaught.push(`unhandled: ${describe(error)}`));

const logLines: string[] = [];
function stackLog(line: string): void {
  if (args.verbose) console.log(`  | ${line}`);
  logLines.push(line);
  if (logLines.length > 200) logLines.shift();
}

// Setup ------------------------------------------------------------------------------------------

interface Learner {
  id: string;
  index: number;
  client: SupabaseClient;
}

interface World {
  entityId: string;
  managerId: string;
  manager: SupabaseClient;
  learners: Learner[];
  courseTopicId: string;
  activityIds: string[];
}

async function main(): Promise<void> {
  const started = Date.now();
  const stack = await startStack({ mode: "test", durable: true, worker: false, log: stackLog });
  const db = createPool(stack.databaseUrl, stackLog);
  const report: Record<string, unknown> = {
    setup: { learners: LEARNERS, seconds: LOAD_MS / 1000, inFlight: IN_FLIGHT, durable: true },
  };
  try {
    const tally = new Tally();
    const world = await createWorld(stack, db, tally);
    console.log(`stack up and ${LEARNERS} learners created in ${seconds(Date.now() - started)} s`);
    if (args.only !== "worker") report.load = await loadWithCrashes(stack, db, world, tally);
    if (args.only !== "load") report.worker = await workerCrashes(stack, db, world);
    print(report);
  } finally {
    await db.end().catch(() => {});
    await stack.stop();
  }
}

async function createWorld(stack: RunningStack, db: ReturnType<typeof createPool>, tally: Tally) {
  const tag = randomUUID().slice(0, 8);
  const managerId = randomUUID();
  const learnerIds = Array.from({ length: LEARNERS }, () => randomUUID());
  const users = [managerId, ...learnerIds];
  const sessions = users.map(() => randomUUID());
  await db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, ${AUTH_USER_FILLERS.columns})
     select id, 'authenticated', 'authenticated', 'bench.' || n || '.' || $2 || '@reliability.studymap.test', now(),
            '{"provider":"email","providers":["email"]}', ${AUTH_USER_FILLERS.values}
     from unnest($1::uuid[]) with ordinality as u(id, n)`,
    [users, tag],
  );
  await db.query("insert into auth.sessions (id, user_id) select * from unnest($1::uuid[], $2::uuid[])", [
    sessions,
    users,
  ]);
  const entity = await db.query<{ id: string }>(
    "insert into public.core_entities (name) values ($1) returning id",
    [`Reliability bench ${tag}`],
  );
  const entityId = entity.rows[0]?.id as string;
  await db.query(
    `insert into public.core_memberships (entity_id, user_id, member_role, status)
     select $1, id, case when id = $2 then 'creator' else 'member' end, 'active' from unnest($3::uuid[]) as id`,
    [entityId, managerId, users],
  );
  const topic = await db.query<{ id: string }>(
    `insert into public.topics (entity_id, created_by, title, description, visibility)
     values ($1, $2, 'Rivers of Europe', 'Where rivers start and end', 'entity')
     returning id`,
    [entityId, managerId],
  );
  const courseTopicId = topic.rows[0]?.id as string;
  const activityIds = await publishedCourse(db, courseTopicId, managerId);

  const tokens = await Promise.all(users.map((id, i) => accessToken(stack, id, sessions[i] as string)));
  const client = (token: string) =>
    createClient(stack.supabaseUrl, stack.anonKey, {
      accessToken: async () => token,
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: timedFetch(tally) },
    });
  return {
    entityId,
    managerId,
    manager: client(tokens[0] as string),
    learners: learnerIds.map((id, index) => ({ id, index, client: client(tokens[index + 1] as string) })),
    courseTopicId,
    activityIds,
  } satisfies World;
}

const PAYLOADS: Record<string, object> = {
  overview: { slides: [], objectives: [] },
  diagnostic: { questions: [] },
  study: { blocks: [] },
  practice: { cards: [] },
  mastery: { questions: [] },
  recap: { bullets: [], transcript: null },
};

/** A published course of two chapters with one activity per phase, written as the database owner. */
async function publishedCourse(db: ReturnType<typeof createPool>, topicId: string, managerId: string) {
  const course = await db.query<{ id: string }>(
    `insert into public.courses (topic_id, title, published_at, created_by)
     values ($1, 'Rivers of Europe', now(), $2) returning id`,
    [topicId, managerId],
  );
  const activityIds: string[] = [];
  for (const position of [1, 2]) {
    const chapter = await db.query<{ id: string }>(
      `insert into public.chapters (course_id, title, summary, position, section_id)
       values ($1, $2, 'A river from source to sea', $3, $4) returning id`,
      [course.rows[0]?.id, position === 1 ? "The Rhine" : "The Danube", position, `s${position}`],
    );
    const kinds = Object.keys(PAYLOADS);
    const activities = await db.query<{ id: string }>(
      `insert into public.activities (chapter_id, kind, title, position, payload)
       select $1, kind, initcap(kind), n, ($2::jsonb) -> kind
       from unnest($3::text[]) with ordinality as k(kind, n) returning id`,
      [chapter.rows[0]?.id, JSON.stringify(PAYLOADS), kinds],
    );
    activityIds.push(...activities.rows.map((row) => row.id));
  }
  return activityIds;
}

/**
 * A signed-in user's access token: what the gateway's REST and Auth APIs check (role, audience, user,
 * a live session), signed with the stack's JWT secret.
 */
function accessToken(stack: RunningStack, userId: string, sessionId: string): Promise<string> {
  return new SignJWT({ aud: "authenticated", role: "authenticated", session_id: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(`${stack.supabaseUrl}/auth/v1`)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(stack.jwtSecret));
}

// Load with Postgres crashes ---------------------------------------------------------------------

/** Counts in-flight requests: a learner waits for a slot before it sends. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  constructor(size: number) {
    this.free = size;
  }
  async run<T>(work: () => PromiseLike<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** The current phase's request log: when each request was sent and how it ended. */
let onAnswer: ((kind: Kind, sentAt: number, ok: boolean) => void) | null = null;

/**
 * supabase-js's fetch, timed: every HTTP request is counted by status (or as a network error or
 * timeout) and, when it succeeds, its latency kept. Requests time out after REQUEST_TIMEOUT_MS.
 */
function timedFetch(tally: Tally): typeof fetch {
  return async (input, init) => {
    const kind: Kind = String(input).includes("/rpc/") ? "read" : "write";
    const sentAt = Date.now();
    const start = performance.now();
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
      : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(input, { ...init, signal });
      const status = String(response.status);
      tally.count(kind, status);
      if (isSuccess(status)) tally.latencies.push(performance.now() - start);
      onAnswer?.(kind, sentAt, isSuccess(status));
      return response;
    } catch (error) {
      tally.count(kind, (error as Error).name === "TimeoutError" ? "timeout" : "network error");
      onAnswer?.(kind, sentAt, false);
      throw error;
    }
  };
}

async function loadWithCrashes(
  stack: RunningStack,
  db: ReturnType<typeof createPool>,
  world: World,
  tally: Tally,
) {
  const crash = postgresCrashControls(stack);
  if (!crash.kill || !crash.restart)
    throw new Error("Postgres is not the embedded server: it cannot be killed");
  const acknowledged = new Map<string, number>();
  let acknowledgedWrites = 0;
  const outages: Outage[] = [];
  onAnswer = (_kind, sentAt, ok) => {
    if (!ok) return;
    for (const outage of outages)
      if (
        outage.firstSuccessAt === undefined &&
        outage.restartedAt !== undefined &&
        sentAt >= outage.killedAt
      )
        outage.firstSuccessAt = Date.now();
  };

  const slots = new Slots(IN_FLIGHT);
  const start = Date.now();
  const until = start + LOAD_MS;
  const health = watchHealth(stack.supabaseUrl, until + 5_000);

  const learner = async ({ id, index, client }: Learner) => {
    let seq = 0;
    for (let i = 0; i < MAX_ITERATIONS_PER_LEARNER && Date.now() < until; i++) {
      const activityId = world.activityIds[(index + i) % world.activityIds.length] as string;
      seq++;
      const written = await slots.run(() =>
        client
          .from("activity_progress")
          .upsert({ activity_id: activityId, user_id: id, status: "in_progress", result: { seq } }),
      );
      const writeOk = !written.error && written.status >= 200 && written.status < 300;
      if (writeOk) {
        acknowledgedWrites++;
        const key = `${id}:${activityId}`;
        acknowledged.set(key, Math.max(acknowledged.get(key) ?? 0, seq));
      }
      if (Date.now() >= until) break;
      const read = await slots.run(() =>
        client.rpc("get_microlearning_outline", { p_topic_id: world.courseTopicId }),
      );
      const readOk = !read.error && (read.data as { chapters?: unknown[] } | null)?.chapters?.length === 2;
      if (!writeOk || !readOk) await sleep(ERROR_PAUSE_MS);
    }
  };

  const faults = (async () => {
    for (const at of KILLS_AT) {
      await sleep(start + at - Date.now());
      const outage: Outage = { killedAt: Date.now() };
      outages.push(outage);
      await crash.kill?.();
      console.log(
        `  t=${seconds(outage.killedAt - start)} s: Postgres killed (SIGKILL, postmaster and backends)`,
      );
      await sleep(DOWN_MS);
      outage.restartedAt = Date.now();
      // A failed start is tried again a few times; the load goes on meanwhile.
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          await crash.restart?.();
          outage.readyAt = Date.now();
          outage.restartError = undefined;
          break;
        } catch (error) {
          outage.restartError = describe(error);
          await sleep(1_000);
        }
      }
      console.log(
        `  t=${seconds(Date.now() - start)} s: Postgres ${outage.readyAt ? "accepting connections again" : `did not restart: ${outage.restartError}`}`,
      );
    }
  })();

  console.log(`load: ${LEARNERS} learners for ${LOAD_MS / 1000} s, at most ${IN_FLIGHT} requests in flight`);
  await Promise.all([...world.learners.map(learner), faults]);
  onAnswer = null;
  const healthReport = await health;
  const lost = await lostWrites(db, world, acknowledged);

  const latencies = [...tally.latencies].sort((a, b) => a - b);
  return {
    requests: tally.total(),
    successful: tally.total(isSuccess),
    byKind: tally.byStatus,
    errorsByStatus: tally.errorsByStatus(),
    latencyMs: { p50: round(percentile(latencies, 0.5)), p95: round(percentile(latencies, 0.95)) },
    acknowledgedWrites,
    lostAcknowledgedWrites: lost.lost,
    checkedPairs: lost.checked,
    lostExamples: lost.examples,
    gatewayCrashes: healthReport.failed > 0 || processFaults.uncaught.length > 0 ? 1 : 0,
    health: healthReport,
    uncaught: processFaults.uncaught.slice(0, 5),
    outages: outages.map((outage) => ({
      killedAtS: seconds(outage.killedAt - start),
      restartedAfterS: outage.restartedAt && seconds(outage.restartedAt - outage.killedAt),
      postgresReadyAfterRestartS:
        outage.readyAt && outage.restartedAt && seconds(outage.readyAt - outage.restartedAt),
      recoveryS:
        outage.firstSuccessAt && outage.restartedAt
          ? seconds(outage.firstSuccessAt - outage.restartedAt)
          : null,
      restartError: outage.restartError,
    })),
  };
}

/** For each acknowledged (learner, activity), whether the stored seq is at least the acknowledged one. */
async function lostWrites(
  db: ReturnType<typeof createPool>,
  world: World,
  acknowledged: Map<string, number>,
) {
  const { rows } = await db.query<{ user_id: string; activity_id: string; seq: number | null }>(
    `select user_id, activity_id, (result ->> 'seq')::int as seq
     from public.activity_progress where user_id = any($1::uuid[])`,
    [world.learners.map((learner) => learner.id)],
  );
  const stored = new Map(rows.map((row) => [`${row.user_id}:${row.activity_id}`, row.seq ?? 0]));
  const examples: string[] = [];
  let lost = 0;
  for (const [key, seq] of acknowledged) {
    const kept = stored.get(key) ?? 0;
    if (kept < seq) {
      lost++;
      if (examples.length < 5) examples.push(`${key}: acknowledged seq ${seq}, stored ${kept}`);
    }
  }
  return { lost, checked: acknowledged.size, examples };
}

/** Probes /health until `until`; a probe fails on a non-200 answer or no answer within 5 s. */
async function watchHealth(gatewayUrl: string, until: number) {
  let probes = 0;
  let failed = 0;
  let slowestMs = 0;
  while (Date.now() < until && probes < (until - Date.now()) / HEALTH_EVERY_MS + 1_000) {
    const start = performance.now();
    probes++;
    try {
      const response = await fetch(`${gatewayUrl}/health`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status !== 200) failed++;
    } catch {
      failed++;
    }
    slowestMs = Math.max(slowestMs, performance.now() - start);
    await sleep(HEALTH_EVERY_MS);
  }
  return { probes, failed, slowestMs: round(slowestMs) };
}

// A worker killed on every attempt ---------------------------------------------------------------

/** The worker child process: started, awaited until it claims runs, SIGKILLed. */
class WorkerChild {
  private child: ChildProcess | null = null;
  readonly settings: ReliabilityWorkerSettings;

  constructor(stack: RunningStack) {
    const secrets = projectSecrets(stack.supabaseUrl);
    this.settings = {
      databaseUrl: stack.databaseUrl,
      environmentId: localEnvironment({ env: secrets } as Pick<GatewayContext, "env"> as GatewayContext).id,
      env: {
        ...secrets,
        SUPABASE_URL: stack.supabaseUrl,
        SUPABASE_ANON_KEY: stack.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      },
      leaseMs: LEASE_MS,
    };
  }

  /** Starts a worker and resolves once it is ready (within 60 s). */
  async start(): Promise<void> {
    // node --import tsx runs the worker in this one process, so a SIGKILL leaves nothing behind.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "reliability-worker.ts")],
      {
        env: { ...process.env, RELIABILITY_WORKER: JSON.stringify(this.settings) },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    this.child = child;
    child.stderr?.setEncoding("utf8").on("data", (text: string) => {
      for (const line of text.split("\n").filter(Boolean)) stackLog(`worker ${child.pid}: ${line}`);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the worker did not start within 60 s")), 60_000);
      child.stdout?.setEncoding("utf8").on("data", (text: string) => {
        if (text.includes("ready")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the worker exited before it was ready (${code ?? signal})`));
      });
    });
  }

  async kill(signal: "SIGKILL" | "SIGTERM" = "SIGKILL"): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    const timeout = sleep(10_000).then(() => child.kill("SIGKILL"));
    await Promise.race([exited, timeout]);
  }
}

/** A long pasted source (about 200 pages of text with headings), so one attempt takes some seconds. */
function largeSource(): string {
  let state = 7;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = (words: string[]) => words[Math.floor(next() * words.length)] as string;
  const nouns =
    "river delta glacier sediment harbour barge canal bridge valley source estuary lock dam flood meadow town trade".split(
      " ",
    );
  const verbs = "carries shapes feeds floods crosses drains joins divides supplies erodes".split(" ");
  const lines: string[] = ["# Rivers of Europe"];
  for (let section = 1; section <= 40; section++) {
    lines.push("", `## ${section}. The ${pick(nouns)} and the ${pick(nouns)}`);
    for (let paragraph = 0; paragraph < 25; paragraph++) {
      lines.push(
        `The ${pick(nouns)} ${pick(verbs)} the ${pick(nouns)} near the ${pick(nouns)}. ` +
          `A ${pick(nouns)} is a place where the ${pick(nouns)} ${pick(verbs)} every ${pick(nouns)}. ` +
          `For example, the ${pick(nouns)} of the ${pick(nouns)} ${pick(verbs)} the ${pick(nouns)} each spring.`,
      );
    }
  }
  return lines.join("\n");
}

const FINISHED = new Set([
  "COMPLETED_SUCCESSFULLY",
  "COMPLETED_WITH_ERRORS",
  "CRASHED",
  "SYSTEM_FAILURE",
  "CANCELED",
  "EXPIRED",
  "TIMED_OUT",
  "INTERRUPTED",
]);

async function workerCrashes(stack: RunningStack, db: ReturnType<typeof createPool>, world: World) {
  const topic = await db.query<{ id: string }>(
    `insert into public.topics (entity_id, created_by, title, description, visibility)
     values ($1, $2, 'Rivers of Europe, the long version', 'Every river, every town', 'entity') returning id`,
    [world.entityId, world.managerId],
  );
  const topicId = topic.rows[0]?.id as string;
  const source = largeSource();
  await db.query(
    "insert into public.topic_sources (topic_id, kind, file_name, pasted_text, created_by) values ($1, 'pasted', 'rivers.txt', $2, $3)",
    [topicId, source, world.managerId],
  );

  const worker = new WorkerChild(stack);
  const kills: Array<{ attempt: number; atS: number }> = [];
  const began = Date.now();
  try {
    const [, started] = await Promise.all([
      worker.start(),
      world.manager.functions.invoke<{ started: boolean; runId?: string }>("start-structure-generation", {
        body: { topicId },
      }),
    ]);
    if (started.error || !started.data?.runId)
      throw new Error(`start-structure-generation failed: ${describe(started.error ?? started.data)}`);
    const runId = started.data.runId;
    console.log(
      `worker: structure run ${runId} started for a ${Math.round(source.length / 1024)} KB pasted source; killing its worker on every attempt`,
    );

    let run: { status: string; attempt_number: number; completed_at: Date | null } | undefined;
    let killedAttempt = 0;
    const deadline = Date.now() + RUN_END_WITHIN_MS;
    while (Date.now() < deadline) {
      run = (
        await db.query("select status, attempt_number, completed_at from trigger_local.runs where id = $1", [
          runId,
        ])
      ).rows[0];
      if (!run || FINISHED.has(run.status)) break;
      if (
        run.status === "EXECUTING" &&
        run.attempt_number > killedAttempt &&
        kills.length < MAX_WORKER_KILLS
      ) {
        await worker.kill();
        killedAttempt = run.attempt_number;
        kills.push({ attempt: killedAttempt, atS: seconds(Date.now() - began) });
        console.log(`  worker SIGKILLed while attempt ${killedAttempt} was executing; starting another`);
        await worker.start();
      }
      await sleep(100);
    }
    const crashedAt = run?.completed_at ? run.completed_at.getTime() : Date.now();
    console.log(`  run ended ${run?.status ?? "unknown"}; waiting for the sweep to fail the topic`);

    let failedAt: number | null = null;
    let status: string | null = null;
    while (Date.now() < crashedAt + STUCK_AFTER_MS) {
      status = (
        await db.query<{ processing_status: string | null }>(
          "select processing_status from public.topics where id = $1",
          [topicId],
        )
      ).rows[0]?.processing_status as string | null;
      if (!(STRUCTURE_GENERATING_STATUSES as readonly string[]).includes(status ?? "")) {
        failedAt = Date.now();
        break;
      }
      await sleep(250);
    }
    // What the sweep did meanwhile, so a stuck topic can be told apart from a sweep that never ran.
    const sweeps = await db.query<{ status: string; output: string | null; error: unknown }>(
      `select status, output, error from trigger_local.runs
       where task_identifier = 'sweep-stalled-generation' and created_at >= $1 order by created_at`,
      [new Date(crashedAt - 60_000)],
    );
    return {
      runId,
      sweepRuns: sweeps.rows.map((row) => ({
        status: row.status,
        output: row.output?.slice(0, 300) ?? null,
        error: row.error ? JSON.stringify(row.error).slice(0, 300) : null,
      })),
      sourceKB: Math.round(source.length / 1024),
      leaseMs: LEASE_MS,
      workerKills: kills,
      runStatus: run?.status ?? null,
      attempts: run?.attempt_number ?? null,
      topicStatus: status,
      timeToFailedS: failedAt === null ? null : seconds(failedAt - crashedAt),
      stuckTopics: failedAt === null ? 1 : 0,
    };
  } finally {
    await worker.kill("SIGTERM");
  }
}

// Report -----------------------------------------------------------------------------------------

function print(report: Record<string, unknown>): void {
  const load = report.load as Awaited<ReturnType<typeof loadWithCrashes>> | undefined;
  const worker = report.worker as Awaited<ReturnType<typeof workerCrashes>> | undefined;
  const rows: Array<[string, string]> = [];
  if (load) {
    rows.push(
      ["requests", `${load.requests} (${load.successful} 2xx)`],
      ["errors by status", JSON.stringify(load.errorsByStatus)],
      ["latency of 2xx", `p50 ${load.latencyMs.p50} ms, p95 ${load.latencyMs.p95} ms`],
      [
        "lost acknowledged writes",
        `${load.lostAcknowledgedWrites} (of ${load.acknowledgedWrites} acknowledged, ${load.checkedPairs} learner-activity pairs)`,
      ],
      [
        "gateway crashes",
        `${load.gatewayCrashes} (/health ${load.health.probes - load.health.failed}/${load.health.probes} ok, slowest ${load.health.slowestMs} ms; uncaught errors ${load.uncaught.length})`,
      ],
      ...load.outages.map((outage, i): [string, string] => [
        `recovery after kill ${i + 1}`,
        outage.recoveryS === null
          ? `none (${outage.restartError ?? "no successful request after the restart"})`
          : `${outage.recoveryS} s from restart to first 2xx (killed at t=${outage.killedAtS} s, Postgres ready ${outage.postgresReadyAfterRestartS} s after restart)`,
      ]),
    );
  }
  if (worker) {
    rows.push(
      [
        "worker kills",
        `${worker.workerKills.length} (attempts ${worker.workerKills.map((kill) => kill.attempt).join(", ")}); run ended ${worker.runStatus} after ${worker.attempts} attempts`,
      ],
      [
        "time to failed",
        worker.timeToFailedS === null
          ? `not within ${STUCK_AFTER_MS / 1000} s`
          : `${worker.timeToFailedS} s after the run ended (topic ${worker.topicStatus})`,
      ],
      ["stuck topics", String(worker.stuckTopics)],
    );
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log("\nReliability under faults (loopback, durable Postgres)");
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  console.log(`\n${JSON.stringify(report, null, 2)}`);
}

// Helpers ----------------------------------------------------------------------------------------

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  return typeof value === "string" ? value : JSON.stringify(value);
}

main()
  .catch((error) => {
    console.error(error);
    console.error(`last stack log lines:\n${logLines.slice(-30).join("\n")}`);
    process.exitCode = 1;
  })
  .finally(() => {
    // Timers of supabase-js clients and the health probe must not keep the bench alive.
    setTimeout(() => process.exit(), 2_000).unref();
  });

/**
 * `npm run bench:class` (issue 23, point 7): a throwaway stack with the demo seed and a class of 500
 * learners who answered 200 check questions (bench/class-seed.ts), then the teacher's and the learner's
 * reads, each timed as the app makes it (supabase-js through the gateway, signed in) and as the same
 * statement run directly in Postgres under the same role and claims, without HTTP. Medians of --runs runs
 * (default 7); the machine is shared, so read the figures as medians and ratios, not as absolutes.
 * Then where the teacher's RPCs spend their time: each statement inside them run once with auto_explain
 * (ANALYZE, nested statements, sent to the client as notices), and the nodes with the most time of
 * their own. Ends with the query plans of the learner's reads, which show whether row-level security
 * decides once per query (a hashed subplan) or per row.
 *
 * With --hold the stack stays up after the figures, and its database URL is printed, so the class RPCs can
 * be examined by hand (EXPLAIN ANALYZE as the database owner); Ctrl-C stops it.
 *
 *   npm run bench:class [-- --runs 7] [--hold]
 */
import { parseArgs } from "node:util";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { type RunningStack, startStack } from "../devstack/stack.ts";
import {
  CLASS_CHAPTERS,
  CLASS_CHUNKS,
  CLASS_COURSE_ID,
  CLASS_ITEMS,
  CLASS_LEARNER_ID,
  CLASS_TOPIC_ID,
  classId,
  seedClass,
} from "./class-seed.ts";
import { inboxCode } from "./inbox-code.ts";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "7" }, hold: { type: "boolean", default: false } },
});
const RUNS = Math.max(1, Number(args.runs));
const ADMIN = { id: "5eed0001-0000-4000-8000-000000000001", email: "ada.admin@studymap.test" };
const FIRST_CHAPTER = classId("0004", 1);

interface Read {
  name: string;
  who: "admin" | "learner";
  /** The statement as run directly; $1 is the topic. */
  sql: string;
  viaApi: (client: SupabaseClient) => PromiseLike<{ error: unknown; data: unknown }>;
}

const READS: Read[] = [
  {
    name: "class view: counts per chapter and subtopic",
    who: "admin",
    sql: "select * from public.class_topic_progress($1)",
    viaApi: (client) => client.rpc("class_topic_progress", { p_topic_id: CLASS_TOPIC_ID }),
  },
  {
    name: "class view: learners behind chapter 1",
    who: "admin",
    sql: `select * from public.class_subtopic_learners($1, '${FIRST_CHAPTER}')`,
    viaApi: (client) =>
      client.rpc("class_subtopic_learners", { p_topic_id: CLASS_TOPIC_ID, p_chapter_id: FIRST_CHAPTER }),
  },
  {
    name: "item analysis: 200 questions",
    who: "admin",
    sql: "select * from public.class_item_analysis($1)",
    viaApi: (client) => client.rpc("class_item_analysis", { p_topic_id: CLASS_TOPIC_ID }),
  },
  {
    name: `coverage map: ${CLASS_CHUNKS * 10} source lines`,
    who: "admin",
    sql: "select * from public.class_source_coverage($1)",
    viaApi: (client) => client.rpc("class_source_coverage", { p_topic_id: CLASS_TOPIC_ID }),
  },
  {
    name: `learner: the topic's ${CLASS_CHUNKS} source chunks`,
    who: "learner",
    sql: "select id, line_start, line_end, content from public.source_chunks where topic_id = $1",
    viaApi: (client) =>
      client.from("source_chunks").select("id, line_start, line_end, content").eq("topic_id", CLASS_TOPIC_ID),
  },
  {
    name: "learner: the course's chapters with activities",
    who: "learner",
    sql: `select ch.id, a.id, a.kind from public.chapters ch join public.activities a on a.chapter_id = ch.id
          where ch.course_id = '${CLASS_COURSE_ID}' and $1::uuid is not null`,
    viaApi: (client) =>
      client.from("chapters").select("id, activities(id, kind)").eq("course_id", CLASS_COURSE_ID),
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function timed(run: () => PromiseLike<unknown>): Promise<number[]> {
  await run(); // warm: plans, caches and the gateway's schema cache
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/** The app's client, signed in by e-mail code through the local inbox as a learner does. */
async function signedIn(stack: RunningStack, email: string): Promise<SupabaseClient> {
  const client = createClient(stack.supabaseUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const sent = new Date();
  const { error } = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  if (error) throw error;
  const code = await inboxCode(stack.supabaseUrl, email, sent);
  const verified = await client.auth.verifyOtp({ email, token: code, type: "email" });
  if (verified.error) throw verified.error;
  return client;
}

/**
 * Runs `run` in a transaction as the `authenticated` role with `userId`'s claims, as PostgREST does, or
 * as the database owner (no row-level security) when `userId` is null.
 */
async function asUser<T>(db: pg.Client, userId: string | null, run: () => Promise<T>): Promise<T> {
  await db.query("begin");
  try {
    if (userId) {
      await db.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ sub: userId, role: "authenticated", aud: "authenticated" })],
      );
    }
    return await run();
  } finally {
    await db.query("rollback");
  }
}

async function main(): Promise<void> {
  const stack = await startStack({ mode: "test", seed: true });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  try {
    await db.connect();
    const seeded = await seedClass(db);
    await db.query("analyze");
    console.log(
      `Class: ${seeded.learners} learners, ${CLASS_ITEMS} questions in ${CLASS_CHAPTERS} chapters, ` +
        `${seeded.answeredChecks} answered checks, ${CLASS_CHUNKS} source chunks; median of ${RUNS} runs\n`,
    );
    // The learner signs in as Mia Member of the demo school; the direct reads use a seeded learner's id.
    const clients = {
      admin: await signedIn(stack, ADMIN.email),
      learner: await signedIn(stack, "mia.member@studymap.test"),
    };
    const ids = { admin: ADMIN.id, learner: CLASS_LEARNER_ID(1) };
    const rows: string[][] = [];
    for (const read of READS) {
      const api = await timed(async () => {
        const { error } = await read.viaApi(clients[read.who]);
        if (error) throw new Error(`${read.name}: ${JSON.stringify(error)}`);
      });
      const statement = () => db.query(read.sql, [CLASS_TOPIC_ID]);
      const direct = await asUser(db, ids[read.who], () => timed(statement));
      // The teacher's RPCs decide who asks themselves, so only the learner's reads run without a user.
      const owner = read.who === "learner" ? await asUser(db, null, () => timed(statement)) : null;
      const count = (await asUser(db, ids[read.who], statement)).rowCount;
      rows.push([
        read.name,
        String(count),
        `${median(api).toFixed(1)} ms`,
        `${median(direct).toFixed(1)} ms`,
        owner ? `${median(owner).toFixed(1)} ms` : "—",
      ]);
    }
    printTable(["read", "rows", "via the API", "direct, same role", "direct, no RLS"], rows);
    console.log(
      "\n'direct, no RLS' runs the learner's statement as the database owner: the difference to 'direct, same role' is what row-level security costs.",
    );
    await printHeaviestNodes(db);
    await printPlans(db);
    if (args.hold) {
      await db.end(); // the stack's own Ctrl-C handling stops Postgres under an open connection
      await holdUntilInterrupted(stack);
    }
  } finally {
    await db.end().catch(() => {});
    await stack.stop();
  }
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "CTE Name"?: string;
  "Function Name"?: string;
  "Actual Total Time"?: number;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Sort Method"?: string;
  "Sort Space Type"?: string;
  Plans?: PlanNode[];
}

interface NodeTime {
  label: string;
  ownMs: number;
  rows: number;
  /** A call of a class function whose own statements are logged (and counted) on their own. */
  nested: boolean;
}

const HEAVIEST_NODES = 6;
const NESTED_FUNCTION = /^(class_|course_check_questions$)/;

/**
 * Runs each teacher's RPC once with auto_explain logging every statement inside it (its plpgsql body and
 * the SQL functions it calls) and prints the plan nodes with the most time of their own. The times
 * include EXPLAIN ANALYZE's own clock reads, so they are larger than the medians above; read them for
 * where the time goes.
 */
async function printHeaviestNodes(db: pg.Client): Promise<void> {
  const plans: PlanNode[] = [];
  const collect = (notice: { message?: string }) => {
    const [, json] = notice.message?.match(/^duration: [\d.]+ ms\s+plan:\n([\s\S]*)$/) ?? [];
    if (json) plans.push((JSON.parse(json) as { Plan: PlanNode }).Plan);
  };
  await db.query("load 'auto_explain'");
  await db.query(
    `set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
     set auto_explain.log_nested_statements = on; set auto_explain.log_format = json;
     set auto_explain.log_level = notice; set client_min_messages = notice`,
  );
  db.on("notice", collect);
  try {
    for (const read of READS.filter((candidate) => candidate.who === "admin")) {
      plans.length = 0;
      await asUser(db, ADMIN.id, () => db.query(read.sql, [CLASS_TOPIC_ID]));
      const nodes = plans.flatMap(ownTimes).filter((node) => !node.nested);
      nodes.sort((a, b) => b.ownMs - a.ownMs);
      console.log(`\nHeaviest plan nodes (EXPLAIN ANALYZE, own time): ${read.name}`);
      for (const node of nodes.slice(0, HEAVIEST_NODES)) {
        console.log(
          `  ${node.ownMs.toFixed(1).padStart(8)} ms  ${String(node.rows).padStart(7)} rows  ${node.label}`,
        );
      }
    }
  } finally {
    db.off("notice", collect);
    await db.query("reset client_min_messages; set auto_explain.log_min_duration = -1");
  }
}

/** Each node's time less its children's (a node's time covers its inputs), over all its loops. */
function ownTimes(node: PlanNode): NodeTime[] {
  const children = node.Plans ?? [];
  const total = (candidate: PlanNode) =>
    (candidate["Actual Total Time"] ?? 0) * (candidate["Actual Loops"] ?? 1);
  const childTime = children.reduce((sum, child) => sum + total(child), 0);
  const on = node["Relation Name"] ?? node["CTE Name"] ?? node["Function Name"];
  const spill = node["Sort Space Type"] === "Disk" ? ` (${node["Sort Method"]}, on disk)` : "";
  return [
    {
      label: `${node["Node Type"]}${on ? ` on ${on}` : ""}${spill}`,
      ownMs: Math.max(0, total(node) - childTime),
      rows: (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1),
      nested: node["Node Type"] === "Function Scan" && NESTED_FUNCTION.test(node["Function Name"] ?? ""),
    },
    ...children.flatMap(ownTimes),
  ];
}

async function printPlans(db: pg.Client): Promise<void> {
  for (const read of READS.filter((candidate) => candidate.who === "learner")) {
    const plan = await asUser(db, CLASS_LEARNER_ID(1), () =>
      db.query(`explain (costs off) ${read.sql.replace("$1", `'${CLASS_TOPIC_ID}'`)}`),
    );
    console.log(`\nPlan, as a learner: ${read.name}`);
    for (const row of plan.rows) console.log(`  ${row["QUERY PLAN"]}`);
  }
}

/** Keeps the stack up for examining it by hand until Ctrl-C (or SIGTERM). */
async function holdUntilInterrupted(stack: RunningStack): Promise<void> {
  console.log(
    `\nHolding the stack; Ctrl-C stops it.\n  DATABASE_URL=${stack.databaseUrl}\n  API ${stack.supabaseUrl}`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

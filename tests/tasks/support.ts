import { randomUUID } from "node:crypto";
import { auth, configure, runs } from "@trigger.dev/sdk";
import { Hono } from "hono";
import pg from "pg";
import { inject } from "vitest";
import type { GatewayContext } from "../../devstack/gateway/context.ts";
import { type ServedApp, serveApp } from "../../devstack/gateway/serve.ts";
import { stopTasksService, tasksService } from "../../devstack/gateway/tasks/index.ts";
import { LOCAL_GENERATION_GRANT_SECRET, LOCAL_TRIGGER_SECRET_KEY } from "../../devstack/keys.ts";
import { freePort } from "../../devstack/postgres.ts";
import { testGatewayContext } from "../../devstack/tests/support/gateway.ts";

export const secretKey = LOCAL_TRIGGER_SECRET_KEY;
export const grantSecret = LOCAL_GENERATION_GRANT_SECRET;

/**
 * The local task service in this test's process, on its own port, with a worker that knows the
 * fixture tasks besides trigger/'s. It shares the test stack's database (so its runs sit beside the
 * stack's) and hands tasks the stack's Supabase API. The official SDK is pointed at it.
 */
export class TaskGateway {
  readonly stack = inject("stack");
  readonly db = new pg.Pool({ connectionString: this.stack.databaseUrl, max: 2 });
  url = "";
  private ctx: GatewayContext | undefined;
  private server: ServedApp | undefined;

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    // Tasks reach the stack's own Supabase API; the SDK is pointed at this service below.
    this.ctx = await testGatewayContext({
      publicUrl: this.stack.supabaseUrl,
      log: (line) => console.log(line),
    });
    const app = new Hono().route(
      "/",
      tasksService(this.ctx, {
        taskDirs: ["trigger", "tests/tasks/fixtures"],
        // Short leases, so a crashed attempt is noticed within a second or two.
        leaseMs: 3_000,
      }),
    );
    this.server = await serveApp(app, port);
    configure({ baseURL: this.url, accessToken: secretKey });
  }

  async stop(): Promise<void> {
    if (this.ctx) await stopTasksService(this.ctx);
    await this.server?.close();
    await this.ctx?.pool.end();
    await this.db.end();
  }

  /** Calls the SDK as the holder of `accessToken` (a public token) instead of the secret key. */
  async as<T>(accessToken: string, work: () => Promise<T>): Promise<T> {
    return (await auth.withAuth({ baseURL: this.url, accessToken }, work)) as T;
  }

  /** A raw request to the service, for what the SDK hides (statuses, headers, error bodies). */
  fetch(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${init.token ?? secretKey}`);
    if (init.body) headers.set("content-type", "application/json");
    return fetch(`${this.url}${path}`, { ...init, headers });
  }

  /** An entity with one topic in the given state, written as the database owner. */
  async topic(processingStatus: string | null = "generating_structure"): Promise<string> {
    const entity = await this.db.query<{ id: string }>(
      "insert into public.core_entities (name) values ($1) returning id",
      [`Tasks test ${randomUUID()}`],
    );
    const topic = await this.db.query<{ id: string }>(
      `insert into public.topics (entity_id, title, processing_status, processing_progress)
       values ($1, 'Rivers of Europe', $2, 1) returning id`,
      [entity.rows[0]?.id, processingStatus],
    );
    return topic.rows[0]?.id as string;
  }

  async topicRow(topicId: string) {
    const { rows } = await this.db.query<{
      processing_status: string | null;
      processing_progress: number;
      processing_error: string | null;
      structure: unknown;
    }>(
      "select processing_status, processing_progress, processing_error, structure from public.topics where id = $1",
      [topicId],
    );
    return rows[0];
  }
}

/** Polls the run until it satisfies `done` (the SDK's runs.retrieve, as an app would). */
export async function waitForRun(
  runId: string,
  done: (run: Awaited<ReturnType<typeof runs.retrieve>>) => boolean,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await runs.retrieve(runId);
    if (done(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} is still ${run.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

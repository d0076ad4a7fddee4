import { auth, configure } from "@trigger.dev/sdk";
import { Hono } from "hono";
import pg from "pg";
import { inject } from "vitest";
import type { GatewayContext } from "../../gateway/context.ts";
import { type ServedApp, serveApp } from "../../gateway/serve.ts";
import { stopTasksService, tasksService } from "../../gateway/tasks/index.ts";
import { LOCAL_TRIGGER_SECRET_KEY } from "../../keys.ts";
import { freePort } from "../../postgres.ts";
import { testGatewayContext } from "../support/gateway.ts";

export { waitForRun } from "../../../tests/support/runs.ts";

export const secretKey = LOCAL_TRIGGER_SECRET_KEY;

/**
 * The local task service in this test's process, on its own port, with a worker that knows only the
 * fixture tasks (the product's tasks are tested on the stack's own service, tests/tasks). It shares the
 * test stack's database (so its runs sit beside the stack's, and each worker claims only the tasks it
 * knows) and hands tasks the stack's Supabase API. The official SDK is pointed at it.
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
        taskDirs: ["devstack/tests/tasks/fixtures"],
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
}

import path from "node:path";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { startWorker, type WorkerHandle } from "../../worker/index.ts";
import type { RunRecord } from "../../worker/runs.ts";
import type { GatewayContext } from "../context.ts";
import type { ApiAnswer } from "./api-answer.ts";
import {
  type Authentication,
  authenticate,
  localEnvironment,
  type Resource,
  UNAUTHORIZED_BODY,
} from "./auth.ts";
import { presentListedRun, presentRun, storedStatusesShownAs } from "./present.ts";
import { RunChangeFeed, runShape } from "./realtime.ts";
import { cancelRun, clearIdempotencyKey, findRun, listRuns } from "./store.ts";
import { type TaskInfo, triggerTask, validationMessage } from "./trigger.ts";

/**
 * The local task service: the part of Trigger.dev's HTTP API that `@trigger.dev/sdk` and
 * `@trigger.dev/react-hooks` use, backed by trigger_local.runs, plus the worker that runs the tasks of
 * trigger/. Errors are Trigger.dev's: `{error}` bodies with its statuses.
 */

export interface TasksServiceOptions {
  /** Task directories relative to the project root; default: trigger.config.ts's `dirs`. */
  taskDirs?: string[];
  /**
   * Run a worker in this process. Default: yes, unless TRIGGER_API_URL points elsewhere (Trigger.dev
   * cloud runs the tasks then).
   */
  worker?: boolean;
  /** How long the worker's hold on a run lasts without renewal (see WorkerOptions.leaseMs). */
  leaseMs?: number;
}

const ROOT = path.resolve(import.meta.dirname, "../../..");
interface Running {
  worker: Promise<WorkerHandle | null>;
  feed: RunChangeFeed;
}
const running = new WeakMap<GatewayContext, Running>();

/** Stops the worker and closes the realtime feed `tasksService(ctx)` started; call it when the gateway stops. */
export async function stopTasksService(ctx: GatewayContext): Promise<void> {
  const service = running.get(ctx);
  running.delete(ctx);
  await (await service?.worker)?.stop();
  await service?.feed.close();
}

export function tasksService(ctx: GatewayContext, options: TasksServiceOptions = {}): Hono {
  const environment = localEnvironment(ctx);
  const worker = startLocalWorker(ctx, options);
  const feed = new RunChangeFeed(ctx.databaseUrl);
  running.set(ctx, { worker, feed });
  // Without a local worker (Trigger.dev cloud runs the tasks) any task id is accepted.
  let knownTasks: Map<string, TaskInfo> | null = null;
  void worker.then((handle) => {
    knownTasks = handle ? new Map(handle.tasks.map((task) => [task.id, task])) : null;
  });
  const findTask = (taskId: string): TaskInfo | undefined => (knownTasks ? knownTasks.get(taskId) : {});

  const app = new Hono();
  const authenticated = async (c: Context, allowJWT: boolean) =>
    authenticate(environment, c.req.raw.headers, { allowJWT });

  app.post("/api/v1/tasks/:taskId/trigger", async (c) => {
    const auth = await authenticated(c, true);
    if (!auth.ok) return answer(c, { status: auth.status, body: { error: auth.error } });
    const body = await readJson(c);
    if (!body.ok) return answer(c, body.answer);
    await worker;
    const request = {
      taskId: c.req.param("taskId"),
      body: body.value,
      headers: c.req.raw.headers,
      authentication: auth.authentication,
    };
    return answer(c, await triggerTask(ctx.pool, request, findTask));
  });

  app.get("/api/v3/runs/:runId", async (c) => {
    const auth = await authenticated(c, true);
    if (!auth.ok) return answer(c, { status: auth.status, body: { error: auth.error } });
    const run = await findRun(ctx.pool, environment.id, c.req.param("runId"));
    if (!run)
      return answer(c, { status: 404, body: { error: "Not found" }, headers: { "x-should-retry": "true" } });
    if (!auth.authentication.ability.can("read", runResources(run))) return answer(c, forbidden());
    return c.json(await presentRun(run, apiVersion(c)));
  });

  app.get("/realtime/v1/runs/:runId", async (c) => {
    const auth = await authenticated(c, true);
    if (!auth.ok) return answer(c, { status: auth.status, body: { error: auth.error } });
    const runId = c.req.param("runId");
    const run = await findRun(ctx.pool, environment.id, runId);
    if (!run)
      return answer(c, { status: 404, body: { error: "Not found" }, headers: { "x-should-retry": "false" } });
    if (!auth.authentication.ability.can("read", runResources(run))) return answer(c, forbidden());
    return runShape(feed, () => findRun(ctx.pool, environment.id, runId), {
      run,
      url: new URL(c.req.url),
      headers: c.req.raw.headers,
      skipColumns: auth.authentication.realtime?.skipColumns,
      signal: c.req.raw.signal,
    });
  });

  app.get("/api/v1/runs", async (c) => {
    const auth = await authenticated(c, true);
    if (!auth.ok) return answer(c, { status: auth.status, body: { error: auth.error } });
    const query = listQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return answer(c, { status: 400, body: { error: "Query Error", details: query.error.issues } });
    }
    if (!mayList(auth.authentication, query.data["filter[taskIdentifier]"])) return answer(c, forbidden());
    const version = apiVersion(c);
    const page = await listRuns(ctx.pool, listOptions(environment.id, query.data, version));
    return c.json({
      data: await Promise.all(page.runs.map((run) => presentListedRun(run, version))),
      pagination: { next: page.next, previous: page.previous },
    });
  });

  app.post("/api/v2/runs/:runId/cancel", async (c) => {
    const auth = await authenticated(c, true);
    if (!auth.ok) return answer(c, { status: auth.status, body: { error: auth.error } });
    const runId = c.req.param("runId");
    const run = await findRun(ctx.pool, environment.id, runId);
    const resources: Resource[] = run
      ? [
          { type: "runs", id: run.id },
          { type: "tasks", id: run.task_identifier },
        ]
      : [{ type: "runs", id: runId }];
    if (!auth.authentication.ability.can("write", resources)) return answer(c, forbidden());
    if (!run) return answer(c, { status: 404, body: { error: "Resource not found" } });
    await cancelRun(ctx.pool, environment.id, run.id);
    return c.json({ id: run.id });
  });

  app.post("/api/v1/idempotencyKeys/:key/reset", async (c) => {
    const auth = await authenticated(c, true);
    if (!auth.ok) return answer(c, { status: auth.status, body: { error: auth.error } });
    const body = await readJson(c);
    if (!body.ok) return answer(c, body.answer);
    const parsed = resetBodySchema.safeParse(body.value);
    if (!parsed.success)
      return answer(c, { status: 400, body: { error: validationMessage(parsed.error.issues) } });
    if (!auth.authentication.ability.can("write", [{ type: "runs" }])) return answer(c, forbidden());
    const idempotencyKey = c.req.param("key");
    const { taskIdentifier } = parsed.data;
    const cleared = await clearIdempotencyKey(ctx.pool, {
      environmentId: environment.id,
      taskIdentifier,
      idempotencyKey,
    });
    if (cleared === 0) {
      const error = `No runs found with idempotency key: ${idempotencyKey} and task: ${taskIdentifier}`;
      return answer(c, { status: 404, body: { error } });
    }
    return c.json({ id: idempotencyKey });
  });

  // The SDK asks for the claims it signs public tokens with (auth.createPublicToken and friends).
  app.post("/api/v1/auth/jwt/claims", async (c) => {
    const auth = await authenticated(c, false);
    if (!auth.ok) return answer(c, { status: 401, body: { error: "Invalid or Missing API key" } });
    return c.json({ sub: environment.id, pub: true });
  });

  return app;
}

/** What a token may name to read a run: the run, its task, or one of its tags. */
function runResources(run: RunRecord): Resource[] {
  return [
    { type: "runs", id: run.id },
    { type: "tasks", id: run.task_identifier },
    ...run.tags.map((tag) => ({ type: "tags", id: tag })),
  ];
}

function startLocalWorker(ctx: GatewayContext, options: TasksServiceOptions): Promise<WorkerHandle | null> {
  const apiUrl = ctx.env.TRIGGER_API_URL;
  const runsHere = options.worker ?? (!apiUrl || apiUrl.replace(/\/$/, "") === ctx.publicUrl);
  if (!runsHere) return Promise.resolve(null);
  return startWorker({
    pool: ctx.pool,
    databaseUrl: ctx.databaseUrl,
    root: ROOT,
    environmentId: localEnvironment(ctx).id,
    taskDirs: options.taskDirs,
    leaseMs: options.leaseMs,
    env: {
      SITE_URL: ctx.siteUrl,
      ...ctx.env,
      SUPABASE_URL: ctx.publicUrl,
      SUPABASE_ANON_KEY: ctx.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    },
    log: ctx.log,
  }).catch((error: unknown) => {
    ctx.log(
      `tasks: the local worker did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  });
}

function answer(c: Context, { status, body, headers }: ApiAnswer): Response {
  return c.json(body, status as 200, headers);
}

function forbidden(): ApiAnswer {
  return { status: 403, body: UNAUTHORIZED_BODY };
}

function apiVersion(c: Context): string | undefined {
  return c.req.header("x-trigger-api-version");
}

type JsonBody = { ok: true; value: unknown } | { ok: false; answer: ApiAnswer };

async function readJson(c: Context): Promise<JsonBody> {
  const text = await c.req.text();
  if (text.length === 0)
    return { ok: false, answer: { status: 400, body: { error: "Request body is empty" } } };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, answer: { status: 400, body: { error: "Invalid JSON" } } };
  }
}

const resetBodySchema = z.object({ taskIdentifier: z.string().min(1, "Task identifier is required") });

const commaList = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(",") : undefined));

const listQuerySchema = z.object({
  "page[size]": z.coerce.number().int().min(1).max(100).optional(),
  "page[after]": z.string().optional(),
  "page[before]": z.string().optional(),
  "filter[status]": commaList,
  "filter[taskIdentifier]": commaList,
  "filter[tag]": commaList,
  "filter[queue]": commaList,
  "filter[isTest]": z.enum(["true", "false"]).optional(),
  "filter[createdAt][from]": z.coerce.number().optional(),
  "filter[createdAt][to]": z.coerce.number().optional(),
  "filter[createdAt][period]": z.string().optional(),
});

type ListQuery = z.infer<typeof listQuerySchema>;

/** Without a task filter, a token needs runs or tasks in general; with one, every task it names. */
function mayList(authentication: Authentication, taskFilter: string[] | undefined): boolean {
  const { ability } = authentication;
  if (ability.can("read", [{ type: "runs" }, { type: "tasks" }])) return true;
  return (
    Boolean(taskFilter?.length) &&
    (taskFilter ?? []).every((id) => ability.can("read", [{ type: "tasks", id }]))
  );
}

function listOptions(environmentId: string, query: ListQuery, apiVersion: string | undefined) {
  const after = query["page[after]"];
  const before = query["page[before]"];
  const period = query["filter[createdAt][period]"];
  const periodStart = period ? periodStartDate(period) : undefined;
  const statusFilter = query["filter[status]"];
  return {
    environmentId,
    statuses: statusFilter && storedStatusesShownAs(statusFilter, apiVersion),
    taskIdentifiers: query["filter[taskIdentifier]"],
    tags: query["filter[tag]"],
    queues: query["filter[queue]"],
    isTest: query["filter[isTest]"] === undefined ? undefined : query["filter[isTest]"] === "true",
    from: periodStart ?? dateOf(query["filter[createdAt][from]"]),
    to: dateOf(query["filter[createdAt][to]"]),
    pageSize: query["page[size]"] ?? 25,
    cursor: after
      ? { direction: "forward" as const, runId: after }
      : before
        ? { direction: "backward" as const, runId: before }
        : undefined,
  };
}

function dateOf(epochMs: number | undefined): Date | undefined {
  return epochMs === undefined ? undefined : new Date(epochMs);
}

/** `filter[createdAt][period]` such as "1d" or "7d": runs created since that long ago. */
function periodStartDate(period: string): Date | undefined {
  const match = /^(\d+)([smhdw])$/.exec(period);
  if (!match) return undefined;
  const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[
    match[2] as "s" | "m" | "h" | "d" | "w"
  ];
  return new Date(Date.now() - Number(match[1]) * unitMs);
}

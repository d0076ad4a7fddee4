import path from "node:path";
import { type Context, Hono } from "hono";
import { jwtVerify } from "jose";
import type { GatewayContext } from "../context.ts";
import { type FunctionLocation, listFunctions, locateFunction } from "./config.ts";
import { FunctionBootError, FunctionWorker, warmDependencyCache } from "./worker.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** Where supabase-js sends function calls; what follows is what the function sees as its path. */
const MOUNT_PATH = "/functions/v1";

export interface FunctionsOptions {
  /** The Supabase project folder holding config.toml and functions/ (tests point it at fixtures). */
  supabaseDir?: string;
  denoBin?: string;
}

/** Workers per gateway context, so the gateway can stop every Deno process it started. */
const workersByContext = new WeakMap<GatewayContext, Map<string, FunctionWorker>>();

/**
 * `/functions/v1/<name>[/<path>]`: runs `supabase/functions/<name>/index.ts` in real Deno with the
 * environment hosted Supabase gives functions, behind the same JWT check as the Supabase CLI's relay.
 */
export function functionsService(ctx: GatewayContext, options: FunctionsOptions = {}): Hono {
  const supabaseDir = options.supabaseDir ?? path.join(ROOT, "supabase");
  const denoBin = options.denoBin ?? path.join(ROOT, "node_modules", ".bin", "deno");
  const workers = workersOf(ctx);
  void warmDependencyCache(denoBin, listFunctions(supabaseDir), functionEnvironment(ctx), ctx.log);
  const workerFor = (location: FunctionLocation) => {
    const key = location.entryPath;
    let worker = workers.get(key);
    if (!worker) {
      worker = new FunctionWorker({
        ...location,
        readableDir: path.join(supabaseDir, "functions"),
        denoBin,
        env: functionEnvironment(ctx),
        log: ctx.log,
      });
      workers.set(key, worker);
    }
    return worker;
  };

  const app = new Hono();
  app.all("*", async (c) => {
    const { pathname, search } = new URL(c.req.url);
    const functionPath = pathname.slice(pathname.indexOf(MOUNT_PATH) + MOUNT_PATH.length);
    const name = functionPath.split("/")[1] ?? "";
    const location = locateFunction(supabaseDir, name);
    if (!location) return c.text("Function not found", 404);
    if (c.req.method !== "OPTIONS" && location.verifyJwt) {
      const refusal = await refuseWithoutValidJwt(c.req.header("authorization"), ctx.keys.jwtSecret);
      if (refusal) return c.json({ msg: refusal }, 401);
    }
    return proxy(c, workerFor(location), `${functionPath}${search}`);
  });
  return app;
}

/** Stops every function process started for this gateway context (call on gateway stop). */
export async function stopFunctions(ctx: GatewayContext): Promise<void> {
  const workers = workersOf(ctx);
  await Promise.all([...workers.values()].map((worker) => worker.stop()));
  workers.clear();
}

function workersOf(ctx: GatewayContext): Map<string, FunctionWorker> {
  let workers = workersByContext.get(ctx);
  if (!workers) {
    workers = new Map();
    workersByContext.set(ctx, workers);
  }
  return workers;
}

/** What Deno itself needs from the host: where its npm cache is and how to reach the registry. */
const DENO_HOST_VARIABLES = [
  "HOME",
  "XDG_CACHE_HOME",
  "DENO_DIR",
  "NPM_CONFIG_REGISTRY",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
];

/** What hosted Supabase sets for every function, on top of the project's secrets. */
function functionEnvironment(ctx: GatewayContext): Record<string, string> {
  return {
    ...Object.fromEntries(
      DENO_HOST_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
    ),
    NO_COLOR: "1",
    SITE_URL: ctx.siteUrl,
    ...ctx.env,
    SUPABASE_URL: ctx.publicUrl,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    SUPABASE_DB_URL: ctx.databaseUrl,
  };
}

/** The Supabase CLI relay's check (internal/functions/serve/templates/main.ts): 401 `{msg}`. */
async function refuseWithoutValidJwt(authorization: string | undefined, secret: string) {
  if (!authorization) return "Error: Missing authorization header";
  const [scheme, token] = authorization.split(" ");
  if (scheme !== "Bearer") return "Error: Auth header is not 'Bearer {token}'";
  try {
    await jwtVerify(token ?? "", new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    return null;
  } catch {
    return "Invalid JWT";
  }
}

/** Headers that describe one hop, not the message; fetch() sets its own and decodes compression. */
const HOP_HEADERS = ["host", "connection", "keep-alive", "transfer-encoding", "accept-encoding", "upgrade"];
const DECODED_RESPONSE_HEADERS = ["content-encoding", "content-length", "transfer-encoding", "connection"];

async function proxy(c: Context, worker: FunctionWorker, pathAndQuery: string): Promise<Response> {
  let origin: string;
  try {
    origin = await worker.origin();
  } catch (error) {
    if (!(error instanceof FunctionBootError)) throw error;
    return c.json({ code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" }, 503);
  }
  const incoming = c.req.raw;
  const headers = new Headers(incoming.headers);
  for (const name of HOP_HEADERS) headers.delete(name);
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  try {
    const response = await fetch(`${origin}${pathAndQuery}`, {
      method: incoming.method,
      headers,
      body: hasBody ? incoming.body : null,
      redirect: "manual",
      signal: incoming.signal,
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
    const responseHeaders = new Headers(response.headers);
    for (const name of DECODED_RESPONSE_HEADERS) responseHeaders.delete(name);
    return new Response(response.body, { status: response.status, headers: responseHeaders });
  } catch {
    return c.json(
      { code: "WORKER_ERROR", message: "Function exited due to an error (please check logs)" },
      500,
    );
  }
}

import { type Context, Hono } from "hono";
import { readBodyWithin } from "../body.ts";
import type { GatewayContext } from "../context.ts";
import { bearerToken, type Identity, identify } from "../jwt.ts";
import { apiErrors, jwtErrors, RestError } from "./errors.ts";
import { execute } from "./execute.ts";
import { openApiDocument } from "./openapi.ts";
import { buildPlan, type Plan } from "./plan.ts";
import { type ApiRequest, parseApiRequest, resolveSchema } from "./request.ts";
import { type SchemaCache, SchemaCacheHolder } from "./schema-cache.ts";

/** The largest request body accepted; larger ones get 413 before anything is parsed. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT"]);

/**
 * `/rest/v1`: PostgREST's HTTP API over the exposed schemas, for everything supabase-js sends.
 * Each request is authenticated, parsed, checked against the schema cache, planned into one SQL
 * statement and run in a transaction as the caller's role, so row-level security is Postgres' job.
 */
export function restService(ctx: GatewayContext): Hono {
  const cache = new SchemaCacheHolder(ctx);
  const app = new Hono();
  app.all("*", (c) => handle(ctx, cache, c, resourcePath(c)));
  return app;
}

/** The path below the mount point as decoded segments: [] (root), [table] or ["rpc", fn]. */
function resourcePath(c: Context): string[] {
  const base = c.req.routePath.replace(/\/?\*$/, "");
  const rest = new URL(c.req.url).pathname.slice(base.length);
  try {
    return rest.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return ["", "", ""];
  }
}

async function handle(
  ctx: GatewayContext,
  cache: SchemaCacheHolder,
  c: Context,
  path: string[],
): Promise<Response> {
  try {
    return await respond(ctx, cache, c.req.raw, path);
  } catch (error) {
    const isHead = c.req.method.toUpperCase() === "HEAD";
    if (error instanceof RestError) return errorResponse(error, isHead);
    ctx.log(
      `rest: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return errorResponse(new RestError(500, "PGRSTX00", "Internal server error"), isHead);
  }
}

async function respond(
  ctx: GatewayContext,
  cache: SchemaCacheHolder,
  raw: Request,
  path: string[],
): Promise<Response> {
  const method = raw.method.toUpperCase();
  const declaredLength = Number(raw.headers.get("content-length") ?? 0);
  if (declaredLength > MAX_BODY_BYTES) throw apiErrors.payloadTooLarge(MAX_BODY_BYTES);
  const identity = await authenticate(ctx, raw.headers);
  if (path.length === 0) return rootResponse(ctx, await cache.get(), method, raw.headers);

  const body = WRITE_METHODS.has(method) ? await readBody(raw) : null;
  const schemaCache = await cache.get();
  // The exposed schemas are PostgREST's db-schemas, which the database may set (pgrst.db_schemas).
  const { request, plan } = planned(raw, path, schemaCache.config.schemas, body, schemaCache);
  return execute(ctx, request, plan, identity, schemaCache, {
    method,
    path: `/${path.join("/")}`,
    headers: raw.headers,
  });
}

// Plans -------------------------------------------------------------------------------------

interface Planned {
  request: ApiRequest;
  plan: Plan;
}

/**
 * Plans of reads already made, per schema cache (a reload starts afresh): a client repeats the same
 * reads, and parsing and planning them again was the largest piece of a small read's own JavaScript. A read
 * has no body, so its plan follows from its method, URL and the headers that parseApiRequest reads;
 * requests that fail to parse or plan are not kept.
 */
const plannedReads = new WeakMap<SchemaCache, Map<string, Planned>>();
const MAX_PLANNED_READS = 500;

function planned(
  raw: Request,
  path: string[],
  exposedSchemas: string[],
  body: string | null,
  cache: SchemaCache,
): Planned {
  const plan = (): Planned => {
    const request = parseApiRequest(raw, path, exposedSchemas, body);
    return { request, plan: buildPlan(request, cache) };
  };
  if (body !== null || (raw.method !== "GET" && raw.method !== "HEAD")) return plan();
  const { headers } = raw;
  const key = JSON.stringify([
    raw.method,
    raw.url,
    ...["accept", "accept-profile", "prefer", "range"].map((name) => headers.get(name)),
  ]);
  const known = plannedReads.get(cache) ?? new Map<string, Planned>();
  plannedReads.set(cache, known);
  let result = known.get(key);
  if (!result) {
    result = plan();
    if (known.size >= MAX_PLANNED_READS) known.clear();
    known.set(key, result);
  }
  return result;
}

// Authentication ------------------------------------------------------------------------------

/** The caller's role from the bearer token, with PostgREST's 401s for bad tokens. */
async function authenticate(ctx: GatewayContext, headers: Headers): Promise<Identity> {
  const authorization = headers.get("authorization");
  if (authorization !== null && /^bearer\s*$/i.test(authorization.trim()))
    throw jwtErrors.decode("Empty JWT is sent in Authorization header");
  const token = bearerToken(headers) || null;
  const result = await identify(ctx, token);
  if (result.ok) return result.identity;
  if (result.reason === "expired") throw jwtErrors.expired();
  if (result.reason === "unknown_role")
    throw new RestError(401, "22023", result.message, null, null, { "WWW-Authenticate": "Bearer" });
  throw jwtErrors.decode(jwtDecodeMessage(token ?? ""));
}

/** PostgREST's wording for a token it cannot verify. */
function jwtDecodeMessage(token: string): string {
  const parts = token.split(".");
  if (parts.length !== 3) return `Expected 3 parts in JWT; got ${parts.length}`;
  try {
    const header = JSON.parse(Buffer.from(parts[0] as string, "base64url").toString("utf8")) as {
      alg?: unknown;
    };
    if (header.alg !== "HS256") return "Wrong or unsupported encoding algorithm";
  } catch {
    return "JWT cryptographic operation failed";
  }
  return "JWT cryptographic operation failed";
}

// Body ----------------------------------------------------------------------------------------

async function readBody(request: Request): Promise<string> {
  const bytes = await readBodyWithin(request, MAX_BODY_BYTES, () =>
    apiErrors.payloadTooLarge(MAX_BODY_BYTES),
  );
  return new TextDecoder().decode(bytes);
}

// Root and errors -----------------------------------------------------------------------------

async function rootResponse(
  ctx: GatewayContext,
  cache: SchemaCache,
  method: string,
  headers: Headers,
): Promise<Response> {
  const { schema } = resolveSchema(headers, method, cache.config.schemas);
  if (method !== "GET" && method !== "HEAD") throw apiErrors.unsupportedMethod(method);
  const document = openApiDocument(cache, schema, ctx.publicUrl);
  const body = method === "HEAD" ? null : JSON.stringify(document);
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "application/openapi+json; charset=utf-8" },
  });
}

function errorResponse(error: RestError, isHead: boolean): Response {
  const headers = new Headers(error.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(isHead ? null : JSON.stringify(error.body()), { status: error.status, headers });
}

import { Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { authService } from "./auth/index.ts";
import { type AuthSettings, authSettingsFromEnv } from "./auth/settings.ts";
import type { GatewayContext } from "./context.ts";
import { functionsService, stopFunctions } from "./functions/index.ts";
import { inboxService } from "./inbox/index.ts";
import { restService } from "./rest/index.ts";
import { serveApp } from "./serve.ts";
import { storageService } from "./storage/index.ts";
import { stopTasksService, type TasksServiceOptions, tasksService } from "./tasks/index.ts";

/**
 * The local gateway: one port speaking the Supabase APIs (/rest/v1, /auth/v1, /storage/v1,
 * /functions/v1) and the Trigger.dev API subset (/api, /realtime) that the official clients use.
 */
export interface GatewayOptions {
  /** Auth settings that differ from the environment's (see auth/settings.ts). */
  auth?: Partial<AuthSettings>;
  /** The task service's options: whether it runs a worker in this process, and its lease. */
  tasks?: TasksServiceOptions;
}

export function createGatewayApp(ctx: GatewayContext, options: GatewayOptions = {}): Hono {
  const app = new Hono();
  // Hosted Supabase and Trigger.dev answer browsers from any origin; edge functions set their own CORS.
  // The inbox holds sign-in codes: only the product's own web client may read it from a browser, so a
  // page on another site open in the developer's browser cannot; inbox/guard.ts refuses such requests
  // outright, and those of stored files opened as (sandboxed, opaque-origin) documents.
  const inboxCors = cors({ origin: (origin) => (origin === new URL(ctx.siteUrl).origin ? origin : null) });
  app.use("*", async (c, next) => {
    if (c.req.path.startsWith("/functions/")) return next();
    return c.req.path.startsWith("/inbox") ? inboxCors(c, next) : apiCors(c, next);
  });
  app.get("/health", (c) => c.json({ status: "ok" }));
  app.route("/rest/v1", restService(ctx));
  app.route("/auth/v1", authService(ctx, { ...authSettingsFromEnv(process.env), ...options.auth }));
  app.route("/storage/v1", storageService(ctx));
  app.route("/inbox", inboxService(ctx));
  app.route("/functions/v1", functionsService(ctx));
  app.route("/", tasksService(ctx, options.tasks));
  return app;
}

/** Hosted Supabase answers any origin, echoing it (credentials are allowed). */
const apiOrigin = (origin: string) => origin || "*";

const API_CORS = {
  origin: apiOrigin,
  credentials: true,
  allowHeaders: [
    "authorization",
    "apikey",
    "content-type",
    "x-client-info",
    "accept-profile",
    "content-profile",
    "prefer",
    "range",
    "x-upsert",
    "x-supabase-api-version",
    "cache-control",
    "x-metadata",
    // TUS (resumable uploads): the protocol's request headers.
    "tus-resumable",
    "upload-length",
    "upload-defer-length",
    "upload-metadata",
    "upload-offset",
    "upload-concat",
    "x-http-method-override",
    "trigger-version",
    "x-trigger-api-version",
    "x-trigger-client",
    "idempotency-key",
    "sentry-trace",
    "baggage",
    "x-trigger-source",
    "x-trigger-request-idempotency-key",
    "x-trigger-realtime-streams-version",
    "x-trigger-electric-version",
    "idempotency-key-ttl",
  ],
  exposeHeaders: [
    "content-range",
    "content-profile",
    "x-supabase-api-version",
    "x-sb-error-code",
    // TUS: where the upload lives and how far it got.
    "location",
    "tus-resumable",
    "tus-version",
    "tus-extension",
    "tus-max-size",
    "upload-offset",
    "upload-length",
    "upload-expires",
    "x-trigger-jwt",
    "x-trigger-jwt-claims",
    "x-should-retry",
    "retry-after",
    "location",
    "preference-applied",
    "content-location",
    "electric-offset",
    "electric-handle",
    "electric-schema",
    "electric-cursor",
    "electric-up-to-date",
    "electric-chunk-last-offset",
    "electric-shape-id",
  ],
  maxAge: 600,
};
const preflightCors = cors(API_CORS);
const exposeHeaders = API_CORS.exposeHeaders.join(",");

/**
 * Hono's cors() answers preflights here. On every other request it ends with `c.header("Vary", …)`,
 * which rebuilds the finished response around its body as a stream, so @hono/node-server can no
 * longer write a string body in one go; the same headers are set here on the response as it is.
 */
const apiCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "OPTIONS") return preflightCors(c, next);
  await next();
  const { headers } = c.res;
  headers.set("Access-Control-Allow-Origin", apiOrigin(c.req.header("origin") ?? ""));
  headers.set("Access-Control-Allow-Credentials", "true");
  headers.set("Access-Control-Expose-Headers", exposeHeaders);
  headers.append("Vary", "Origin");
};

export interface GatewayHandle {
  url: string;
  stop(): Promise<void>;
}

export async function startGateway(
  ctx: GatewayContext,
  port: number,
  options: GatewayOptions = {},
): Promise<GatewayHandle> {
  const served = await serveApp(createGatewayApp(ctx, options), port);
  return {
    url: served.url,
    stop: async () => {
      await stopTasksService(ctx);
      await stopFunctions(ctx);
      await served.close();
    },
  };
}

import { originsEnv } from "./env.ts";

/** The local web client (`npm run dev:web`), admitted when no origin is configured. */
const LOCAL_WEB_CLIENT = ["http://127.0.0.1:5173", "http://localhost:5173"];
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost"];

/** What supabase-js sends with a function call, plus Sentry's tracing headers. */
const ALLOWED_HEADERS = "authorization, x-client-info, apikey, content-type, x-region, sentry-trace, baggage";

/** A loopback origin is reached under either name; admit its twin so both addresses work. */
function withLoopbackTwin(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

function allowedOrigins(): Set<string> {
  const { SITE_URL, ALLOWED_ORIGINS } = originsEnv();
  const configured = [...(SITE_URL ? [SITE_URL] : []), ...(ALLOWED_ORIGINS ?? [])];
  return new Set((configured.length > 0 ? configured : LOCAL_WEB_CLIENT).flatMap(withLoopbackTwin));
}

/** CORS headers for the product's own origins only; other origins get none, so browsers refuse. */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get("origin");
  const base = { Vary: "Origin" };
  if (!origin || !allowedOrigins().has(origin)) return base;
  return {
    ...base,
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Max-Age": "600",
  };
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { stack } from "../../../tests/support/clients.ts";
import { authService } from "../../gateway/auth/index.ts";
import { type AuthSettings, authSettingsFromEnv } from "../../gateway/auth/settings.ts";
import { inboxService } from "../../gateway/inbox/index.ts";
import { serveApp } from "../../gateway/serve.ts";
import { freePort } from "../../postgres.ts";
import { testGatewayContext } from "../support/gateway.ts";

// The clients a product test uses too; the conformance tests below add in-process gateways.
export {
  anonClient,
  database,
  type InboxMail,
  inbox,
  latestCode,
  signIn,
  stack,
  uniqueEmail,
} from "../../../tests/support/clients.ts";

export interface LocalAuthGateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * An in-process gateway serving /auth/v1 and /inbox on the shared test database with its own auth
 * settings (e.g. OAuth providers pointed at a stand-in, or tighter limits).
 */
export async function startAuthGateway(overrides: Partial<AuthSettings>): Promise<LocalAuthGateway> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stateDir = mkdtempSync(path.join(tmpdir(), "studymap-auth-test-"));
  const ctx = await testGatewayContext({
    publicUrl: url,
    siteUrl: "http://127.0.0.1:5173",
    stateDir,
    env: {},
  });
  const app = new Hono();
  app.route("/auth/v1", authService(ctx, { ...authSettingsFromEnv({}), ...overrides }));
  app.route("/inbox", inboxService(ctx));
  const served = await serveApp(app, port);
  return {
    url,
    stop: async () => {
      await served.close();
      await ctx.pool.end();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Calls an auth endpoint directly, as auth-js would, and returns status, headers and JSON body. */
export async function callAuth(
  method: string,
  pathAndQuery: string,
  body?: unknown,
  headers: Record<string, string> = {},
  baseUrl = stack().supabaseUrl,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/auth/v1${pathAndQuery}`, {
    method,
    headers: {
      apikey: stack().anonKey,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { Hono } from "hono";
import pg from "pg";
import { inject } from "vitest";
import { authService } from "../../devstack/gateway/auth/index.ts";
import { type AuthSettings, authSettingsFromEnv } from "../../devstack/gateway/auth/settings.ts";
import { inboxService } from "../../devstack/gateway/inbox/index.ts";
import { serveApp } from "../../devstack/gateway/serve.ts";
import { freePort } from "../../devstack/postgres.ts";
import { testGatewayContext } from "../support/gateway.ts";

export const stack = () => inject("stack");

/** A fresh address per test: the database and the inbox are shared with every other test. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@auth-tests.example`;
}

/** A client as the web app makes it, without browser storage or background refresh. */
export function anonClient(url = stack().supabaseUrl): SupabaseClient {
  return createClient(url, stack().anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

export interface InboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export async function inbox(email: string, baseUrl = stack().supabaseUrl): Promise<InboxMail[]> {
  const response = await fetch(`${baseUrl}/inbox/api/messages?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return (await response.json()) as InboxMail[];
}

/** The code and token_hash link of the newest mail to `email`. */
export async function latestCode(email: string, baseUrl?: string): Promise<{ code: string; link: URL }> {
  const [mail] = await inbox(email, baseUrl);
  const code = mail && /code: (\d{6,10})/.exec(mail.text)?.[1];
  const link = mail && /(https?:\/\/\S+token_hash=\S+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`no sign-in mail for ${email}`);
  return { code, link: new URL(link) };
}

/** Signs in by e-mail code exactly as a learner does: request, read the inbox, verify. */
export async function signIn(
  email: string,
  client = anonClient(),
): Promise<{ client: SupabaseClient; session: Session }> {
  const sent = await client.auth.signInWithOtp({ email });
  if (sent.error) throw sent.error;
  const { code } = await latestCode(email);
  const { data, error } = await client.auth.verifyOtp({ email, token: code, type: "email" });
  if (error || !data.session) throw error ?? new Error("no session");
  return { client, session: data.session };
}

/** A superuser connection for fixtures and for checking what the services wrote. */
export async function database(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: stack().databaseUrl });
  await client.connect();
  return client;
}

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

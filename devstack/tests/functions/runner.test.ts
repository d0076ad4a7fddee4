import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { Hono } from "hono";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { failure } from "../../../tests/functions/support.ts";
import type { GatewayContext } from "../../gateway/context.ts";
import { functionsService, stopFunctions } from "../../gateway/functions/index.ts";
import { type ServedApp, serveApp } from "../../gateway/serve.ts";
import { freePort, isAlive } from "../../postgres.ts";
import { testGatewayContext } from "../support/gateway.ts";

/**
 * The /functions/v1 runner, driven by supabase-js against an in-process gateway whose Supabase folder
 * is tests/functions/fixtures/supabase (functions echo, open, broken and a _shared folder).
 */
const stack = inject("stack");
const secrets = {
  TRIGGER_SECRET_KEY: "tr_dev_runner_test",
  TRIGGER_API_URL: "http://127.0.0.1:9/trigger",
  GENERATION_GRANT_SECRET: "runner-test-grant-secret-with-32-characters",
};

let ctx: GatewayContext;
let url: string;
let supabase: SupabaseClient;
const servers: ServedApp[] = [];

/** A gateway serving only /functions/v1 from the given Supabase folder, on a free port. */
async function serveFunctions(supabaseDir: string, port?: number): Promise<string> {
  const listenOn = port ?? (await freePort());
  const app = new Hono().route("/functions/v1", functionsService(ctx, { supabaseDir }));
  const served = await serveApp(app, listenOn);
  servers.push(served);
  return served.url;
}

beforeAll(async () => {
  // Hosted functions never see the host's environment; this one must not leak through either.
  process.env.STUDYMAP_HOST_ONLY = "host secret";
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  ctx = await testGatewayContext({ publicUrl: url, siteUrl: "http://127.0.0.1:5999", env: secrets });
  await serveFunctions(path.join(import.meta.dirname, "fixtures", "supabase"), port);
  supabase = createClient(url, ctx.keys.anonKey, { auth: { persistSession: false } });
});

afterAll(async () => {
  await stopFunctions(ctx);
  for (const server of servers) await server.close();
  await ctx.pool.end();
});

async function userToken(secret = stack.jwtSecret, expiresIn = "1h"): Promise<string> {
  return new SignJWT({ role: "authenticated", aud: "authenticated", email: "runner@studymap.test" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(randomUUID())
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

interface Echo {
  pid: number;
  method: string;
  path: string;
  query: string;
  authorization: string | null;
  apikey: string | null;
  body: string | null;
  env: Record<string, string | null>;
  hostOnly: string | null;
}

describe("invoking a function", () => {
  it("runs it in Deno with the environment hosted Supabase gives functions plus the project's secrets", async () => {
    const { data, error } = await supabase.functions.invoke<Echo>("echo", { body: { hello: "deno" } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: "POST",
      path: "/echo",
      body: JSON.stringify({ hello: "deno" }),
      authorization: `Bearer ${ctx.keys.anonKey}`,
      apikey: ctx.keys.anonKey,
      hostOnly: null,
    });
    expect(data?.env).toEqual({
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: ctx.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
      SUPABASE_DB_URL: stack.databaseUrl,
      ...secrets,
      SITE_URL: "http://127.0.0.1:5999",
    });
  });

  it("passes the sub-path, query and method on to the function", async () => {
    const { data } = await supabase.functions.invoke<Echo>("echo/topics/42?view=full", { method: "GET" });
    expect(data).toMatchObject({ method: "GET", path: "/echo/topics/42", query: "?view=full", body: null });
  });

  it("forwards a signed-in user's JWT to the function", async () => {
    const token = await userToken();
    const { data } = await supabase.functions.invoke<Echo>("echo", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(data?.authorization).toBe(`Bearer ${token}`);
  });

  it("serves concurrent first calls from one process", async () => {
    const calls = await Promise.all(
      Array.from({ length: 4 }, () => supabase.functions.invoke<Echo>("echo", { body: {} })),
    );
    expect(new Set(calls.map(({ data }) => data?.pid)).size).toBe(1);
  });

  it("passes the function's own error status and JSON body through", async () => {
    const result = await supabase.functions.invoke("echo/fail");
    expect(await failure(result)).toEqual({ status: 418, body: { error: "Teapot refuses" } });
  });

  it("streams the response as the function writes it", async () => {
    const { data, error } = await supabase.functions.invoke<Response>("echo/stream");
    expect(error).toBeNull();
    const reader = (data as Response).body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const decoder = new TextDecoder();
    // The function holds the second event until /echo/release, so a buffering proxy would hang here.
    expect(decoder.decode((await reader.read()).value)).toBe("data: first\n\n");
    await supabase.functions.invoke("echo/release");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += decoder.decode(chunk.value);
    }
    expect(rest).toBe("data: second\n\n");
  });

  it("runs work handed to EdgeRuntime.waitUntil after the response", async () => {
    expect((await supabase.functions.invoke("echo/background")).data).toEqual({ accepted: true });
    const done = async () =>
      (await supabase.functions.invoke("echo/background-done")).data?.backgroundWorkDone;
    await expect.poll(done).toBe(true);
  });

  it("lets the function read the functions folder only, and write nothing", async () => {
    const { data } = await supabase.functions.invoke("echo/permissions");
    expect(data).toEqual({ readOwnFolder: "allowed", readProject: "NotCapable", write: "NotCapable" });
  });
});

describe("JWT verification (verify_jwt, on unless config.toml turns it off)", () => {
  const call = (init: RequestInit = {}, name = "echo") => fetch(`${url}/functions/v1/${name}`, init);

  it("refuses a call without an Authorization header", async () => {
    const response = await call({ method: "POST" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "Error: Missing authorization header" });
  });

  it("refuses an Authorization header that is not a Bearer token", async () => {
    const response = await call({ method: "POST", headers: { Authorization: `Basic ${btoa("a:b")}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });
  });

  it.each([
    ["signed with another secret", () => userToken("another-secret-that-is-at-least-32-characters")],
    ["expired", () => userToken(stack.jwtSecret, "-1m")],
    ["not a JWT", async () => "not-a-jwt"],
  ])("refuses a token %s", async (_case, token) => {
    const result = await supabase.functions.invoke("echo", {
      headers: { Authorization: `Bearer ${await token()}` },
    });
    expect(await failure(result)).toEqual({ status: 401, body: { msg: "Invalid JWT" } });
  });

  it("lets CORS preflights through without a token", async () => {
    const response = await call({ method: "OPTIONS" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: "OPTIONS", authorization: null });
  });

  it("serves a function with verify_jwt = false without a token", async () => {
    const response = await call({ method: "POST" }, "open");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ authorization: null });
  });
});

describe("errors", () => {
  it.each(["missing", "_shared"])("answers 404 for %s, which is not a function", async (name) => {
    const response = await fetch(`${url}/functions/v1/${name}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ctx.keys.anonKey}` },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Function not found");
  });

  it("answers 503 BOOT_ERROR when the function fails to load", async () => {
    const result = await supabase.functions.invoke("broken");
    expect(await failure(result)).toEqual({
      status: 503,
      body: { code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" },
    });
  });

  it("answers 500 WORKER_ERROR when the function dies mid-request, then starts it again", async () => {
    const before = await supabase.functions.invoke<Echo>("echo");
    const crash = await supabase.functions.invoke("echo/crash");
    expect(await failure(crash)).toEqual({
      status: 500,
      body: { code: "WORKER_ERROR", message: "Function exited due to an error (please check logs)" },
    });
    const after = await supabase.functions.invoke<Echo>("echo");
    expect(after.error).toBeNull();
    expect(after.data?.pid).toBeGreaterThan(0);
    expect(after.data?.pid).not.toBe(before.data?.pid);
  });
});

describe("editing a function", () => {
  it("serves the new code on the next call after one of its source files changed", async () => {
    const supabaseDir = mkdtempSync(path.join(tmpdir(), "studymap-functions-"));
    const functionDir = path.join(supabaseDir, "functions", "edited");
    mkdirSync(functionDir, { recursive: true });
    const writeVersion = (version: number) =>
      writeFileSync(path.join(functionDir, "version.ts"), `export const version = ${version};\n`);
    writeVersion(1);
    writeFileSync(
      path.join(functionDir, "index.ts"),
      'import { version } from "./version.ts";\nDeno.serve(() => Response.json({ version }));\n',
    );
    const client = createClient(await serveFunctions(supabaseDir), ctx.keys.anonKey);
    const version = async () => (await client.functions.invoke<{ version: number }>("edited")).data?.version;
    try {
      expect(await version()).toBe(1);
      writeVersion(2);
      await expect.poll(version, { timeout: 10_000 }).toBe(2);
    } finally {
      rmSync(supabaseDir, { recursive: true, force: true });
    }
  });
});

describe("stopping the gateway", () => {
  it("ends every function process it started", async () => {
    const { data } = await supabase.functions.invoke<Echo>("echo");
    const pid = data?.pid as number;
    expect(isAlive(pid)).toBe(true);
    await stopFunctions(ctx);
    expect(isAlive(pid)).toBe(false);
  });
});

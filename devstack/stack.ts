import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPool, type GatewayContext } from "./gateway/context.ts";
import { startSmtpInbox } from "./gateway/inbox/smtp.ts";
import { startGateway } from "./gateway/index.ts";
import { LOCAL_GENERATION_GRANT_SECRET, LOCAL_TRIGGER_SECRET_KEY, projectKeys } from "./keys.ts";
import { prepareDatabase } from "./migrate.ts";
import { freePort, type PostgresHandle, startEmbeddedPostgres } from "./postgres.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** How clients reach a running local stack; written to .env.local by `npm start`. */
export interface StackInfo {
  databaseUrl: string;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  inboxUrl: string;
  siteUrl: string;
  stateDir: string;
  /** The secret key of the stack's task API (Trigger.dev's TRIGGER_SECRET_KEY), as functions get it. */
  triggerSecretKey: string;
  /** The secret that signs generation grants, shared by the functions and the tasks. */
  generationGrantSecret: string;
}

export interface StackOptions {
  /** dev: persistent data under .data/, fixed ports. test: a throwaway database and free ports. */
  mode: "dev" | "test";
  gatewayPort?: number;
  siteUrl?: string;
  seed?: boolean;
  log?: (line: string) => void;
  /**
   * test mode: keep the throwaway database crash-safe (fsync and synchronous commits on) instead of
   * fast, for benchmarks that kill Postgres and then count what was lost.
   */
  durable?: boolean;
  /**
   * false: the gateway runs no task worker, so another process can run it (and be killed) instead.
   * Default: as the task service decides (see TasksServiceOptions.worker).
   */
  worker?: boolean;
}

export interface RunningStack extends StackInfo {
  /** The inbox's SMTP listener (gateway/inbox/smtp.ts), the tasks' SMTP_URL. */
  smtpUrl: string;
  /** Whether this start applied supabase/seed.sql (a new database). */
  seeded: boolean;
  stop(): Promise<void>;
}

/**
 * The embedded Postgres server's crash controls (PostgresHandle.kill/restart; absent for a server
 * named by DATABASE_URL). Kept off the stack object, whose other fields are plain data that test
 * runners hand between processes.
 */
const crashControls = new WeakMap<RunningStack, Pick<PostgresHandle, "kill" | "restart">>();

export function postgresCrashControls(stack: RunningStack): Pick<PostgresHandle, "kill" | "restart"> {
  return crashControls.get(stack) ?? {};
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => {});
  const stateDir =
    options.mode === "dev" ? path.join(ROOT, ".data") : mkdtempSync(path.join(tmpdir(), "studymap-test-"));
  mkdirSync(stateDir, { recursive: true });
  // mkdtemp makes the throwaway folder private; as root, the postgres user must be able to enter it
  // (to reach its data folder inside), though not to list it.
  if (options.mode === "test") chmodSync(stateDir, 0o711);

  const postgres = await startPostgres(options.mode, stateDir, log, options.durable ?? false);
  const cleanups: Array<() => Promise<void>> = [async () => postgres.stop()];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log(String(error)));
    if (options.mode === "test") rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    const prepared = await prepareDatabase(postgres.url, { seed: options.seed ?? options.mode === "dev" });
    for (const file of prepared.applied) log(`migration applied: ${file}`);
    if (prepared.seeded) log("seed applied: supabase/seed.sql");

    const keys = await projectKeys();
    const port = options.gatewayPort ?? (options.mode === "dev" ? 54321 : await freePort());
    const publicUrl = `http://127.0.0.1:${port}`;
    // A test stack's web client gets its own free port: edge functions answer CORS for siteUrl only.
    const siteUrl =
      options.siteUrl ??
      `http://127.0.0.1:${options.mode === "dev" ? (process.env.WEB_PORT ?? 5173) : await freePort()}`;
    const pool = createPool(postgres.url, log);
    cleanups.push(() => pool.end());
    const ctx: GatewayContext = {
      pool,
      databaseUrl: postgres.url,
      exposedSchemas: ["public"],
      keys,
      publicUrl,
      siteUrl,
      stateDir,
      env: projectSecrets(publicUrl),
      log,
    };
    // Before the gateway, whose task worker hands SMTP_URL to the invitation task.
    const smtpPort = options.mode === "dev" ? Number(process.env.INBOX_SMTP_PORT ?? 54325) : await freePort();
    const smtp = await startSmtpInbox(ctx, smtpPort);
    cleanups.push(() => smtp.stop());
    ctx.env.SMTP_URL = smtp.url;
    const gateway = await startGateway(ctx, port, {
      ...(options.mode === "test" ? { auth: TEST_AUTH_LIMITS } : {}),
      ...(options.worker === undefined ? {} : { tasks: { worker: options.worker } }),
    });
    cleanups.push(() => gateway.stop());
    const running: RunningStack = {
      databaseUrl: postgres.url,
      supabaseUrl: publicUrl,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      jwtSecret: keys.jwtSecret,
      inboxUrl: `${publicUrl}/inbox`,
      smtpUrl: smtp.url,
      seeded: prepared.seeded,
      siteUrl,
      stateDir,
      triggerSecretKey: ctx.env.TRIGGER_SECRET_KEY ?? LOCAL_TRIGGER_SECRET_KEY,
      generationGrantSecret: ctx.env.GENERATION_GRANT_SECRET ?? LOCAL_GENERATION_GRANT_SECRET,
      stop,
    };
    crashControls.set(running, { kill: postgres.kill, restart: postgres.restart });
    return running;
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The whole test suite signs in from one address (127.0.0.1), far more often than a person could, so
 * the test stack lifts the per-client limits; devstack/tests/auth/otp.test.ts checks the limits themselves on a
 * gateway of its own with the normal rules.
 */
const TEST_AUTH_LIMITS = { tokenVerificationsPer5Min: 10_000, signInsPer5Min: 10_000 };

async function startPostgres(
  mode: StackOptions["mode"],
  stateDir: string,
  log: (line: string) => void,
  durable: boolean,
) {
  const external = mode === "dev" ? process.env.DATABASE_URL : process.env.TEST_DATABASE_URL;
  if (external) {
    log(`Postgres: using ${redact(external)}`);
    return { url: external, stop: async () => {} } satisfies PostgresHandle;
  }
  const port = mode === "dev" ? Number(process.env.POSTGRES_PORT ?? 54322) : undefined;
  return startEmbeddedPostgres({
    dataDir: path.join(stateDir, "postgres"),
    port,
    persistent: mode === "dev",
    durable,
    log,
  });
}

/**
 * Secrets handed to edge functions and tasks. Without TRIGGER_SECRET_KEY in the environment, the
 * local task service on the gateway stands in for Trigger.dev cloud.
 */
export function projectSecrets(gatewayUrl: string): Record<string, string> {
  const optional = [
    "LLM_BASE_URL",
    "LLM_API_KEY",
    "LLM_MODEL",
    "SPEECH_BASE_URL",
    "SPEECH_API_KEY",
    "SPEECH_MODEL",
    "SPEECH_VOICES",
  ];
  const cloudTrigger = process.env.TRIGGER_SECRET_KEY;
  return {
    ...Object.fromEntries(
      optional.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
    ),
    TRIGGER_SECRET_KEY: cloudTrigger ?? LOCAL_TRIGGER_SECRET_KEY,
    TRIGGER_API_URL: cloudTrigger ? (process.env.TRIGGER_API_URL ?? "https://api.trigger.dev") : gatewayUrl,
    GENERATION_GRANT_SECRET: process.env.GENERATION_GRANT_SECRET ?? LOCAL_GENERATION_GRANT_SECRET,
    // Web page sources may be served from this machine (the tests' saved pages); never set in production.
    STUDYMAP_ALLOW_LOOPBACK_SOURCES: "1",
    // Organisation models on loopback (Ollama, the tests' stand-ins) are allowed locally; a hosted
    // deployment refuses private addresses unless it sets this itself (docs/security.md).
    LLM_ALLOW_PRIVATE_NETWORK: process.env.LLM_ALLOW_PRIVATE_NETWORK ?? "true",
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

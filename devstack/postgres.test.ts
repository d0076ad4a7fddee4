import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
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

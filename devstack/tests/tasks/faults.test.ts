import { tasks } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPool } from "../../gateway/context.ts";
import { RUN_CHANGES_CHANNEL } from "../../worker/runs.ts";
import { TaskGateway, waitForRun } from "./support.ts";

/**
 * Connections the local stack loses when Postgres drops them (a restart, a crash, an operator's
 * pg_terminate_backend): the gateway must neither crash nor stay deaf afterwards.
 */
const gateway = new TaskGateway();
const LISTEN_QUERY = `listen ${RUN_CHANGES_CHANNEL}`;

beforeAll(() => gateway.start());
afterAll(() => gateway.stop());

async function listenerPids(): Promise<number[]> {
  const { rows } = await gateway.db.query<{ pid: number }>(
    "select pid from pg_stat_activity where query = $1 and pid <> pg_backend_pid()",
    [LISTEN_QUERY],
  );
  return rows.map((row) => row.pid);
}

async function terminate(pids: readonly number[]) {
  await gateway.db.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids]);
}

async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("lost database connections", () => {
  it("a pooled client whose connection dies while checked out does not take the process down", async () => {
    const logged: string[] = [];
    const pool = createPool(gateway.stack.databaseUrl, (line) => logged.push(line));
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      await terminate([rows[0]?.pid as number]);
      await eventually(async () => (logged.length > 0 ? true : undefined), "the error being logged");
      client.release(new Error("connection lost"));
      expect((await pool.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
      expect(logged.join("\n")).toMatch(/postgres client: /);
    } finally {
      await pool.end();
    }
  });

  it("the worker opens its LISTEN connection again and keeps running tasks", async () => {
    const before = await eventually(
      async () => ((await listenerPids()).length > 0 ? listenerPids() : undefined),
      "a worker listening",
    );
    await terminate(before);
    await eventually(async () => {
      const now = await listenerPids();
      return now.some((pid) => !before.includes(pid)) ? true : undefined;
    }, "a new LISTEN connection");
    const handle = await tasks.trigger("fixture-echo", { message: "after the reconnect" });
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run.output).toMatchObject({ echoed: "after the reconnect" });
  });
});

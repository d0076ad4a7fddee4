import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RestFixture, startRestFixture } from "./fixture.ts";

/**
 * PostgREST's in-database configuration: the `pgrst.*` settings of the role it logs in as, read at
 * start and on `notify pgrst, 'reload config'`. Hosted Supabase leaves aggregates off until a project
 * runs `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`, so code counting on them
 * locally must fail locally too. The fixture's gateway reads its own stand-in role (fixture.ts).
 */

let f: RestFixture;
const role = () => `${f.schema}_authenticator`;
const OTHER_SCHEMA = "rest_conformance_settings_other";

beforeAll(async () => {
  f = await startRestFixture("settings", [], {});
  await f.admin.query(`drop schema if exists ${OTHER_SCHEMA} cascade; create schema ${OTHER_SCHEMA};
    grant usage on schema ${OTHER_SCHEMA} to anon;
    create table ${OTHER_SCHEMA}.planets (name text primary key);
    insert into ${OTHER_SCHEMA}.planets values ('Mercury');
    grant select on ${OTHER_SCHEMA}.planets to anon;`);
});

afterAll(async () => {
  await f.admin.query(`drop schema if exists ${OTHER_SCHEMA} cascade`);
  await f.stop();
});

/** Changes the role's settings as a project owner would, and tells the gateway to read them again. */
async function setAndReload(settings: Record<string, string | null>): Promise<void> {
  for (const [key, value] of Object.entries(settings)) {
    const sql =
      value === null
        ? `alter role ${role()} reset pgrst.${key}`
        : `alter role ${role()} set pgrst.${key} = '${value}'`;
    await f.admin.query(sql);
  }
  await f.admin.query("notify pgrst, 'reload config'");
}

/** The reload happens after the notification arrives: poll until the answer changes or time runs out. */
async function eventually<T>(read: () => PromiseLike<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

const countBySubject = () =>
  f.anon.from("topics").select("subject_id, count()").not("subject_id", "is", null).order("subject_id");
/** The fixture's topics per subject (fixture.ts). */
const TOPICS_PER_SUBJECT = [
  { subject_id: 1, count: 3 },
  { subject_id: 2, count: 1 },
  { subject_id: 3, count: 1 },
];
const ALL_TOPICS = 6;

describe("in-database settings (pgrst.*) and notify pgrst", () => {
  it("refuses aggregates with PostgREST's error unless db_aggregates_enabled is on, as hosted", async () => {
    const { data, error, status } = await countBySubject();
    expect(status).toBe(400);
    expect(data).toBeNull();
    expect(error).toEqual({
      code: "PGRST123",
      message: "Use of aggregate functions is not allowed",
      details: null,
      hint: null,
    });
    const sum = await f.anon.from("topics").select("id.sum()");
    expect(sum.error?.code).toBe("PGRST123");
  });

  it("still answers the legacy embedded count, which is no aggregate", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, chapters(count)")
      .in("id", [1, 4])
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, chapters: [{ count: 3 }] },
      { id: 4, chapters: [{ count: 0 }] },
    ]);
  });

  it("turns aggregates on and off with the role's setting and notify pgrst, 'reload config'", async () => {
    await setAndReload({ db_aggregates_enabled: "true" });
    const enabled = await eventually(countBySubject, (result) => result.status === 200);
    expect(enabled.error).toBeNull();
    expect(enabled.data).toEqual(TOPICS_PER_SUBJECT);
    await setAndReload({ db_aggregates_enabled: null });
    const disabled = await eventually(countBySubject, (result) => result.status === 400);
    expect(disabled.error?.code).toBe("PGRST123");
  });

  it("reads the settings only on 'reload config', not on 'reload schema'", async () => {
    await f.admin.query(`alter role ${role()} set pgrst.db_aggregates_enabled = 'true'`);
    await f.admin.query(
      `create table ${f.schema}.settings_marker (id int); grant select on ${f.schema}.settings_marker to anon`,
    );
    await f.admin.query("notify pgrst, 'reload schema'");
    const reloaded = await eventually(
      () => f.anon.from("settings_marker").select(),
      (result) => result.status === 200,
    );
    expect(reloaded.status).toBe(200);
    expect((await countBySubject()).error?.code, f.log.join("\n")).toBe("PGRST123");
    await setAndReload({ db_aggregates_enabled: null });
  });

  it("exposes the schemas pgrst.db_schemas names", async () => {
    const before = await f.anon.schema(OTHER_SCHEMA).from("planets").select();
    expect(before.error?.code).toBe("PGRST106");
    await setAndReload({ db_schemas: `${f.schema}, ${OTHER_SCHEMA}` });
    const after = await eventually(
      () => f.anon.schema(OTHER_SCHEMA).from("planets").select(),
      (result) => result.status === 200,
    );
    expect(after.data).toEqual([{ name: "Mercury" }]);
    await setAndReload({ db_schemas: null });
    const reset = await eventually(
      () => f.anon.schema(OTHER_SCHEMA).from("planets").select(),
      (result) => result.status !== 200,
    );
    expect(reset.error?.code).toBe("PGRST106");
  });

  it("ends with the settings of the last of several 'reload config' sent one after another", async () => {
    for (const rows of ["1", "2", "3", "4", "5"]) await setAndReload({ db_max_rows: rows });
    const last = await eventually(
      () => f.anon.from("topics").select("id"),
      (result) => result.data?.length === 5,
    );
    expect(last.data).toHaveLength(5);
    // Nothing read earlier lands after it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await f.anon.from("topics").select("id")).data).toHaveLength(5);
    await setAndReload({ db_max_rows: null });
    const all = await eventually(
      () => f.anon.from("topics").select("id"),
      (result) => result.data?.length === ALL_TOPICS,
    );
    expect(all.data).toHaveLength(ALL_TOPICS);
  });

  it("caps every read at pgrst.db_max_rows", async () => {
    const all = await f.anon.from("topics").select("id");
    expect(all.data).toHaveLength(ALL_TOPICS);
    await setAndReload({ db_max_rows: "2" });
    const capped = await eventually(
      () => f.anon.from("topics").select("id"),
      (result) => result.data?.length === 2,
    );
    expect(capped.data).toHaveLength(2);
    await setAndReload({ db_max_rows: null });
    await eventually(
      () => f.anon.from("topics").select("id"),
      (result) => result.data?.length === ALL_TOPICS,
    );
  });
});

describe("db_tx_end", () => {
  it("commits despite Prefer: tx=rollback by default, as hosted Supabase does", async () => {
    const response = await fetch(`${f.url}/rest/v1/counters`, {
      method: "POST",
      headers: {
        apikey: f.anonKey,
        "Content-Type": "application/json",
        "Content-Profile": f.schema,
        Prefer: "tx=rollback",
      },
      body: JSON.stringify({ name: "kept despite tx=rollback" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("preference-applied") ?? "").not.toContain("tx=");
    const kept = await f.admin.query(
      `select 1 from ${f.schema}.counters where name = 'kept despite tx=rollback'`,
    );
    expect(kept.rowCount).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, BOB, type RestFixture, startRestFixture } from "./fixture.ts";

let f: RestFixture;

beforeAll(async () => {
  f = await startRestFixture("writes");
});
afterAll(async () => {
  await f?.stop();
});

const rowsOf = async (sql: string, values: unknown[] = []) => (await f.admin.query(sql, values)).rows;
const raw = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${f.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: f.serviceRoleKey,
      "Content-Profile": f.schema,
      "Accept-Profile": f.schema,
      "Content-Type": "application/json",
      ...init.headers,
    },
  });

describe("insert", () => {
  it("inserts an object without returning it: 201, no body, */* range", async () => {
    const { data, error, status } = await f.service.from("subjects").insert({ title: "Insert plain" });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await rowsOf(`select title from ${f.schema}.subjects where title = 'Insert plain'`)).toHaveLength(
      1,
    );
    const response = await raw("subjects", { method: "POST", body: JSON.stringify({ title: "Insert raw" }) });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-range")).toBe("*/*");
    expect(await response.text()).toBe("");
  });

  it("returns the inserted rows with select(), embeds included", async () => {
    const { data, error, status } = await f.service
      .from("topics")
      .insert({ title: "Inserted topic", subject_id: 2, tags: ["a", "b"], metadata: { deep: { x: 1 } } })
      .select("title, tags, metadata, subject:subjects!topics_subject_id_fkey(title)")
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({
      title: "Inserted topic",
      tags: ["a", "b"],
      metadata: { deep: { x: 1 } },
      subject: { title: "History" },
    });
  });

  it("inserts arrays with the union of their keys, missing ones null or their default", async () => {
    const { data, error } = await f.service
      .from("counters")
      .insert([{ name: "bulk-a", value: 3 }, { name: "bulk-b" }], { count: "exact" })
      .select("name, value, note");
    expect(error?.message).toMatch(/null value in column "value"/);
    expect(data).toBeNull();

    const withDefaults = await f.service
      .from("counters")
      .insert([{ name: "bulk-a", value: 3 }, { name: "bulk-b" }], { count: "exact", defaultToNull: false })
      .select("name, value, note");
    expect(withDefaults.error).toBeNull();
    expect(withDefaults.count).toBe(2);
    expect(withDefaults.data).toEqual([
      { name: "bulk-a", value: 3, note: "fresh" },
      { name: "bulk-b", value: 0, note: "fresh" },
    ]);
  });

  it("applies only the listed columns", async () => {
    const response = await raw("counters?columns=name&select=name,value", {
      method: "POST",
      headers: { Prefer: "return=representation" },
      body: JSON.stringify({ name: "only-name", value: 99 }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([{ name: "only-name", value: 0 }]);
  });

  it("returns a Location with return=headers-only", async () => {
    const response = await raw("subjects", {
      method: "POST",
      headers: { Prefer: "return=headers-only" },
      body: JSON.stringify({ id: 40, title: "Located" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/subjects?id=eq.40");
    expect(await response.text()).toBe("");
  });

  it("reports a unique violation as 409 23505 and writes nothing", async () => {
    const { error, status } = await f.service
      .from("subjects")
      .insert([{ title: "Once" }, { title: "Mathematics" }]);
    expect(status).toBe(409);
    expect(error).toMatchObject({
      code: "23505",
      message: 'duplicate key value violates unique constraint "subjects_title_key"',
      details: "Key (title)=(Mathematics) already exists.",
    });
    expect(await rowsOf(`select 1 from ${f.schema}.subjects where title = 'Once'`)).toHaveLength(0);
  });

  it("reports a foreign key violation as 409 23503", async () => {
    const { error, status } = await f.service
      .from("chapters")
      .insert({ topic_id: 9999, title: "x", position: 1 });
    expect(status).toBe(409);
    expect(error?.code).toBe("23503");
  });

  it("reports a check violation and bad input as 400", async () => {
    const tooLong = await f.service.from("notes").insert({ owner_id: ALICE, body: "x".repeat(300) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.code).toBe("23514");
    const badNumber = await f.service.from("counters").insert({ name: "bad", value: "many" });
    expect(badNumber.status).toBe(400);
    expect(badNumber.error?.code).toBe("22P02");
  });

  it("rejects unknown columns with PGRST204", async () => {
    const { error, status } = await f.service.from("subjects").insert({ title: "x", colour: "red" });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: "PGRST204",
      message: "Could not find the 'colour' column of 'subjects' in the schema cache",
      details: null,
      hint: null,
    });
  });

  it("inserts into auto-updatable views", async () => {
    const { data, error } = await f.service
      .from("topic_titles")
      .insert({ title: "Through a view" })
      .select("title");
    expect(error).toBeNull();
    expect(data).toEqual([{ title: "Through a view" }]);
  });
});

describe("upsert", () => {
  it("merges duplicates on the primary key: 201 when something was inserted, 200 when all merged", async () => {
    const first = await f.service
      .from("counters")
      .upsert([
        { name: "up-a", value: 1 },
        { name: "up-b", value: 2 },
      ])
      .select("name, value");
    expect(first.status).toBe(201);
    expect(first.data).toEqual([
      { name: "up-a", value: 1 },
      { name: "up-b", value: 2 },
    ]);
    const again = await f.service.from("counters").upsert({ name: "up-a", value: 10 }).select("name, value");
    expect(again.status).toBe(200);
    expect(again.data).toEqual([{ name: "up-a", value: 10 }]);
  });

  it("ignores duplicates when asked", async () => {
    const { data, status } = await f.service
      .from("counters")
      .upsert(
        [
          { name: "up-a", value: 500 },
          { name: "up-c", value: 3 },
        ],
        { ignoreDuplicates: true },
      )
      .select("name, value");
    expect(status).toBe(201);
    expect(data).toEqual([{ name: "up-c", value: 3 }]);
    expect(await rowsOf(`select value from ${f.schema}.counters where name = 'up-a'`)).toEqual([
      { value: 10 },
    ]);
  });

  it("resolves conflicts on on_conflict columns", async () => {
    const { data, error } = await f.service
      .from("chapters")
      .upsert(
        { topic_id: 1, position: 2, title: "Expressions, revised" },
        { onConflict: "topic_id,position" },
      )
      .select("topic_id, position, title");
    expect(error).toBeNull();
    expect(data).toEqual([{ topic_id: 1, position: 2, title: "Expressions, revised" }]);
    expect(await rowsOf(`select count(*)::int as n from ${f.schema}.chapters where topic_id = 1`)).toEqual([
      { n: 3 },
    ]);
  });

  it("PUT upserts one row addressed by its primary key", async () => {
    const created = await raw("counters?name=eq.put-me", {
      method: "PUT",
      headers: { Prefer: "return=representation" },
      body: JSON.stringify({ name: "put-me", value: 7 }),
    });
    expect(created.status).toBe(201);
    const replaced = await raw("counters?name=eq.put-me", {
      method: "PUT",
      headers: { Prefer: "return=representation" },
      body: JSON.stringify({ name: "put-me", value: 8, note: null }),
    });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual([{ name: "put-me", value: 8, note: null }]);
    const mismatch = await raw("counters?name=eq.put-me", {
      method: "PUT",
      body: JSON.stringify({ name: "other", value: 1 }),
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).code).toBe("PGRST115");
  });
});

describe("update", () => {
  it("updates filtered rows: 204 without, 200 with a representation", async () => {
    const minimal = await f.service.from("counters").update({ value: 5 }).eq("name", "visits");
    expect(minimal.status).toBe(204);
    expect(minimal.data).toBeNull();
    const full = await f.service.from("counters").update({ note: "updated" }).eq("name", "visits").select();
    expect(full.status).toBe(200);
    expect(full.data).toEqual([{ name: "visits", value: 5, note: "updated" }]);
  });

  it("gives the affected count in Content-Range", async () => {
    const response = await raw("topics?subject_id=eq.1", {
      method: "PATCH",
      headers: { Prefer: "count=exact" },
      body: JSON.stringify({ level: 9 }),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("content-range")).toBe("0-3/4");
    const none = await raw("topics?id=eq.12345", {
      method: "PATCH",
      headers: { Prefer: "count=exact" },
      body: JSON.stringify({ level: 9 }),
    });
    expect(none.headers.get("content-range")).toBe("*/0");
  });

  it("refuses an update or delete without filters, as Supabase's safeupdate does", async () => {
    const update = await f.service.from("counters").update({ value: 0 });
    expect(update.status).toBe(400);
    expect(update.error).toEqual({
      code: "21000",
      message: "UPDATE requires a WHERE clause",
      details: null,
      hint: null,
    });
    const remove = await f.service.from("counters").delete();
    expect(remove.error?.message).toBe("DELETE requires a WHERE clause");
    expect(await rowsOf(`select count(*)::int as n from ${f.schema}.counters where value <> 0`)).not.toEqual([
      { n: 0 },
    ]);
  });

  it("rolls back a single() update that touches several rows", async () => {
    const { error, status } = await f.service
      .from("topics")
      .update({ level: 42 })
      .lt("id", 4)
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.details).toBe("The result contains 3 rows");
    expect(await rowsOf(`select 1 from ${f.schema}.topics where level = 42`)).toEqual([]);
  });
});

describe("delete", () => {
  it("deletes filtered rows and returns them on request", async () => {
    await f.admin.query(`insert into ${f.schema}.counters (name) values ('gone-1'), ('gone-2'), ('stays')`);
    const { data, status, count } = await f.service
      .from("counters")
      .delete({ count: "exact" })
      .like("name", "gone-*")
      .select("name");
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect(data).toEqual([{ name: "gone-1" }, { name: "gone-2" }]);
    const minimal = await f.service.from("counters").delete().eq("name", "stays");
    expect(minimal.status).toBe(204);
    expect(await rowsOf(`select name from ${f.schema}.counters where name in ('gone-1', 'stays')`)).toEqual(
      [],
    );
  });
});

describe("limited writes", () => {
  it("deletes only the first rows of an ordered, limited selection", async () => {
    await f.admin.query(`insert into ${f.schema}.counters (name) values ('lim-c'), ('lim-a'), ('lim-b')`);
    const { data, error } = await f.service
      .from("counters")
      .delete()
      .like("name", "lim-*")
      .order("name", { ascending: false })
      .limit(2)
      .select("name");
    expect(error).toBeNull();
    expect(data?.map((row) => row.name).sort()).toEqual(["lim-b", "lim-c"]);
    expect(await rowsOf(`select name from ${f.schema}.counters where name like 'lim-%'`)).toEqual([
      { name: "lim-a" },
    ]);
  });
});

describe("row-level security on writes", () => {
  it("lets a user write only their own rows", async () => {
    const alice = await f.as(ALICE);
    const mine = await alice.from("notes").insert({ body: "mine" }).select("body, owner_id").single();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({ body: "mine", owner_id: ALICE });

    const forged = await alice.from("notes").insert({ body: "as bob", owner_id: BOB });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({
      code: "42501",
      message: `new row violates row-level security policy for table "notes"`,
    });

    const bob = await f.as(BOB);
    const hidden = await bob.from("notes").update({ body: "hijacked" }).eq("body", "mine").select();
    expect(hidden.status).toBe(200);
    expect(hidden.data).toEqual([]);
    expect(await rowsOf(`select body from ${f.schema}.notes where owner_id = $1`, [ALICE])).toEqual([
      { body: "mine" },
    ]);
  });

  it("answers 401 to anon for a refused write and 403 to a signed-in user", async () => {
    const anonymous = await f.anon.from("notes").insert({ body: "who?" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.code).toBe("42501");
    const privileged = await f.anon.from("secrets").select();
    expect(privileged.status).toBe(401);
    expect(privileged.error?.message).toBe("permission denied for table secrets");
    const alice = await f.as(ALICE);
    const denied = await alice.from("secrets").select();
    expect(denied.status).toBe(403);
  });

  it("checks the representation against the select policy too", async () => {
    const alice = await f.as(ALICE);
    const topic = await alice
      .from("topics")
      .insert({ title: "Alice hidden", published: false, owner_id: ALICE })
      .select("title")
      .single();
    expect(topic.data).toEqual({ title: "Alice hidden" });
    const stranger = await alice.from("topics").insert({ title: "Not mine", owner_id: BOB }).select();
    expect(stranger.status).toBe(403);
  });
});

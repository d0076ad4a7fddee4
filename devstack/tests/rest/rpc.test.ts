import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, type RestFixture, startRestFixture } from "./fixture.ts";

let f: RestFixture;

beforeAll(async () => {
  f = await startRestFixture("rpc");
});
afterAll(async () => {
  await f?.stop();
});

const counter = async (name: string) =>
  (await f.admin.query(`select value from ${f.schema}.counters where name = $1`, [name])).rows[0]?.value;

describe("calling functions", () => {
  it("returns a scalar by POST with named arguments, defaults applied", async () => {
    expect(await f.anon.rpc("add_numbers", { a: 2, b: 3 })).toMatchObject({
      data: 5,
      error: null,
      status: 200,
    });
    expect((await f.anon.rpc("add_numbers", { a: 2 })).data).toBe(12);
  });

  it("calls by GET with arguments in the query string, arrays as {a,b}", async () => {
    const sum = await f.anon.rpc("add_numbers", { a: 4, b: 5 }, { get: true });
    expect(sum.data).toBe(9);
    const tags = await f.anon.rpc("tag_list", { tags: ["x", "y z"] }, { get: true });
    expect(tags.data).toBe("x|y z");
  });

  it("returns sets of rows that take select, filters, order, range and count", async () => {
    const { data, error, count, status } = await f.anon
      .rpc("search_topics", { query: "equation" }, { count: "exact" })
      .select("id, title, subjects!topics_subject_id_fkey(title)")
      .order("id", { ascending: false })
      .range(0, 0);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(2);
    expect(data).toEqual([{ id: 5, title: "Quadratic equations", subjects: { title: "Mathematics" } }]);
    const filtered = await f.anon
      .rpc("search_topics", { query: "a" }, { get: true })
      .eq("level", 1)
      .select("id");
    expect(filtered.data).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it("returns sets of scalars and TABLE results", async () => {
    expect((await f.anon.rpc("numbers", { up_to: 3 })).data).toEqual([1, 2, 3]);
    const counts = await f.anon.rpc("subject_counts").eq("subject", "History");
    expect(counts.data).toEqual([{ subject: "History", topic_count: 1 }]);
  });

  it("returns one composite row as an object", async () => {
    const { data } = await f.anon.rpc("first_topic").select("id, title");
    expect(data).toEqual({ id: 1, title: "Algebra basics" });
  });

  it("single() on a set-returning function", async () => {
    const one = await f.anon.rpc("search_topics", { query: "roman" }).select("id").single();
    expect(one.data).toEqual({ id: 3 });
    const none = await f.anon.rpc("search_topics", { query: "nothing" }).single();
    expect(none.status).toBe(406);
    expect(none.error?.details).toBe("The result contains 0 rows");
  });

  it("answers 204 for a void function and commits its work", async () => {
    const before = await counter("visits");
    const { status, data, error } = await f.anon.rpc("bump", { counter_name: "visits", amount: 2 });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    expect(await counter("visits")).toBe(before + 2);
  });

  it("passes a JSON body to a function with one unnamed json parameter", async () => {
    const { data } = await f.anon.rpc("echo_body", { anything: [1, { two: 2 }] });
    expect(data).toEqual({ anything: [1, { two: 2 }] });
    const named = await f.anon.rpc("echo", { payload: { nested: true } });
    expect(named.data).toEqual({ nested: true });
  });

  it("tells overloads apart by argument names", async () => {
    expect((await f.anon.rpc("overloaded", { a: 1 })).data).toBe("int 1");
    expect((await f.anon.rpc("overloaded", { b: "x" })).data).toBe("text x");
  });

  it("runs as the caller with PostgREST's request settings", async () => {
    const anonymous = await f.anon.rpc("whoami");
    expect(anonymous.data).toMatchObject({
      role: "anon",
      sub: null,
      schema: f.schema,
      method: "POST",
      path: "/rpc/whoami",
    });
    expect(anonymous.data.client).toMatch(/^supabase-js/);
    const alice = await f.as(ALICE);
    const signedIn = await alice.rpc("whoami", {}, { get: true });
    expect(signedIn.data).toMatchObject({ role: "authenticated", sub: ALICE, method: "GET" });
  });

  it("lets a function set response headers and status", async () => {
    const response = await fetch(`${f.url}/rest/v1/rpc/with_headers`, {
      method: "POST",
      headers: { apikey: f.anonKey, "Content-Profile": f.schema, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(202);
    expect(response.headers.get("x-studymap")).toBe("hello");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toBe("accepted");
  });
});

describe("function errors", () => {
  it("maps RAISE to 400 P0001 with details and hint, and rolls the call back", async () => {
    const before = await counter("visits");
    const { error, status } = await f.anon.rpc("bump_and_fail", { counter_name: "visits" });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: "P0001",
      message: "Counter visits may not grow",
      details: "limit reached",
      hint: "Ask an admin",
    });
    expect(await counter("visits")).toBe(before);
  });

  it("maps PTnnn to status nnn and a PGRST raise to the response it describes", async () => {
    const payment = await f.anon.rpc("payment_required");
    expect(payment.status).toBe(402);
    expect(payment.error).toMatchObject({ code: "PT402", message: "Pay first" });
    const response = await fetch(`${f.url}/rest/v1/rpc/custom_error`, {
      method: "POST",
      headers: { apikey: f.anonKey, "Content-Profile": f.schema, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(418);
    expect(response.headers.get("x-teapot")).toBe("yes");
    expect(await response.json()).toEqual({
      code: "STUDY1",
      message: "Custom failure",
      details: "From a function",
      hint: "Try later",
    });
  });

  it("runs GET calls and stable functions read-only: a write is 405 25006", async () => {
    const get = await f.anon.rpc("bump", { counter_name: "visits" }, { get: true });
    expect(get.status).toBe(405);
    expect(get.error?.code).toBe("25006");
    const stable = await f.anon.rpc("stable_writer");
    expect(stable.status).toBe(405);
    expect(stable.error?.message).toBe("cannot execute INSERT in a read-only transaction");
  });

  it("answers 404 PGRST202 for an unknown function or argument set, with hints", async () => {
    const unknown = await f.anon.rpc("add_numberz", { a: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({
      code: "PGRST202",
      message: `Could not find the function ${f.schema}.add_numberz(a) in the schema cache`,
      details: `Searched for the function ${f.schema}.add_numberz with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      hint: `Perhaps you meant to call the function ${f.schema}.add_numbers`,
    });
    const wrongArgs = await f.anon.rpc("add_numbers", { x: 1, y: 2 }, { get: true });
    expect(wrongArgs.error).toMatchObject({
      code: "PGRST202",
      message: `Could not find the function ${f.schema}.add_numbers(x, y) in the schema cache`,
      details: `Searched for the function ${f.schema}.add_numbers with parameters x, y, but no matches were found in the schema cache.`,
    });
  });

  it("answers 401 to anon calling a function it may not execute", async () => {
    const { status, error } = await f.anon.rpc("read_secret");
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: "42501", message: "permission denied for function read_secret" });
  });

  it("reports a type error in an argument as 400", async () => {
    const { status, error } = await f.anon.rpc("add_numbers", { a: "one" });
    expect(status).toBe(400);
    expect(error?.code).toBe("22P02");
  });

  it("refuses other methods on /rpc with 405 PGRST101", async () => {
    const response = await fetch(`${f.url}/rest/v1/rpc/add_numbers`, {
      method: "PATCH",
      headers: { apikey: f.anonKey, "Content-Profile": f.schema, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({
      code: "PGRST101",
      message: "Cannot use the PATCH method on RPC",
    });
  });
});

import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../gateway/rest/index.ts";
import { type RestFixture, startRestFixture } from "./fixture.ts";

let f: RestFixture;

beforeAll(async () => {
  f = await startRestFixture("errors");
});
afterAll(async () => {
  await f?.stop();
});

/** A request as any HTTP client could send it, with the anon key unless told otherwise. */
async function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const response = await fetch(`${f.url}/rest/v1/${path}`, {
    method: init.method ?? "GET",
    headers: {
      apikey: f.anonKey,
      "Accept-Profile": f.schema,
      "Content-Profile": f.schema,
      "Content-Type": "application/json",
      ...init.headers,
    },
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

describe("malformed query strings: 400 PGRST100", () => {
  it.each([
    ["topics?id=noop.1", "failed to parse filter (noop.1)"],
    ["topics?id=eq", "failed to parse filter (eq)"],
    ["topics?id=in.(1,2", "failed to parse filter (in.(1,2)"],
    ["topics?level=is.maybe", "failed to parse filter (is.maybe)"],
    ["topics?select=id,subjects(title", "failed to parse select parameter (id,subjects(title)"],
    ["topics?select=id::", "failed to parse select parameter (id::)"],
    ["topics?order=id.ac", "failed to parse order (id.ac)"],
    ["topics?or=(id.eq.1,xor(id.eq.2))", "failed to parse logic tree (or(id.eq.1,xor(id.eq.2)))"],
    ["topics?and=(id.eq.1", "failed to parse logic tree (and(id.eq.1)"],
    ["topics?columns=", "failed to parse columns parameter ()"],
  ])("%s", async (path, message) => {
    const { status, body } = await send(path);
    expect(status).toBe(400);
    expect(body.code).toBe("PGRST100");
    expect(body.message).toMatch(new RegExp(`^"${escapeRegExp(message)}" \\(line 1, column \\d+\\)$`));
    expect(body.details).toMatch(/^unexpected /);
    expect(body.hint).toBeNull();
  });

  it("names the position and what was expected, as PostgREST does", async () => {
    const { body } = await send("topics?order=id.desc.nullsfirstt");
    expect(body).toEqual({
      code: "PGRST100",
      message: '"failed to parse order (id.desc.nullsfirstt)" (line 1, column 19)',
      details: 'unexpected "t" expecting "," or end of input',
      hint: null,
    });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("schema cache errors", () => {
  it("unknown table: 404 PGRST205 with a suggestion", async () => {
    const { error, status } = await f.anon.from("topicz").select();
    expect(status).toBe(404);
    expect(error).toEqual({
      code: "PGRST205",
      message: `Could not find the table '${f.schema}.topicz' in the schema cache`,
      details: null,
      hint: `Perhaps you meant the table '${f.schema}.topics'`,
    });
  });

  it("unknown column in a read: 400 42703 as Postgres words it", async () => {
    const select = await f.anon.from("topics").select("id, colour");
    expect(select.status).toBe(400);
    expect(select.error).toMatchObject({ code: "42703", message: "column topics.colour does not exist" });
    const embedded = await f.anon.from("topics").select("id, chapters(colour)");
    expect(embedded.error?.message).toBe("column chapters_1.colour does not exist");
    const filter = await f.anon.from("topics").select("id").eq("colour", "red");
    expect(filter.error?.code).toBe("42703");
  });

  it("no relationship: 400 PGRST200", async () => {
    const { error, status } = await f.anon.from("subjects").select("title, labels(name)");
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: "PGRST200",
      message: "Could not find a relationship between 'subjects' and 'labels' in the schema cache",
      details: `Searched for a foreign key relationship between 'subjects' and 'labels' in the schema '${f.schema}', but no matches were found.`,
    });
    const hinted = await f.anon.from("topics").select("id, chapters!nope(title)");
    expect(hinted.error?.details).toBe(
      `Searched for a foreign key relationship between 'topics' and 'chapters' using the hint 'nope' in the schema '${f.schema}', but no matches were found.`,
    );
  });

  it("ambiguous relationship: 300 PGRST201 listing the candidates", async () => {
    const { error, status } = await f.anon.from("topics").select("id, subjects(title)");
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: "PGRST201",
      message: "Could not embed because more than one relationship was found for 'topics' and 'subjects'",
      hint: "Try changing 'subjects' to one of the following: 'subjects!topics_reviewed_subject_fkey', 'subjects!topics_subject_id_fkey'. Find the desired relationship in the 'details' key.",
      details: [
        {
          cardinality: "many-to-one",
          embedding: "topics with subjects",
          relationship: "topics_reviewed_subject_fkey using topics(reviewed_subject_id) and subjects(id)",
        },
        {
          cardinality: "many-to-one",
          embedding: "topics with subjects",
          relationship: "topics_subject_id_fkey using topics(subject_id) and subjects(id)",
        },
      ],
    });
  });

  it("ambiguous function: 300 PGRST203", async () => {
    const { error, status } = await f.anon.rpc("ambiguous", { a: 1 });
    expect(status).toBe(300);
    expect(error?.code).toBe("PGRST203");
  });

  it("filters, orders and limits only on embedded resources: 400 PGRST108", async () => {
    const { error, status } = await f.anon.from("topics").select("id").eq("chapters.title", "x");
    expect(status).toBe(400);
    expect(error).toEqual({
      code: "PGRST108",
      message: "'chapters' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'chapters' is included in the 'select' query parameter.",
    });
  });

  it("related order on a to-many embed: 400 PGRST118; bad operator on an embed: 400 PGRST120", async () => {
    const order = await send("topics?select=id,chapters(title)&order=chapters(title)");
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({
      code: "PGRST118",
      message: "A related order on 'chapters' is not possible",
      details: "'topics' and 'chapters' do not form a many-to-one or one-to-one relationship",
    });
    const filter = await send("topics?select=id,chapters(title)&chapters=eq.1");
    expect(filter.body).toMatchObject({
      code: "PGRST120",
      message: "Bad operator on the 'chapters' embedded resource",
    });
  });

  it("an operator the column type lacks: 404 42883, as PostgREST reports undefined functions", async () => {
    const { status, error } = await f.anon.from("topics").select("id").filter("title", "cs", "{a}");
    expect(status).toBe(404);
    expect(error?.code).toBe("42883");
  });

  it("picks up schema changes on NOTIFY pgrst, 'reload schema'", async () => {
    await f.admin.query(
      `create table ${f.schema}.late (id int primary key); grant select on ${f.schema}.late to anon`,
    );
    const before = await f.anon.from("late").select();
    expect(before.error?.code).toBe("PGRST205");
    await f.admin.query("notify pgrst, 'reload schema'");
    await expect.poll(async () => (await f.anon.from("late").select()).status, { timeout: 10_000 }).toBe(200);
  });
});

describe("requests PostgREST refuses", () => {
  it("bad JSON: 400 PGRST102", async () => {
    const { status, body } = await send("topics", { method: "POST", body: "{'title': oops" });
    expect(status).toBe(400);
    expect(body).toEqual({ code: "PGRST102", message: "Empty or invalid json", details: null, hint: null });
    const uneven = await send("topics", {
      method: "POST",
      body: JSON.stringify([{ title: "a" }, { level: 1 }]),
    });
    expect(uneven.body).toMatchObject({ code: "PGRST102", message: "All object keys must match" });
    const type = await send("topics", {
      method: "POST",
      headers: { "Content-Type": "text/xml" },
      body: "<a/>",
    });
    expect(type.body).toMatchObject({ code: "PGRST102", message: "Content-Type not acceptable: text/xml" });
  });

  it("negative limit: 400 PGRST103", async () => {
    const { status, body } = await send("topics?limit=-1");
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "PGRST103",
      details: "Limit should be greater than or equal to zero.",
    });
  });

  it("unknown method: 405 PGRST117; bad path: 404 PGRST125", async () => {
    const method = await send("topics", { method: "PURGE" });
    expect(method.status).toBe(405);
    expect(method.body).toMatchObject({ code: "PGRST117", message: "Unsupported HTTP method: PURGE" });
    const path = await send("topics/1/chapters");
    expect(path.status).toBe(404);
    expect(path.body).toMatchObject({ code: "PGRST125", message: "Invalid path specified in request URL" });
  });

  it("unknown preferences with handling=strict: 400 PGRST122", async () => {
    const { status, body } = await send("topics", {
      headers: { Prefer: "handling=strict, count=exact, colour=blue" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "PGRST122", details: "Invalid preferences: colour=blue" });
    const lenient = await send("topics?select=id&id=eq.1", { headers: { Prefer: "colour=blue" } });
    expect(lenient.status).toBe(200);
  });

  it("oversize bodies: 413", async () => {
    const { status, body } = await send("topics", { method: "POST", body: "x".repeat(MAX_BODY_BYTES + 1) });
    expect(status).toBe(413);
    expect(body.code).toBe("413");
  });

  // PostgREST maps SQLSTATE class 54 ("too complex") to 500, and Postgres's JSON parser raises 54001
  // for a body nested deeper than its stack allows. The stack answers as the real service does;
  // docs/security.md says why the product accepts that one 5xx.
  it("a body nested deeper than Postgres parses: 500 54001, nothing written", async () => {
    const depth = 100_000;
    const metadata = `${"[".repeat(depth)}${"]".repeat(depth)}`;
    const before = await send("topics?select=id");
    const { status, body } = await send("topics", {
      method: "POST",
      body: `{"title": "deep", "metadata": ${metadata}}`,
    });
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: "54001", message: "stack depth limit exceeded" });
    const after = await send("topics?select=id");
    expect(after.body).toEqual(before.body);
  });
});

describe("JWT errors: 401 with WWW-Authenticate", () => {
  const withToken = (token: string) =>
    send("topics?select=id&id=eq.1", { headers: { Authorization: `Bearer ${token}` } });

  it("expired: PGRST303", async () => {
    const { status, body, headers } = await withToken(await f.sign({ role: "authenticated", sub: "x" }, -60));
    expect(status).toBe(401);
    expect(body).toEqual({ code: "PGRST303", message: "JWT expired", details: null, hint: null });
    expect(headers.get("www-authenticate")).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
  });

  it("forged, malformed, unsigned or empty: PGRST301", async () => {
    const forged = await new SignJWT({ role: "service_role" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("not-the-project-secret-at-all-32-chars!!"));
    expect((await withToken(forged)).body).toMatchObject({
      code: "PGRST301",
      message: "JWT cryptographic operation failed",
    });
    expect((await withToken("abc.def")).body.message).toBe("Expected 3 parts in JWT; got 2");
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from('{"role":"service_role"}').toString("base64url")}.`;
    expect((await withToken(unsigned)).body.message).toBe("Wrong or unsupported encoding algorithm");
    const empty = await send("topics", { headers: { Authorization: "Bearer " } });
    expect(empty.status).toBe(401);
    expect(empty.body.message).toBe("Empty JWT is sent in Authorization header");
  });

  it("a role the token may not take: 401", async () => {
    const { status, headers } = await withToken(await f.sign({ role: "postgres" }));
    expect(status).toBe(401);
    expect(headers.get("www-authenticate")).toBe("Bearer");
  });

  it("service_role bypasses RLS; anon does not", async () => {
    const anon = await f.anon.from("topics").select("id").eq("id", 8);
    expect(anon.data).toEqual([]);
    const service = await f.service.from("topics").select("id").eq("id", 8);
    expect(service.data).toEqual([{ id: 8 }]);
  });
});

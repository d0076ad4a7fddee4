import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, type RestFixture, startRestFixture } from "./fixture.ts";

let f: RestFixture;
const OTHER_SCHEMA = "rest_conformance_reads_other";

beforeAll(async () => {
  // Aggregates are off unless a project enables them (settings.test.ts); this file's project does.
  f = await startRestFixture("reads", [OTHER_SCHEMA], { settings: { db_aggregates_enabled: "true" } });
});
afterAll(async () => {
  await f?.stop();
});

const ids = (rows: Array<{ id: number }> | null) => (rows ?? []).map((row) => row.id);

describe("select lists", () => {
  it("returns every column by default, with Postgres' JSON for each type", async () => {
    const { data, error, status } = await f.anon.from("topics").select().eq("id", 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      {
        id: 1,
        title: "Algebra basics",
        subject_id: 1,
        reviewed_subject_id: 2,
        parent_id: null,
        level: 1,
        tags: ["math", "intro"],
        metadata: { lang: "en", pages: 10, author: { name: "Ada" } },
        mood: "calm",
        published: true,
        owner_id: null,
        price: 9.5,
        created_at: "2024-01-02T03:04:05+00:00",
        search: "'algebra':1 'basic':2",
      },
    ]);
  });

  it("strips whitespace, renames with aliases and casts", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select(` id ,
        name : title, level::text, price::text `)
      .eq("id", 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, name: "Algebra basics", level: "1", price: "9.50" }]);
  });

  it("follows JSON paths with -> and ->>", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, lang:metadata->>lang, metadata->pages, author:metadata->author->>name, first_tag:tags->>0")
      .in("id", [1, 3])
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, lang: "en", pages: 10, author: "Ada", first_tag: "math" },
      { id: 3, lang: "nl", pages: 30, author: null, first_tag: "history" },
    ]);
  });

  it("embeds a to-one resource as an object or null", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, subject:subjects!topics_subject_id_fkey(title)")
      .in("id", [1, 6])
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, subject: { title: "Mathematics" } },
      { id: 6, subject: null },
    ]);
  });

  it("embeds a to-many resource as an array, with its own order, filter and limit", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, chapters(title, position)")
      .in("id", [1, 4])
      .order("id")
      .order("position", { referencedTable: "chapters", ascending: false })
      .gt("chapters.position", 1)
      .limit(1, { referencedTable: "chapters" });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, chapters: [{ title: "Equations", position: 3 }] },
      { id: 4, chapters: [] },
    ]);
  });

  it("embeds in the other direction and through a junction table (many-to-many)", async () => {
    const { data, error } = await f.anon
      .from("subjects")
      .select("title, topics!topics_subject_id_fkey(id, labels(name))")
      .eq("id", 1)
      .order("id", { referencedTable: "topics" })
      .order("name", { referencedTable: "topics.labels" })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: "Mathematics",
      topics: [
        { id: 1, labels: [{ name: "beginner" }, { name: "exam" }] },
        { id: 2, labels: [{ name: "advanced" }] },
        { id: 5, labels: [{ name: "advanced" }, { name: "exam" }] },
      ],
    });
  });

  it("embeds one-to-one relationships as objects from both sides", async () => {
    const forward = await f.anon.from("topics").select("id, topic_details(summary)").eq("id", 1).single();
    expect(forward.data).toEqual({ id: 1, topic_details: { summary: "Start here" } });
    const backward = await f.anon
      .from("topic_details")
      .select("summary, topics(title)")
      .eq("topic_id", 3)
      .single();
    expect(backward.data).toEqual({ summary: "Ancient Rome", topics: { title: "Roman empire" } });
  });

  it("disambiguates with !fk_name and a column hint, and embeds a table in itself", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select(
        "id, reviewed:subjects!reviewed_subject_id(title), parent:parent_id(title), children:topics(id)",
      )
      .eq("id", 1)
      .order("id", { referencedTable: "children" })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: 1,
      reviewed: { title: "History" },
      parent: null,
      children: [{ id: 2 }, { id: 5 }],
    });
  });

  it("keeps only rows with a match for !inner embeds, also in the count", async () => {
    const { data, count, error } = await f.anon
      .from("topics")
      .select("id, subjects!topics_subject_id_fkey!inner(title)", { count: "exact" })
      .eq("subjects.title", "History");
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3, subjects: { title: "History" } }]);
    expect(count).toBe(1);
  });

  it("filters parents by an embed being null or not", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, topic_details(summary)")
      .not("topic_details", "is", null)
      .order("id");
    expect(error).toBeNull();
    expect(ids(data)).toEqual([1, 3]);
  });

  it("spreads a to-one embed's columns into the parent", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, ...subjects!topics_subject_id_fkey(subject:title)")
      .eq("id", 3)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 3, subject: "History" });
  });

  it("spreads a to-many embed's columns as arrays", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, ...chapters(chapter:title)")
      .eq("id", 3)
      .order("position", { referencedTable: "chapters" })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 3, chapter: ["Republic", "Empire"] });
  });

  it("counts embedded rows with the legacy `target(count)`", async () => {
    const { data, error } = await f.anon
      .from("subjects")
      .select("title, topics!topics_subject_id_fkey(count)")
      .in("id", [1, 4])
      .order("id");
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: "Mathematics", topics: [{ count: 3 }] },
      { title: "Art, Craft (and) More", topics: [{ count: 0 }] },
    ]);
  });

  it("aggregates with count(), sum(), max() and casts, grouping by the other fields", async () => {
    const grouped = await f.anon
      .from("topics")
      .select("subject_id, count(), highest:level.max(), price.sum()::text")
      .not("subject_id", "is", null)
      .order("subject_id");
    expect(grouped.error).toBeNull();
    expect(grouped.data).toEqual([
      { subject_id: 1, count: 3, highest: 3, sum: "16.50" },
      { subject_id: 2, count: 1, highest: 1, sum: "12.00" },
      { subject_id: 3, count: 1, highest: null, sum: "5.25" },
    ]);
    const total = await f.anon.from("topics").select("price.sum(), level.avg()::int");
    expect(total.data).toEqual([{ sum: 33.75, avg: 2 }]);
  });

  it("orders by a to-one embed's column", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, subjects!topics_subject_id_fkey(title)")
      .in("id", [1, 3, 4])
      .order("subjects(title)", { ascending: false });
    expect(error).toBeNull();
    expect(ids(data)).toEqual([1, 3, 4]);
  });

  it("reads views", async () => {
    const { data, error } = await f.anon.from("topic_titles").select("title").eq("id", 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: "Linear equations" }]);
  });
});

describe("filters", () => {
  const query = () => f.anon.from("topics").select("id").order("id");

  it.each([
    ["eq", () => query().eq("level", 1), [1, 3]],
    ["neq", () => query().neq("level", 1), [2, 5, 6]],
    ["gt", () => query().gt("level", 1), [2, 5, 6]],
    ["gte", () => query().gte("level", 2), [2, 5, 6]],
    ["lt", () => query().lt("level", 2), [1, 3]],
    ["lte", () => query().lte("level", 1), [1, 3]],
    ["like with *", () => query().like("title", "*equations"), [2, 5]],
    ["ilike with %", () => query().ilike("title", "%ALGEBRA%"), [1]],
    ["is null", () => query().is("level", null), [4]],
    ["is true", () => query().is("published", true), [1, 2, 3, 4, 5, 6]],
    ["not is null", () => query().not("subject_id", "is", null), [1, 2, 3, 4, 5]],
    ["in", () => query().in("id", [3, 1, 9]), [1, 3]],
    ["in with reserved characters", () => query().in("mood", ["calm", "tired"]), [1, 4]],
    ["not in", () => query().not("id", "in", "(1,2,3)"), [4, 5, 6]],
    ["cs on arrays", () => query().contains("tags", ["math"]), [1, 2, 5]],
    ["cd on arrays", () => query().containedBy("tags", ["math", "intro", "algebra"]), [1, 2, 4, 5]],
    ["ov on arrays", () => query().overlaps("tags", ["rome", "algebra"]), [3, 5]],
    ["cs on jsonb", () => query().contains("metadata", { lang: "en" }), [1, 2, 5]],
    ["cd on jsonb", () => query().containedBy("metadata", { lang: "en", pages: 20 }), [2, 4, 5]],
    ["JSON path", () => query().eq("metadata->>lang", "nl"), [3]],
    ["JSON path with number", () => query().gt("metadata->pages", 15), [2, 3]],
    ["match", () => query().match({ level: 1, subject_id: 2 }), [3]],
    ["regex", () => query().filter("title", "match", "^[A-L]"), [1, 4, 2]],
    ["or", () => query().or("level.eq.3,subject_id.is.null"), [5, 6]],
    ["nested and in or", () => query().or("and(level.eq.1,subject_id.eq.2),id.eq.4"), [3, 4]],
    ["not or", () => query().not("id", "in", "(1,2)").or("level.gte.3,level.is.null"), [4, 5]],
    ["fts on tsvector", () => query().textSearch("search", "equation", { config: "english" }), [2, 5]],
    [
      "plfts with config",
      () => query().textSearch("title", "roman empire", { type: "plain", config: "english" }),
      [3],
    ],
    [
      "phfts",
      () => query().textSearch("title", "linear equations", { type: "phrase", config: "english" }),
      [2],
    ],
    ["wfts", () => query().textSearch("title", '"quadratic" or cells', { type: "websearch" }), [4, 5]],
    ["isdistinct", () => query().filter("level", "isdistinct", 1).neq("id", 6), [2, 4, 5]],
    ["like(any)", () => query().likeAnyOf("title", ["Rom*", "Cell*"]), [3, 4]],
    ["eq(any)", () => query().filter("id", "eq(any)", "{2,4}"), [2, 4]],
    ["quoted values in or", () => query().or('title.eq."Art, Craft",title.eq.Roman empire'), [3]],
  ])("%s", async (_name, build, expected) => {
    const { data, error } = await build();
    expect(error).toBeNull();
    expect(ids(data as Array<{ id: number }>).sort((a, b) => a - b)).toEqual(
      [...expected].sort((a, b) => a - b),
    );
  });

  it("quotes in-list values with commas, parentheses and double quotes", async () => {
    const { data, error } = await f.anon
      .from("subjects")
      .select("id")
      .in("title", ["Art, Craft (and) More", "History"])
      .order("id");
    expect(error).toBeNull();
    expect(ids(data)).toEqual([2, 4]);
    const quoted = await fetch(
      `${f.url}/rest/v1/subjects?select=id&title=in.(${encodeURIComponent('"Say \\"hi\\", (twice)"')})`,
      { headers: { apikey: f.anonKey, "Accept-Profile": f.schema } },
    );
    expect(await quoted.json()).toEqual([{ id: 5 }]);
  });

  it("filters inside embeds with or on the referenced table", async () => {
    const { data, error } = await f.anon
      .from("topics")
      .select("id, chapters(position)")
      .eq("id", 1)
      .or("position.eq.1,position.eq.3", { referencedTable: "chapters" })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, chapters: [{ position: 1 }, { position: 3 }] });
  });
});

describe("order, limit and ranges", () => {
  it("orders with nulls first or last on several columns", async () => {
    const first = await f.anon.from("topics").select("id").order("level", { nullsFirst: true }).order("id");
    expect(ids(first.data)).toEqual([4, 1, 3, 2, 6, 5]);
    const last = await f.anon
      .from("topics")
      .select("id")
      .order("level", { ascending: false, nullsFirst: false })
      .order("id");
    expect(ids(last.data)).toEqual([5, 2, 6, 1, 3, 4]);
  });

  it("limits and pages with range, with Content-Range and counts", async () => {
    const page = await f.anon.from("topics").select("id", { count: "exact" }).order("id").range(2, 3);
    expect(page.error).toBeNull();
    expect(ids(page.data)).toEqual([3, 4]);
    expect(page.count).toBe(6);
    expect(page.status).toBe(206);

    const raw = await fetch(`${f.url}/rest/v1/topics?select=id&order=id&offset=2&limit=2`, {
      headers: { apikey: f.anonKey, "Accept-Profile": f.schema, Prefer: "count=exact" },
    });
    expect(raw.status).toBe(206);
    expect(raw.headers.get("content-range")).toBe("2-3/6");
    expect(raw.headers.get("preference-applied")).toBe("count=exact");

    const all = await fetch(`${f.url}/rest/v1/topics?select=id`, {
      headers: { apikey: f.anonKey, "Accept-Profile": f.schema },
    });
    expect(all.status).toBe(200);
    expect(all.headers.get("content-range")).toBe("0-5/*");
    expect(all.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("answers */0 for an empty result and 416 past the end", async () => {
    const empty = await f.anon.from("topics").select("id", { count: "exact" }).eq("id", 999);
    expect(empty.data).toEqual([]);
    expect(empty.count).toBe(0);
    expect(empty.status).toBe(200);
    const raw = await fetch(`${f.url}/rest/v1/topics?id=eq.999`, {
      headers: { apikey: f.anonKey, "Accept-Profile": f.schema, Prefer: "count=exact" },
    });
    expect(raw.headers.get("content-range")).toBe("*/0");

    const past = await f.anon.from("topics").select("id", { count: "exact" }).range(10, 12);
    expect(past.status).toBe(416);
    expect(past.error).toMatchObject({
      code: "PGRST103",
      message: "Requested range not satisfiable",
      details: "An offset of 10 was requested, but there are only 6 rows.",
    });
  });

  it("gives planned and estimated counts", async () => {
    const planned = await f.anon.from("topics").select("id", { count: "planned" });
    expect(planned.error).toBeNull();
    expect(typeof planned.count).toBe("number");
    const estimated = await f.anon.from("topics").select("id", { count: "estimated" });
    expect(estimated.count).toBe(6);
  });

  it("supports HEAD with a count and no body", async () => {
    const { data, count, status, error } = await f.anon
      .from("topics")
      .select("*", { count: "exact", head: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(6);
  });

  it("honours a Range header", async () => {
    const response = await fetch(`${f.url}/rest/v1/topics?select=id&order=id`, {
      headers: { apikey: f.anonKey, "Accept-Profile": f.schema, Range: "1-2" },
    });
    expect(await response.json()).toEqual([{ id: 2 }, { id: 3 }]);
    expect(response.headers.get("content-range")).toBe("1-2/*");
  });
});

describe("single and maybeSingle", () => {
  it("returns a bare object for exactly one row", async () => {
    const { data, error, status } = await f.anon.from("topics").select("id, title").eq("id", 2).single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ id: 2, title: "Linear equations" });
  });

  it("answers 406 PGRST116 with the row count otherwise", async () => {
    const none = await f.anon.from("topics").select().eq("id", 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: "PGRST116",
      message: "Cannot coerce the result to a single JSON object",
      details: "The result contains 0 rows",
      hint: null,
    });
    const many = await f.anon.from("topics").select().lt("id", 3).single();
    expect(many.error?.details).toBe("The result contains 2 rows");
  });

  it("maybeSingle gives null for no row", async () => {
    const none = await f.anon.from("topics").select().eq("id", 999).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const one = await f.anon.from("topics").select("id").eq("id", 3).maybeSingle();
    expect(one.data).toEqual({ id: 3 });
  });
});

describe("media types and profiles", () => {
  it("serves CSV and stripped nulls", async () => {
    const csv = await f.anon.from("topics").select("id, title, level").in("id", [3, 4]).order("id").csv();
    expect(csv.error).toBeNull();
    expect(csv.data).toBe('id,title,level\n3,"Roman empire",1\n4,"Cells and tissues",');
    const stripped = await f.anon.from("topics").select("id, level").eq("id", 4).stripNulls();
    expect(stripped.data).toEqual([{ id: 4 }]);
  });

  it("refuses unknown media types with 406 PGRST107", async () => {
    const response = await fetch(`${f.url}/rest/v1/topics`, {
      headers: { apikey: f.anonKey, "Accept-Profile": f.schema, Accept: "application/xml" },
    });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({
      code: "PGRST107",
      message: "None of these media types are available: application/xml",
    });
  });

  it("refuses a schema that is not exposed with 406 PGRST106", async () => {
    const { error, status } = await f.anon.schema("public").from("topics").select();
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: "PGRST106",
      message: "Invalid schema: public",
      hint: `Only the following schemas are exposed: ${f.schema}, ${OTHER_SCHEMA}`,
    });
  });

  it("serves every exposed schema by profile and names it in Content-Profile", async () => {
    await f.admin.query(`update ${OTHER_SCHEMA}.subjects set title = 'Other maths' where id = 1`);
    const other = await f.anon.schema(OTHER_SCHEMA).from("subjects").select("title").eq("id", 1);
    expect(other.data).toEqual([{ title: "Other maths" }]);
    const response = await fetch(`${f.url}/rest/v1/subjects?select=title&id=eq.1`, {
      headers: { apikey: f.anonKey, "Accept-Profile": OTHER_SCHEMA },
    });
    expect(response.headers.get("content-profile")).toBe(OTHER_SCHEMA);
    const byDefault = await fetch(`${f.url}/rest/v1/subjects?select=title&id=eq.1`, {
      headers: { apikey: f.anonKey },
    });
    expect(await byDefault.json()).toEqual([{ title: "Mathematics" }]);
    expect(byDefault.headers.get("content-profile")).toBe(f.schema);
  });

  it("reads as anon without a user: RLS hides unpublished rows", async () => {
    const { data } = await f.anon.from("topics").select("id").gte("id", 7);
    expect(data).toEqual([]);
    const alice = await f.as(ALICE);
    const own = await alice.from("topics").select("id").gte("id", 7);
    expect(own.data).toEqual([{ id: 7 }]);
  });

  it("describes the schema at the root", async () => {
    const response = await fetch(`${f.url}/rest/v1/`, {
      headers: { apikey: f.anonKey, "Accept-Profile": f.schema },
    });
    expect(response.status).toBe(200);
    const document = (await response.json()) as { swagger: string; definitions: Record<string, unknown> };
    expect(document.swagger).toBe("2.0");
    expect(Object.keys(document.definitions)).toContain("topics");
  });
});

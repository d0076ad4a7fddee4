import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isUnsendable,
  MARKER,
  nastyBody,
  nastyString,
  nastyTokens,
  type Random,
  random,
  sendRaw,
} from "../auth/fuzz.ts";
import { database, stack } from "../auth/support.ts";

const SEED = 424_242;
const CASES = 300;
const bucket = `fuzz-${randomUUID().slice(0, 8)}`;
const fixtureKey = "fixture/kept.txt";
/** A bucket of its own for the always-sent cases, which store objects on purpose. */
const edgeBucket = `${bucket}-edges`;
let db: pg.Client;

beforeAll(async () => {
  db = await database();
  await db.query(
    "insert into storage.buckets (id, name, public, file_size_limit) values ($1, $1, false, 64), ($2, $2, false, null)",
    [bucket, edgeBucket],
  );
  const service = createClient(stack().supabaseUrl, stack().serviceRoleKey, {
    auth: { persistSession: false },
  });
  const { error } = await service.storage
    .from(bucket)
    .upload(fixtureKey, new Blob(["keep me"], { type: "text/plain" }));
  if (error) throw error;
});

afterAll(async () => {
  await db.query("delete from storage.objects where bucket_id = any($1)", [[bucket, edgeBucket]]);
  await db.query("delete from storage.buckets where id = any($1)", [[bucket, edgeBucket]]);
  await db.end();
});

const segment = (rng: Random) => (rng.chance(0.6) ? encodeURIComponent(nastyString(rng)) : nastyString(rng));
const target = (rng: Random) =>
  `${rng.pick([bucket, bucket, "nope", segment(rng)])}/${rng.pick([fixtureKey, segment(rng)])}`;

const ENDPOINTS: Array<{ method: string; path: (rng: Random) => string; fields: string[] }> = [
  { method: "POST", path: (rng) => `/storage/v1/object/${target(rng)}`, fields: ["file", "cacheControl"] },
  { method: "PUT", path: (rng) => `/storage/v1/object/${target(rng)}`, fields: ["file"] },
  {
    method: "GET",
    path: (rng) =>
      `/storage/v1/object/${target(rng)}${rng.pick(["", "?download", `?download=${segment(rng)}`])}`,
    fields: [],
  },
  { method: "GET", path: (rng) => `/storage/v1/object/authenticated/${target(rng)}`, fields: [] },
  { method: "GET", path: (rng) => `/storage/v1/object/public/${target(rng)}`, fields: [] },
  { method: "GET", path: (rng) => `/storage/v1/object/info/${target(rng)}`, fields: [] },
  { method: "DELETE", path: (rng) => `/storage/v1/object/${target(rng)}`, fields: [] },
  {
    method: "DELETE",
    path: (rng) => `/storage/v1/object/${rng.pick([bucket, segment(rng)])}`,
    fields: ["prefixes"],
  },
  {
    method: "POST",
    path: (rng) => `/storage/v1/object/list/${rng.pick([bucket, segment(rng)])}`,
    fields: ["prefix", "limit", "offset", "sortBy", "search"],
  },
  {
    method: "POST",
    path: (rng) => `/storage/v1/object/sign/${target(rng)}`,
    fields: ["expiresIn", "transform"],
  },
  {
    method: "POST",
    path: (rng) => `/storage/v1/object/sign/${rng.pick([bucket, segment(rng)])}`,
    fields: ["expiresIn", "paths"],
  },
  {
    method: "GET",
    path: (rng) => `/storage/v1/object/sign/${target(rng)}?token=${segment(rng)}`,
    fields: [],
  },
  {
    method: "POST",
    path: () => "/storage/v1/object/move",
    fields: ["bucketId", "sourceKey", "destinationKey", "destinationBucket"],
  },
  {
    method: "POST",
    path: () => "/storage/v1/object/copy",
    fields: ["bucketId", "sourceKey", "destinationKey", "destinationBucket"],
  },
  {
    method: "GET",
    path: (rng) =>
      `/storage/v1/bucket${rng.pick(["", `/${segment(rng)}`, `?limit=${segment(rng)}&sortColumn=${segment(rng)}`])}`,
    fields: [],
  },
];

function rawBody(rng: Random, fields: string[]): string {
  if (rng.chance(0.3))
    return `--x\r\nContent-Disposition: form-data; name=""; filename="${nastyString(rng)}"\r\n\r\n${nastyString(rng)}\r\n`;
  return nastyBody(rng, fields);
}

async function storageSnapshot() {
  const { rows } = await db.query(
    `select
       (select jsonb_agg(jsonb_build_array(id, name, version, metadata, owner) order by name)
          from storage.objects where bucket_id = $1) as fuzz_bucket,
       (select count(*) from storage.objects where name like $2 or bucket_id like $2)::int as marked_objects,
       (select count(*) from storage.buckets where id like $2)::int as marked_buckets`,
    [bucket, `%${MARKER}%`],
  );
  const files = readdirSync(path.join(stack().stateDir, "storage", bucket), { recursive: true }).sort();
  return { ...rows[0], files };
}

describe("storage under malformed input", () => {
  it("never answers 5xx, keeps serving and changes nothing", async () => {
    const before = await storageSnapshot();
    const tokens = [stack().anonKey, ...(await nastyTokens(stack().jwtSecret, randomUUID()))];
    const rng = random(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (let index = 0; index < CASES; index++) {
      const endpoint = rng.pick(ENDPOINTS);
      const route = endpoint.path(rng);
      const headers: Record<string, string> = { apikey: stack().anonKey };
      if (rng.chance(0.8)) headers.authorization = `Bearer ${rng.pick(tokens)}`;
      if (rng.chance(0.7)) {
        headers["content-type"] = rng.pick([
          "application/json",
          "text/plain",
          "multipart/form-data; boundary=x",
          nastyString(rng),
        ]);
      }
      if (rng.chance(0.3)) headers["x-upsert"] = rng.pick(["true", "false", nastyString(rng)]);
      if (rng.chance(0.2))
        headers.range = rng.pick(["bytes=0-1", "bytes=abc", "bytes=99999-", "bytes=-0", nastyString(rng)]);
      if (rng.chance(0.2))
        headers["x-metadata"] = rng.pick([nastyString(rng), Buffer.from("[1,2").toString("base64")]);
      const body = endpoint.method === "GET" ? null : rawBody(rng, endpoint.fields);
      try {
        const response = await sendRaw(stack().supabaseUrl, endpoint.method, route, headers, body);
        sent++;
        if (response.status >= 500)
          failures.push(
            `#${index} ${endpoint.method} ${route.slice(0, 120)} → ${response.status} ${response.body.slice(0, 200)}`,
          );
      } catch (error) {
        if (!isUnsendable(error))
          failures.push(`#${index} ${endpoint.method} ${route.slice(0, 120)} → ${error}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(CASES * 0.6);

    const after = await storageSnapshot();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ marked_objects: 0, marked_buckets: 0 });
    const service = createClient(stack().supabaseUrl, stack().serviceRoleKey, {
      auth: { persistSession: false },
    });
    const { data } = await service.storage.from(bucket).download(fixtureKey);
    expect(await data?.text()).toBe("keep me");
  });
});

describe("storage at the edges of what hosted Storage accepts", () => {
  const longSegment = "s".repeat(300);
  const service = () =>
    createClient(stack().supabaseUrl, stack().serviceRoleKey, { auth: { persistSession: false } });

  // Hosted Storage (S3) takes any segment length within a 1,024-character key; the local disk refuses
  // names over 255 bytes, which once answered 500.
  it.each([
    ["a 300-byte last segment", `${longSegment}.txt`],
    ["a 300-byte folder", `${longSegment}/file.txt`],
    ["two long segments that differ only at the end", `${longSegment}a/${longSegment}b.txt`],
  ])("stores, serves, lists, copies and deletes a key with %s", async (_, key) => {
    const files = service().storage.from(edgeBucket);
    const uploaded = await files.upload(key, new Blob([key], { type: "text/plain" }));
    expect(uploaded.error).toBeNull();
    expect(await (await files.download(key)).data?.text()).toBe(key);
    expect((await files.copy(key, `copy/${key}`)).error).toBeNull();
    expect(await (await files.download(`copy/${key}`)).data?.text()).toBe(key);
    const removed = await files.remove([key, `copy/${key}`]);
    expect(removed.data?.map((object) => object.name).sort()).toEqual([`copy/${key}`, key].sort());
  });

  it("refuses a key over 1,024 characters with InvalidKey, not a server error", async () => {
    const key = `${"k".repeat(300)}/`.repeat(4).concat("end");
    const response = await sendRaw(
      stack().supabaseUrl,
      "POST",
      `/storage/v1/object/${edgeBucket}/${key}`,
      {
        apikey: stack().serviceRoleKey,
        authorization: `Bearer ${stack().serviceRoleKey}`,
        "content-type": "text/plain",
      },
      "x",
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: "400", error: "InvalidKey" });
  });
});

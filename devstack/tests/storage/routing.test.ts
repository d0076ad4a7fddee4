import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, signIn, stack, uniqueEmail } from "../auth/support.ts";

/**
 * storage-api's static object routes (`/object/upload/sign/…`, `/object/list-v2/…`) win over
 * `/object/:bucket/*` whatever a bucket is called, and behave as storage-js expects.
 */
const suffix = randomUUID().slice(0, 8);
const notesBucket = `routing-${suffix}`;
/** Buckets named like the static routes: a request meant for a route must never store an object here. */
const decoys = ["upload", "list-v2"];
const OWN_FOLDER = "(storage.foldername(name))[1] = (select auth.uid()::text)";
const policyNames = ["read", "upload", "update"].map((name) => `${notesBucket} ${name}`);
let db: pg.Client;
let service: SupabaseClient;
let ada: { client: SupabaseClient; id: string };
let mia: { client: SupabaseClient; id: string };

beforeAll(async () => {
  db = await database();
  await db.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ($1, $1, false, 1024, '{text/*}'), ('upload', 'upload', false, null, null),
            ('list-v2', 'list-v2', false, null, null)
     on conflict (id) do nothing`,
    [notesBucket],
  );
  const own = `bucket_id = ${pg.escapeLiteral(notesBucket)} and ${OWN_FOLDER}`;
  const [read, upload, update] = policyNames.map((name) => pg.escapeIdentifier(name));
  await db.query(`create policy ${read} on storage.objects for select to authenticated using (${own})`);
  await db.query(
    `create policy ${upload} on storage.objects for insert to authenticated with check (${own})`,
  );
  await db.query(
    `create policy ${update} on storage.objects for update to authenticated using (${own}) with check (${own})`,
  );
  service = createClient(stack().supabaseUrl, stack().serviceRoleKey, { auth: { persistSession: false } });
  const [first, second] = await Promise.all([signIn(uniqueEmail("ada")), signIn(uniqueEmail("mia"))]);
  ada = { client: first.client, id: first.session.user.id };
  mia = { client: second.client, id: second.session.user.id };
});

afterAll(async () => {
  for (const name of policyNames)
    await db.query(`drop policy if exists ${pg.escapeIdentifier(name)} on storage.objects`);
  await db.query("delete from storage.objects where bucket_id = any($1)", [[notesBucket, ...decoys]]);
  await db.query("delete from storage.buckets where id = any($1)", [[notesBucket, ...decoys]]);
  await db.end();
});

async function objectsIn(bucket: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    "select name from storage.objects where bucket_id = $1 order by name",
    [bucket],
  );
  return rows.map((row) => row.name);
}

const notes = (client: SupabaseClient) => client.storage.from(notesBucket);
const text = (content: string, type = "text/plain") => new Blob([content], { type });

describe("static routes are never an upload into a bucket of the same name", () => {
  it.each([
    ["POST", `/object/upload/sign/${"BUCKET"}/folder/a.txt`],
    ["PUT", `/object/upload/sign/${"BUCKET"}/folder/a.txt?token=x`],
    ["POST", `/object/list-v2/${"BUCKET"}`],
  ])("%s %s stores nothing in the buckets `upload` and `list-v2`", async (method, route) => {
    const response = await fetch(`${stack().supabaseUrl}/storage/v1${route.replace("BUCKET", notesBucket)}`, {
      method,
      headers: {
        apikey: stack().serviceRoleKey,
        authorization: `Bearer ${stack().serviceRoleKey}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ prefix: "" }),
    });
    await response.body?.cancel();
    expect(await objectsIn("upload")).toEqual([]);
    expect(await objectsIn("list-v2")).toEqual([]);
  });
});

describe("signed upload URLs", () => {
  it("signs for a caller the policies let write, and the URL uploads without a JWT", async () => {
    const key = `${ada.id}/signed-upload.txt`;
    const { data, error } = await notes(ada.client).createSignedUploadUrl(key);
    expect(error).toBeNull();
    expect(data?.path).toBe(key);
    expect(data?.signedUrl).toContain(`/storage/v1/object/upload/sign/${notesBucket}/${key}?token=`);
    const claims = decodeJwt(data?.token ?? "");
    expect(claims).toMatchObject({
      url: `${notesBucket}/${key}`,
      owner: ada.id,
      upsert: false,
      scope: "upload",
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7200);

    const anonymous = createClient(stack().supabaseUrl, stack().anonKey, { auth: { persistSession: false } });
    const uploaded = await notes(anonymous).uploadToSignedUrl(key, data?.token ?? "", text("via link"));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: key, fullPath: `${notesBucket}/${key}` });
    const { rows } = await db.query(
      "select owner_id from storage.objects where bucket_id = $1 and name = $2",
      [notesBucket, key],
    );
    expect(rows[0]).toEqual({ owner_id: ada.id });
    expect(await (await notes(ada.client).download(key)).data?.text()).toBe("via link");
  });

  it("refuses to sign where the policies refuse the write, and creates nothing", async () => {
    const { error } = await notes(mia.client).createSignedUploadUrl(`${ada.id}/planted.txt`);
    expect(error).toMatchObject({ statusCode: "403", message: "new row violates row-level security policy" });
    expect(await objectsIn(notesBucket)).not.toContain(`${ada.id}/planted.txt`);
  });

  it("keeps the bucket's rules, refuses a second upload without upsert, and a download token", async () => {
    const key = `${ada.id}/once.txt`;
    const { data } = await notes(ada.client).createSignedUploadUrl(key);
    const token = data?.token ?? "";
    const wrongType = await notes(ada.client).uploadToSignedUrl(key, token, text("%PDF", "application/pdf"));
    expect(wrongType.error).toMatchObject({ statusCode: "415" });
    expect((await notes(ada.client).uploadToSignedUrl(key, token, text("first"))).error).toBeNull();
    const again = await notes(ada.client).uploadToSignedUrl(key, token, text("second"));
    expect(again.error).toMatchObject({ statusCode: "409" });

    const download = await notes(ada.client).createSignedUrl(key, 60);
    const downloadToken = new URL(download.data?.signedUrl ?? "").searchParams.get("token") ?? "";
    const replayed = await notes(ada.client).uploadToSignedUrl(key, downloadToken, text("x"));
    expect(replayed.error).toMatchObject({ statusCode: "400", message: "Token is not scoped for upload" });
    expect(await (await notes(ada.client).download(key)).data?.text()).toBe("first");
  });

  it("replaces an object with an upsert URL", async () => {
    const key = `${ada.id}/replaced.txt`;
    await notes(ada.client).upload(key, text("old"));
    const { data } = await notes(ada.client).createSignedUploadUrl(key, { upsert: true });
    expect((await notes(ada.client).uploadToSignedUrl(key, data?.token ?? "", text("new"))).error).toBeNull();
    expect(await (await notes(ada.client).download(key)).data?.text()).toBe("new");
  });
});

describe("list-v2", () => {
  it("pages through objects with a cursor and folds folders with a delimiter", async () => {
    for (const name of ["a.txt", "b.txt", "c.txt", "sub/d.txt", "sub/deeper/e.txt"])
      await service.storage.from(notesBucket).upload(`listing/${name}`, text(name));
    const list = async (body: Record<string, unknown>) => {
      const response = await fetch(`${stack().supabaseUrl}/storage/v1/object/list-v2/${notesBucket}`, {
        method: "POST",
        headers: {
          apikey: stack().serviceRoleKey,
          authorization: `Bearer ${stack().serviceRoleKey}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        hasNext: boolean;
        nextCursor?: string;
        folders: Array<{ name: string; id: null }>;
        objects: Array<{ name: string; id: string; key?: string; metadata: { size: number } }>;
      };
    };

    const first = await list({ prefix: "listing/", limit: 2 });
    expect(first.objects.map((object) => object.name)).toEqual(["listing/a.txt", "listing/b.txt"]);
    expect(first.hasNext).toBe(true);
    const rest = await list({ prefix: "listing/", limit: 10, cursor: first.nextCursor });
    expect(rest.objects.map((object) => object.name)).toEqual([
      "listing/c.txt",
      "listing/sub/d.txt",
      "listing/sub/deeper/e.txt",
    ]);
    expect(rest).toMatchObject({ hasNext: false, folders: [] });

    const folded = await list({ prefix: "listing/", with_delimiter: true });
    // storage-api's shapes: a folder is only its id (null) and name; with a delimiter an object also has
    // its `key`, the name's segment at the prefix's level (search_v2); without one it has none.
    expect(folded.folders).toEqual([{ name: "listing/sub/", id: null }]);
    expect(folded.objects.map((object) => [object.name, object.key, object.metadata.size])).toEqual([
      ["listing/a.txt", "a.txt", 5],
      ["listing/b.txt", "b.txt", 5],
      ["listing/c.txt", "c.txt", 5],
    ]);
    expect(first.objects[0]).not.toHaveProperty("key");
  });

  it("lists only what the caller's policies show", async () => {
    await notes(ada.client).upload(`${ada.id}/mine.txt`, text("mine"));
    const response = await fetch(`${stack().supabaseUrl}/storage/v1/object/list-v2/${notesBucket}`, {
      method: "POST",
      headers: {
        apikey: stack().anonKey,
        authorization: `Bearer ${(await mia.client.auth.getSession()).data.session?.access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ prefix: ada.id }),
    });
    expect(await response.json()).toEqual({ hasNext: false, folders: [], objects: [] });
  });
});

import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, database, signIn, stack, uniqueEmail } from "../auth/support.ts";

/**
 * Bucket create/update/empty/delete as storage-api answers them, driven by supabase-js's storage
 * client: the service role bypasses storage.buckets' row-level security, other callers need a policy.
 */

let db: pg.Client;
let admin: SupabaseClient;
let ada: { client: SupabaseClient; id: string };
const made: string[] = [];
/** The policy that lets ada (only) manage buckets whose name starts with `ada-`. */
const adaPolicy = `ada manages ada buckets ${randomUUID().slice(0, 8)}`;

const bucketName = (label: string) => {
  const name = `${label}-${randomUUID().slice(0, 8)}`;
  made.push(name);
  return name;
};

beforeAll(async () => {
  db = await database();
  admin = createClient(stack().supabaseUrl, stack().serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signedIn = await signIn(uniqueEmail("ada"));
  ada = { client: signedIn.client, id: signedIn.session.user.id };
  const adaId = pg.escapeLiteral(ada.id);
  await db.query(
    `create policy ${pg.escapeIdentifier(adaPolicy)} on storage.buckets for all to authenticated
       using (starts_with(name, 'ada-') and owner_id = (select auth.uid()::text))
       with check (starts_with(name, 'ada-') and (select auth.uid()::text) = ${adaId})`,
  );
});

afterAll(async () => {
  await db.query(`drop policy if exists ${pg.escapeIdentifier(adaPolicy)} on storage.buckets`);
  await db.query("delete from storage.objects where bucket_id = any($1)", [made]);
  await db.query("delete from storage.buckets where id = any($1)", [made]);
  await db.end();
});

async function objectCount(bucket: string): Promise<number> {
  const { rows } = await db.query("select count(*)::int as n from storage.objects where bucket_id = $1", [
    bucket,
  ]);
  return rows[0].n;
}

async function bucketRow(id: string) {
  const { rows } = await db.query("select * from storage.buckets where id = $1", [id]);
  return rows[0];
}

describe("create", () => {
  it("creates a bucket with the given settings and answers its name", async () => {
    const name = bucketName("settings");
    const { data, error } = await admin.storage.createBucket(name, {
      public: true,
      fileSizeLimit: "1.5mb",
      allowedMimeTypes: ["image/png", "text/plain; charset=utf-8", "image/*"],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ name });
    const bucket = await admin.storage.getBucket(name);
    expect(bucket.data).toMatchObject({
      id: name,
      name,
      public: true,
      file_size_limit: 1_500_000,
      allowed_mime_types: ["image/png", "text/plain; charset=utf-8", "image/*"],
    });
  });

  it("makes a private bucket without limits by default", async () => {
    const name = bucketName("defaults");
    expect((await admin.storage.createBucket(name)).error).toBeNull();
    expect(await bucketRow(name)).toMatchObject({
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
    });
  });

  it("refuses a second bucket with the same id (409 BucketAlreadyExists)", async () => {
    const name = bucketName("twice");
    await admin.storage.createBucket(name);
    const { error } = await admin.storage.createBucket(name);
    expect(error).toMatchObject({ status: 400, statusCode: "409", message: "The resource already exists" });
  });

  it.each([
    {
      label: "a name with a trailing space",
      name: "spaced-{n} ",
      options: { public: false },
      code: "400",
      message: "Bucket name invalid",
    },
    {
      label: "a name with a slash",
      name: "a-{n}/b",
      options: { public: false },
      code: "400",
      message: "Bucket name invalid",
    },
    {
      label: "a reserved suffix",
      name: "lake-{n}--iceberg",
      options: { public: false },
      code: "400",
      message: "Bucket name invalid",
    },
    {
      label: "a size without a unit",
      name: "size-words-{n}",
      options: { public: false, fileSizeLimit: "20 parsecs" },
      code: "400",
      message: "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
    },
    {
      label: "a size over the global limit",
      name: "size-huge-{n}",
      options: { public: false, fileSizeLimit: "60mb" },
      code: "413",
      message: "The object exceeded the maximum allowed size",
    },
    {
      label: "an analytics bucket (a feature hosted projects enable)",
      name: "lake-{n}",
      options: { public: false, type: "ANALYTICS" as const },
      code: "409",
      message: "The feature Iceberg buckets are not enabled for this tenant is not enabled for this resource",
    },
    {
      label: "a malformed mime type",
      name: "mime-bad-{n}",
      options: { public: false, allowedMimeTypes: ["image"] },
      code: "415",
      message: "mime type image is not supported",
    },
  ])("refuses $label", async ({ name, options, code, message }) => {
    const id = name.replace("{n}", randomUUID().slice(0, 8));
    made.push(id);
    const { data, error } = await admin.storage.createBucket(id, options);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: Number(code) >= 500 ? 500 : 400, statusCode: code, message });
    expect(await bucketRow(id)).toBeUndefined();
  });

  it("lets an authenticated caller create only what a storage.buckets policy allows, owned by them", async () => {
    const denied = await ada.client.storage.createBucket(bucketName("other"));
    expect(denied.error).toMatchObject({
      status: 400,
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
    const name = bucketName("ada");
    expect((await ada.client.storage.createBucket(name)).error).toBeNull();
    expect(await bucketRow(name)).toMatchObject({ owner: ada.id, owner_id: ada.id });
  });

  it("refuses the anonymous key and a missing JWT", async () => {
    const anon = await anonClient().storage.createBucket(bucketName("ada"));
    expect(anon.error).toMatchObject({ statusCode: "403" });
    const response = await fetch(`${stack().supabaseUrl}/storage/v1/bucket`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: bucketName("nojwt") }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: "403", error: "Unauthorized" });
  });
});

describe("update", () => {
  it("changes only the settings given", async () => {
    const name = bucketName("update");
    await admin.storage.createBucket(name, {
      public: true,
      fileSizeLimit: 2048,
      allowedMimeTypes: ["image/jpeg"],
    });
    const { data, error } = await admin.storage.updateBucket(name, { public: false });
    expect(error).toBeNull();
    expect(data).toEqual({ message: "Successfully updated" });
    expect(await bucketRow(name)).toMatchObject({
      public: false,
      file_size_limit: "2048",
      allowed_mime_types: ["image/jpeg"],
    });
  });

  it("clears limits set to null", async () => {
    const name = bucketName("clear");
    await admin.storage.createBucket(name, {
      public: false,
      fileSizeLimit: "20mb",
      allowedMimeTypes: ["image/jpeg"],
    });
    const response = await fetch(`${stack().supabaseUrl}/storage/v1/bucket/${name}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${stack().serviceRoleKey}`, "content-type": "application/json" },
      body: JSON.stringify({ file_size_limit: null, allowed_mime_types: null }),
    });
    expect(response.status).toBe(200);
    expect(await bucketRow(name)).toMatchObject({ file_size_limit: null, allowed_mime_types: null });
  });

  it("answers NoSuchBucket for a missing bucket and for one the caller's policies hide", async () => {
    const missing = await admin.storage.updateBucket(`missing-${randomUUID()}`, { public: true });
    expect(missing.error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
    const name = bucketName("hidden");
    await admin.storage.createBucket(name);
    const hidden = await ada.client.storage.updateBucket(name, { public: true });
    expect(hidden.error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
    expect((await bucketRow(name)).public).toBe(false);
  });

  it("lets the policy's user update their own bucket", async () => {
    const name = bucketName("ada");
    await ada.client.storage.createBucket(name);
    expect((await ada.client.storage.updateBucket(name, { public: true })).error).toBeNull();
    expect((await bucketRow(name)).public).toBe(true);
  });
});

describe("empty and delete", () => {
  const upload = (name: string, key: string) =>
    admin.storage.from(name).upload(key, new Blob(["hello"], { type: "text/plain" }));
  const versionsOnDisk = (name: string, key: string) => {
    try {
      return readdirSync(path.join(stack().stateDir, "storage", name, ...key.split("/")));
    } catch {
      return [];
    }
  };

  it("refuses to delete a bucket that holds objects (409 ResourceNotEmpty)", async () => {
    const name = bucketName("full");
    await admin.storage.createBucket(name);
    await upload(name, "a.txt");
    const { error } = await admin.storage.deleteBucket(name);
    expect(error).toMatchObject({
      status: 400,
      statusCode: "409",
      message: "The bucket you tried to delete is not empty",
    });
    expect(await bucketRow(name)).toBeDefined();
  });

  it("empties a bucket later, as a queued job: rows and files go, then the bucket can be deleted", async () => {
    const name = bucketName("emptied");
    await admin.storage.createBucket(name);
    await upload(name, "a.txt");
    await upload(name, "folder/b.txt");
    expect(versionsOnDisk(name, "a.txt")).toHaveLength(1);
    const emptied = await admin.storage.emptyBucket(name);
    expect(emptied).toMatchObject({
      data: { message: "Empty bucket has been queued. Completion may take up to an hour." },
      error: null,
    });
    // As on hosted Storage, the answer comes before the deletion: deleting at once is refused.
    expect((await admin.storage.deleteBucket(name)).error).toMatchObject({ statusCode: "409" });
    await expect.poll(() => objectCount(name), { timeout: 10_000 }).toBe(0);
    expect([...versionsOnDisk(name, "a.txt"), ...versionsOnDisk(name, "folder/b.txt")]).toEqual([]);
    expect(await admin.storage.deleteBucket(name)).toEqual({
      data: { message: "Successfully deleted" },
      error: null,
    });
    expect(await bucketRow(name)).toBeUndefined();
  });

  it("keeps objects uploaded after the empty request", async () => {
    const name = bucketName("refilled");
    await admin.storage.createBucket(name);
    await upload(name, "old.txt");
    await admin.storage.emptyBucket(name);
    await upload(name, "new.txt");
    await expect.poll(() => objectCount(name), { timeout: 10_000 }).toBe(1);
    const { data } = await admin.storage.from(name).list();
    expect(data?.map((entry) => entry.name)).toEqual(["new.txt"]);
  });

  it.each([
    { action: "empty", withObject: true, statusCode: "404", message: "Bucket not found" },
    { action: "delete", withObject: false, statusCode: "404", message: "Bucket not found" },
    // storage-api counts the objects as super user before the caller's DELETE, so it says "not empty".
    {
      action: "delete",
      withObject: true,
      statusCode: "409",
      message: "The bucket you tried to delete is not empty",
    },
  ])("refuses to $action a bucket the caller's policies hide (object: $withObject)", async (rule) => {
    const name = bucketName("guarded");
    await admin.storage.createBucket(name);
    if (rule.withObject) await upload(name, "kept.txt");
    const act = (client: SupabaseClient, id: string) =>
      rule.action === "empty" ? client.storage.emptyBucket(id) : client.storage.deleteBucket(id);
    const { error } = await act(ada.client, name);
    expect(error).toMatchObject({ statusCode: rule.statusCode, message: rule.message });
    expect(await bucketRow(name)).toBeDefined();
    const { rows } = await db.query("select count(*)::int as n from storage.objects where bucket_id = $1", [
      name,
    ]);
    expect(rows[0].n).toBe(rule.withObject ? 1 : 0);
  });

  it.each(["empty", "delete"])("answers NoSuchBucket to %s a missing bucket", async (action) => {
    const id = `missing-${randomUUID()}`;
    const { error } =
      action === "empty" ? await admin.storage.emptyBucket(id) : await admin.storage.deleteBucket(id);
    expect(error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });

  it("lets the policy's user delete their own empty bucket", async () => {
    const name = bucketName("ada");
    await ada.client.storage.createBucket(name);
    expect((await ada.client.storage.deleteBucket(name)).error).toBeNull();
    expect(await bucketRow(name)).toBeUndefined();
  });
});

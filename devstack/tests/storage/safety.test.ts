import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, signIn, stack, uniqueEmail } from "../auth/support.ts";

/**
 * What keeps stored files from attacking the gateway's origin (which also serves the sign-in inbox):
 * bucket rules on copy and move, safe answer headers, and bounded signed links.
 */
const suffix = randomUUID().slice(0, 8);
const filesBucket = `safety-files-${suffix}`;
/** Like the product's `assets`: public, images only, small. */
const imagesBucket = `safety-images-${suffix}`;
const readPolicy = `${filesBucket} owners read`;
let db: pg.Client;
let service: SupabaseClient;
let ada: { client: SupabaseClient; id: string };

beforeAll(async () => {
  db = await database();
  await db.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ($1, $1, false, null, null), ($2, $2, true, 64, '{image/png,image/jpeg,image/webp,image/gif}')`,
    [filesBucket, imagesBucket],
  );
  await db.query(
    `create policy ${pg.escapeIdentifier(readPolicy)} on storage.objects for select to authenticated
     using (bucket_id = ${pg.escapeLiteral(filesBucket)} and (storage.foldername(name))[1] = (select auth.uid()::text))`,
  );
  service = createClient(stack().supabaseUrl, stack().serviceRoleKey, { auth: { persistSession: false } });
  const signedIn = await signIn(uniqueEmail("ada"));
  ada = { client: signedIn.client, id: signedIn.session.user.id };
});

afterAll(async () => {
  await db.query(`drop policy if exists ${pg.escapeIdentifier(readPolicy)} on storage.objects`);
  await db.query("delete from storage.objects where bucket_id = any($1)", [[filesBucket, imagesBucket]]);
  await db.query("delete from storage.buckets where id = any($1)", [[filesBucket, imagesBucket]]);
  await db.end();
});

const files = () => service.storage.from(filesBucket);

async function put(key: string, content: string, contentType: string): Promise<void> {
  const { error } = await files().upload(key, new Blob([content], { type: contentType }), { upsert: true });
  if (error) throw error;
}

async function exists(bucket: string, key: string): Promise<boolean> {
  const { rowCount } = await db.query("select 1 from storage.objects where bucket_id = $1 and name = $2", [
    bucket,
    key,
  ]);
  return rowCount === 1;
}

describe("copy and move keep the destination bucket's rules", () => {
  const script = "<script>fetch('/inbox/api/messages')</script>";
  it.each([
    ["copy", "page.html", script, "text/html", "415", "mime type text/html is not supported"],
    ["move", "page.html", script, "text/html", "415", "mime type text/html is not supported"],
    ["copy", "vector.svg", "<svg/>", "image/svg+xml", "415", "mime type image/svg+xml is not supported"],
    ["copy", "huge.png", "x".repeat(65), "image/png", "413", "The object exceeded the maximum allowed size"],
    ["move", "huge.png", "x".repeat(65), "image/png", "413", "The object exceeded the maximum allowed size"],
  ])("%s of %s is refused with %s", async (operation, name, content, type, statusCode, message) => {
    const key = `${operation}/${name}`;
    await put(key, content, type);
    const options = { destinationBucket: imagesBucket };
    const result =
      operation === "copy"
        ? await files().copy(key, `stolen/${name}`, options)
        : await files().move(key, `stolen/${name}`, options);
    expect(result.error).toMatchObject({ statusCode, message });
    expect(await exists(imagesBucket, `stolen/${name}`)).toBe(false);
    expect(await exists(filesBucket, key)).toBe(true);
  });

  it("still copies and moves a file that meets the rules", async () => {
    await put("ok/small.png", "png", "image/png");
    expect(
      (await files().copy("ok/small.png", "ok/copy.png", { destinationBucket: imagesBucket })).error,
    ).toBeNull();
    expect(
      (await files().move("ok/small.png", "ok/moved.png", { destinationBucket: imagesBucket })).error,
    ).toBeNull();
    expect(await exists(imagesBucket, "ok/copy.png")).toBe(true);
    expect(await exists(imagesBucket, "ok/moved.png")).toBe(true);
  });
});

describe("served files cannot run script on the gateway's origin", () => {
  it.each([
    // stored type, served type, shown inline
    ["text/html", "text/plain", true],
    ["text/html; charset=utf-8", "text/plain", true],
    ["image/svg+xml", "image/svg+xml", false],
    ["application/xml", "application/xml", false],
    ["text/javascript", "text/javascript", false],
    ["application/octet-stream", "application/octet-stream", false],
    ["image/png", "image/png", true],
    ["application/pdf", "application/pdf", true],
    ["audio/mpeg", "audio/mpeg", true],
    ["text/plain", "text/plain", true],
  ])("%s is served as %s (inline: %s) with nosniff", async (stored, served, inline) => {
    const key = `${ada.id}/served-${randomUUID().slice(0, 6)}`;
    await put(key, "<html><script>alert(1)</script></html>", stored);
    const signed = await ada.client.storage.from(filesBucket).createSignedUrl(key, 60);
    const token = (await ada.client.auth.getSession()).data.session?.access_token;
    const answers = [
      await fetch(signed.data?.signedUrl ?? ""),
      await fetch(`${stack().supabaseUrl}/storage/v1/object/authenticated/${filesBucket}/${key}`, {
        headers: { authorization: `Bearer ${token}`, apikey: stack().anonKey },
      }),
    ];
    for (const answer of answers) {
      await answer.body?.cancel();
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe(served);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("content-disposition")?.startsWith("attachment") ?? false).toBe(!inline);
    }
  });
});

describe("signed links", () => {
  const week = 7 * 24 * 60 * 60;

  it("may live a week at most", async () => {
    const key = `${ada.id}/lifetime.txt`;
    await put(key, "x", "text/plain");
    const notes = ada.client.storage.from(filesBucket);
    expect((await notes.createSignedUrl(key, week)).error).toBeNull();
    expect((await notes.createSignedUrl(key, week + 1)).error).toMatchObject({
      statusCode: "400",
      message: "Invalid Parameter expiresIn",
    });
    expect((await notes.createSignedUrl(key, 10 * 365 * 24 * 3600)).error).toMatchObject({
      statusCode: "400",
    });
    expect((await notes.createSignedUrls([key], week + 1)).error).toMatchObject({ statusCode: "400" });
  });

  it("serves until it expires, though the signer lost access since (as hosted Storage does)", async () => {
    const key = `${ada.id}/kept.txt`;
    await put(key, "still here", "text/plain");
    const { data } = await ada.client.storage.from(filesBucket).createSignedUrl(key, 60);
    await db.query(`drop policy ${pg.escapeIdentifier(readPolicy)} on storage.objects`);
    try {
      expect((await ada.client.storage.from(filesBucket).download(key)).error).toMatchObject({
        statusCode: "404",
      });
      const link = await fetch(data?.signedUrl ?? "");
      expect(await link.text()).toBe("still here");
    } finally {
      await db.query(
        `create policy ${pg.escapeIdentifier(readPolicy)} on storage.objects for select to authenticated
         using (bucket_id = ${pg.escapeLiteral(filesBucket)} and (storage.foldername(name))[1] = (select auth.uid()::text))`,
      );
    }
  });
});

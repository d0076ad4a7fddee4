import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt, SignJWT } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, database, signIn, stack, uniqueEmail } from "../auth/support.ts";

const privateBucket = `notes-${randomUUID().slice(0, 8)}`;
const publicBucket = `pictures-${randomUUID().slice(0, 8)}`;
let db: pg.Client;
let ada: { client: SupabaseClient; id: string };
let mia: { client: SupabaseClient; id: string };

/** Supabase's usual "own folder" policies, on test buckets of this file only. */
const OWN_FOLDER = "(storage.foldername(name))[1] = (select auth.uid()::text)";

beforeAll(async () => {
  db = await database();
  await db.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ($1, $1, false, 1024, '{text/*,image/png}'), ($2, $2, true, null, null)`,
    [privateBucket, publicBucket],
  );
  const inPrivate = `bucket_id = ${pg.escapeLiteral(privateBucket)} and ${OWN_FOLDER}`;
  const inPublic = `bucket_id = ${pg.escapeLiteral(publicBucket)} and ${OWN_FOLDER}`;
  for (const [name, rule] of Object.entries(policies(inPrivate, inPublic))) {
    await db.query(
      `create policy ${pg.escapeIdentifier(`${privateBucket} ${name}`)} on storage.objects ${rule}`,
    );
  }
  const [first, second] = await Promise.all([signIn(uniqueEmail("ada")), signIn(uniqueEmail("mia"))]);
  ada = { client: first.client, id: first.session.user.id };
  mia = { client: second.client, id: second.session.user.id };
});

afterAll(async () => {
  for (const name of Object.keys(policies("", ""))) {
    await db.query(
      `drop policy if exists ${pg.escapeIdentifier(`${privateBucket} ${name}`)} on storage.objects`,
    );
  }
  await db.query("delete from storage.objects where bucket_id = any($1)", [[privateBucket, publicBucket]]);
  await db.query("delete from storage.buckets where id = any($1)", [[privateBucket, publicBucket]]);
  await db.end();
});

function policies(inPrivate: string, inPublic: string): Record<string, string> {
  return {
    "owners read": `for select to authenticated using (${inPrivate})`,
    "owners upload": `for insert to authenticated with check (${inPrivate})`,
    "owners update": `for update to authenticated using (${inPrivate}) with check (${inPrivate})`,
    "owners delete": `for delete to authenticated using (${inPrivate})`,
    "owners publish": `for insert to authenticated with check (${inPublic})`,
  };
}

const text = (content: string, type = "text/plain") => new Blob([content], { type });
const notes = () => ada.client.storage.from(privateBucket);

async function objectRow(bucket: string, name: string) {
  const { rows } = await db.query("select * from storage.objects where bucket_id = $1 and name = $2", [
    bucket,
    name,
  ]);
  return rows[0];
}

function versionsOnDisk(bucket: string, name: string): string[] {
  try {
    return readdirSync(path.join(stack().stateDir, "storage", bucket, ...name.split("/")));
  } catch {
    return [];
  }
}

describe("upload and download", () => {
  it("stores a File sent as multipart and gives it back to its owner", async () => {
    const key = `${ada.id}/notes.txt`;
    const { data, error } = await notes().upload(key, text("hello storage"));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: key, fullPath: `${privateBucket}/${key}`, id: expect.any(String) });

    const row = await objectRow(privateBucket, key);
    expect(row).toMatchObject({ id: data?.id, owner: ada.id, owner_id: ada.id });
    expect(row.metadata).toMatchObject({ mimetype: "text/plain", size: 13, cacheControl: "max-age=3600" });
    expect(versionsOnDisk(privateBucket, key)).toEqual([row.version]);

    const downloaded = await notes().download(key);
    expect(await downloaded.data?.text()).toBe("hello storage");
    expect(downloaded.data?.type).toBe("text/plain");
  });

  it("stores a raw body with its content type", async () => {
    const key = `${ada.id}/raw.md`;
    const bytes = new TextEncoder().encode("# Heading\n");
    expect((await notes().upload(key, bytes, { contentType: "text/markdown" })).error).toBeNull();
    const downloaded = await notes().download(key);
    expect(downloaded.data?.type).toBe("text/markdown");
    expect(await downloaded.data?.text()).toBe("# Heading\n");
  });

  it("refuses to overwrite without x-upsert and replaces with it", async () => {
    const key = `${ada.id}/draft.txt`;
    await notes().upload(key, text("first"));
    const duplicate = await notes().upload(key, text("second"));
    expect(duplicate.error).toMatchObject({
      status: 400,
      statusCode: "409",
      message: "The resource already exists",
    });
    const replaced = await notes().upload(key, text("second"), { upsert: true });
    expect(replaced.error).toBeNull();
    expect(await (await notes().download(key)).data?.text()).toBe("second");
    const row = await objectRow(privateBucket, key);
    expect(versionsOnDisk(privateBucket, key)).toEqual([row.version]);
  });

  it("enforces the bucket's size limit and mime types", async () => {
    const tooBig = await notes().upload(`${ada.id}/big.txt`, text("x".repeat(2000)));
    expect(tooBig.error).toMatchObject({ status: 400, statusCode: "413" });
    const pdf = await notes().upload(`${ada.id}/doc.pdf`, text("%PDF", "application/pdf"));
    expect(pdf.error).toMatchObject({
      statusCode: "415",
      message: "mime type application/pdf is not supported",
    });
    expect(await objectRow(privateBucket, `${ada.id}/big.txt`)).toBeUndefined();
  });

  it("serves byte ranges", async () => {
    const key = `${ada.id}/range.txt`;
    await notes().upload(key, text("0123456789"));
    const response = await fetch(`${stack().supabaseUrl}/storage/v1/object/${privateBucket}/${key}`, {
      headers: {
        authorization: `Bearer ${(await ada.client.auth.getSession()).data.session?.access_token}`,
        range: "bytes=2-5",
      },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(await response.text()).toBe("2345");
  });
});

describe("row-level security decides", () => {
  it("keeps another user out of a folder", async () => {
    const key = `${ada.id}/private.txt`;
    await notes().upload(key, text("ada only"));
    const intrude = await mia.client.storage.from(privateBucket).upload(`${ada.id}/planted.txt`, text("x"));
    expect(intrude.error).toMatchObject({
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
    const peek = await mia.client.storage.from(privateBucket).download(key);
    expect(peek.error).toMatchObject({ statusCode: "404", message: "Object not found" });
    expect((await mia.client.storage.from(privateBucket).list(ada.id)).data).toEqual([]);
    const removed = await mia.client.storage.from(privateBucket).remove([key]);
    expect(removed.data).toEqual([]);
    expect(await objectRow(privateBucket, key)).toBeDefined();
    const signed = await mia.client.storage.from(privateBucket).createSignedUrl(key, 60);
    expect(signed.error).toMatchObject({ statusCode: "404" });
  });

  it("refuses anonymous uploads and forged tokens", async () => {
    const anonymous = await anonClient().storage.from(privateBucket).upload(`${ada.id}/anon.txt`, text("x"));
    expect(anonymous.error).toMatchObject({ statusCode: "403" });
    const forgedToken = await new SignJWT({ sub: ada.id, role: "authenticated" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-project-secret-but-long-enough"));
    const forged = createClient(stack().supabaseUrl, stack().anonKey, {
      global: { headers: { authorization: `Bearer ${forgedToken}` } },
      auth: { persistSession: false },
    });
    const result = await forged.storage.from(privateBucket).upload(`${ada.id}/forged.txt`, text("x"));
    expect(result.error).toMatchObject({ status: 400, statusCode: "403" });
    expect(await objectRow(privateBucket, `${ada.id}/forged.txt`)).toBeUndefined();
  });
});

describe("list, delete, move and copy", () => {
  it("lists one folder level with sub-folders", async () => {
    await notes().upload(`${ada.id}/course/intro.txt`, text("a"));
    await notes().upload(`${ada.id}/course/week1/day1.txt`, text("b"));
    const { data } = await notes().list(`${ada.id}/course`);
    expect(data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      ["intro.txt", false],
      ["week1", true],
    ]);
    const searched = await notes().list(`${ada.id}/course`, { search: "INT" });
    expect(searched.data?.map((entry) => entry.name)).toEqual(["intro.txt"]);
  });

  it("deletes several objects, their rows and their files", async () => {
    const keys = [`${ada.id}/old1.txt`, `${ada.id}/old2.txt`];
    for (const key of keys) await notes().upload(key, text(key));
    const { data } = await notes().remove([...keys, `${ada.id}/never-existed.txt`]);
    expect(data?.map((object) => object.name).sort()).toEqual(keys);
    for (const key of keys) {
      expect(await objectRow(privateBucket, key)).toBeUndefined();
      expect(versionsOnDisk(privateBucket, key)).toEqual([]);
    }
  });

  it("deletes a single object by its URL", async () => {
    const key = `${ada.id}/single.txt`;
    await notes().upload(key, text("bye"));
    const token = (await ada.client.auth.getSession()).data.session?.access_token;
    const remove = () =>
      fetch(`${stack().supabaseUrl}/storage/v1/object/${privateBucket}/${key}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}`, apikey: stack().anonKey },
      });
    const first = await remove();
    expect(await first.json()).toEqual({ message: "Successfully deleted" });
    const second = await remove();
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({
      statusCode: "404",
      error: "not_found",
      message: "Object not found",
    });
  });

  it("moves and copies within what the policies allow", async () => {
    await notes().upload(`${ada.id}/before.txt`, text("moving"));
    expect((await notes().move(`${ada.id}/before.txt`, `${ada.id}/after.txt`)).error).toBeNull();
    expect((await notes().download(`${ada.id}/before.txt`)).error).toMatchObject({ statusCode: "404" });
    expect(await (await notes().download(`${ada.id}/after.txt`)).data?.text()).toBe("moving");

    expect((await notes().copy(`${ada.id}/after.txt`, `${ada.id}/copy.txt`)).error).toBeNull();
    expect(await (await notes().download(`${ada.id}/copy.txt`)).data?.text()).toBe("moving");

    const stolen = await mia.client.storage
      .from(privateBucket)
      .move(`${ada.id}/after.txt`, `${mia.id}/after.txt`);
    expect(stolen.error).toMatchObject({ statusCode: "403" });
    expect(await objectRow(privateBucket, `${ada.id}/after.txt`)).toBeDefined();
  });
});

describe("signed and public URLs", () => {
  it("signs a URL that works until it expires", async () => {
    const key = `${ada.id}/signed.txt`;
    await notes().upload(key, text("signed content"));
    const { data, error } = await notes().createSignedUrl(key, 2);
    expect(error).toBeNull();
    const signedUrl = data?.signedUrl ?? "";
    const token = new URL(signedUrl).searchParams.get("token") ?? "";
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ url: `${privateBucket}/${key}` });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(2);

    const fresh = await fetch(signedUrl);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe("signed content");

    await new Promise((resolve) => setTimeout(resolve, 3100));
    const expired = await fetch(signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: "400", error: "InvalidJWT" });
  });

  it("refuses tampered tokens and tokens for another object", async () => {
    const key = `${ada.id}/guarded.txt`;
    await notes().upload(key, text("guarded"));
    await notes().upload(`${ada.id}/other.txt`, text("other"));
    const { data } = await notes().createSignedUrl(`${ada.id}/other.txt`, 60);
    const token = new URL(data?.signedUrl ?? "").searchParams.get("token") ?? "";
    const base = `${stack().supabaseUrl}/storage/v1/object/sign/${privateBucket}/${key}`;

    const elsewhere = await fetch(`${base}?token=${token}`);
    expect(await elsewhere.json()).toMatchObject({ statusCode: "400", error: "InvalidSignature" });
    const tampered = await fetch(`${base}?token=${token.slice(0, -3)}abc`);
    expect(await tampered.json()).toMatchObject({ statusCode: "400", error: "InvalidJWT" });
    const missing = await fetch(base);
    expect(missing.status).toBe(400);
  });

  it("signs many paths, each only when visible", async () => {
    const mine = `${ada.id}/batch.txt`;
    await notes().upload(mine, text("batch"));
    const { data } = await notes().createSignedUrls([mine, `${mia.id}/nothing.txt`], 60);
    expect(data?.[0]).toMatchObject({ path: mine, error: null });
    expect(await (await fetch(data?.[0]?.signedUrl ?? "")).text()).toBe("batch");
    expect(data?.[1]).toMatchObject({
      signedUrl: null,
      error: "Either the object does not exist or you do not have access to it",
    });
  });

  it("serves public buckets to anyone and private ones to no one", async () => {
    const pictures = ada.client.storage.from(publicBucket);
    const key = `${ada.id}/thumb.png`;
    expect((await pictures.upload(key, text("png bytes", "image/png"))).error).toBeNull();
    const publicUrl = pictures.getPublicUrl(key).data.publicUrl;
    expect(publicUrl).toBe(`${stack().supabaseUrl}/storage/v1/object/public/${publicBucket}/${key}`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");

    const hidden = await fetch(notes().getPublicUrl(`${ada.id}/notes.txt`).data.publicUrl);
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ statusCode: "404", error: "Bucket not found" });
  });
});

describe("buckets", () => {
  it("lists and reads buckets under the buckets table's RLS", async () => {
    const service = createClient(stack().supabaseUrl, stack().serviceRoleKey, {
      auth: { persistSession: false },
    });
    const { data } = await service.storage.listBuckets();
    expect(data?.map((bucket) => bucket.id)).toEqual(expect.arrayContaining([privateBucket, publicBucket]));
    const { data: bucket } = await service.storage.getBucket(privateBucket);
    expect(bucket).toMatchObject({ id: privateBucket, public: false, file_size_limit: 1024 });
    const asUser = await ada.client.storage.getBucket(privateBucket);
    expect(asUser.error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });
});

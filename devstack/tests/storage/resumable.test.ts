import { randomBytes, randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { type DetailedError, Upload, type UploadOptions } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, signIn, stack, uniqueEmail } from "../auth/support.ts";

/**
 * Resumable (TUS) uploads at /storage/v1/upload/resumable, driven by tus-js-client as Supabase's docs
 * use it: 6 MB chunks, Upload-Metadata bucketName/objectName/contentType/cacheControl, x-upsert, the
 * caller's JWT; the object appears under the same storage.objects RLS as a normal upload.
 */
const bucket = `tus-${randomUUID().slice(0, 8)}`;
const smallBucket = `tus-small-${randomUUID().slice(0, 8)}`;
const CHUNK = 6 * 1024 * 1024;
const OWN_FOLDER = "(storage.foldername(name))[1] = (select auth.uid()::text)";
const POLICIES = {
  "tus owners read": "for select to authenticated using",
  "tus owners upload": "for insert to authenticated with check",
  "tus owners update": "for update to authenticated using",
};
let db: pg.Client;
let ada: { client: SupabaseClient; id: string; token: string };
let mia: { client: SupabaseClient; id: string; token: string };

beforeAll(async () => {
  db = await database();
  await db.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ($1, $1, false, null, null), ($2, $2, false, 1024, '{text/*}')`,
    [bucket, smallBucket],
  );
  const rule = `(bucket_id = any(array[${pg.escapeLiteral(bucket)}, ${pg.escapeLiteral(smallBucket)}]) and ${OWN_FOLDER})`;
  for (const [name, start] of Object.entries(POLICIES)) {
    await db.query(
      `create policy ${pg.escapeIdentifier(`${bucket} ${name}`)} on storage.objects ${start} ${rule}`,
    );
  }
  const [first, second] = await Promise.all([signIn(uniqueEmail("tus-ada")), signIn(uniqueEmail("tus-mia"))]);
  ada = { client: first.client, id: first.session.user.id, token: first.session.access_token };
  mia = { client: second.client, id: second.session.user.id, token: second.session.access_token };
});

afterAll(async () => {
  for (const name of Object.keys(POLICIES)) {
    await db.query(`drop policy if exists ${pg.escapeIdentifier(`${bucket} ${name}`)} on storage.objects`);
  }
  await db.query("delete from storage.objects where bucket_id = any($1)", [[bucket, smallBucket]]);
  await db.query("delete from storage.buckets where id = any($1)", [[bucket, smallBucket]]);
  await db.end();
});

interface Sent {
  upload: Upload;
  /** The first progress report's byte count: where this attempt started sending. */
  firstProgress: number | null;
}

function tusOptions(token: string, target: { bucket: string; name: string; type?: string }): UploadOptions {
  return {
    endpoint: `${stack().supabaseUrl}/storage/v1/upload/resumable`,
    retryDelays: null,
    chunkSize: CHUNK,
    headers: { authorization: `Bearer ${token}`, apikey: stack().anonKey, "x-upsert": "false" },
    uploadDataDuringCreation: true,
    metadata: {
      bucketName: target.bucket,
      objectName: target.name,
      contentType: target.type ?? "application/pdf",
      cacheControl: "3600",
    },
  };
}

/** Runs an upload to its end; resolves with it, or rejects with tus-js-client's error. */
function send(file: Buffer, options: UploadOptions): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const sent: Sent = { upload: undefined as unknown as Upload, firstProgress: null };
    sent.upload = new Upload(file, {
      ...options,
      onProgress: (bytes) => {
        sent.firstProgress ??= bytes;
      },
      onSuccess: () => resolve(sent),
      onError: reject,
    });
    sent.upload.start();
  });
}

/** Starts an upload and aborts it once its first chunk is stored; resolves with the upload's URL. */
function sendFirstChunk(file: Buffer, options: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      ...options,
      onChunkComplete: (_size, accepted) => {
        if (accepted < CHUNK) return;
        void upload.abort(false).then(() => resolve(upload.url as string), reject);
      },
      onSuccess: () => reject(new Error("the upload finished before it could be aborted")),
      onError: reject,
    });
    upload.start();
  });
}

/** The status and body the server refused an upload with; an accepted upload fails the test. */
async function refused(sending: Promise<Sent>): Promise<{ status?: number; body?: string }> {
  try {
    await sending;
  } catch (error) {
    const response = (error as DetailedError).originalResponse;
    return { status: response?.getStatus(), body: response?.getBody() };
  }
  throw new Error("the upload was accepted");
}

async function objectRow(bucketId: string, name: string) {
  const { rows } = await db.query("select * from storage.objects where bucket_id = $1 and name = $2", [
    bucketId,
    name,
  ]);
  return rows[0];
}

describe("resumable uploads (TUS)", () => {
  it("stores a file sent in 6 MB chunks as the caller's object, like a normal upload", async () => {
    const name = `${ada.id}/big.pdf`;
    const file = randomBytes(CHUNK * 2 + 1234);
    const { upload } = await send(file, tusOptions(ada.token, { bucket, name }));
    expect(upload.url).toMatch(new RegExp(`^${stack().supabaseUrl}/storage/v1/upload/resumable/[\\w-]+$`));

    const row = await objectRow(bucket, name);
    expect(row).toMatchObject({ owner: ada.id, owner_id: ada.id });
    expect(row.metadata).toMatchObject({
      size: file.byteLength,
      mimetype: "application/pdf",
      cacheControl: "max-age=3600",
    });
    const downloaded = await ada.client.storage.from(bucket).download(name);
    expect(Buffer.from(await (downloaded.data as Blob).arrayBuffer()).equals(file)).toBe(true);
  });

  it("resumes a broken-off upload from the bytes the server has", async () => {
    const name = `${ada.id}/resumed.pdf`;
    const file = randomBytes(CHUNK * 2 + 99);
    const options = tusOptions(ada.token, { bucket, name });
    const uploadUrl = await sendFirstChunk(file, options);

    const head = await fetch(uploadUrl, {
      method: "HEAD",
      headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${ada.token}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(CHUNK));
    expect(head.headers.get("upload-length")).toBe(String(file.byteLength));
    expect(await objectRow(bucket, name)).toBeUndefined();

    const resumed = await send(file, { ...options, uploadUrl });
    expect(resumed.firstProgress).toBeGreaterThanOrEqual(CHUNK);
    const downloaded = await ada.client.storage.from(bucket).download(name);
    expect(Buffer.from(await (downloaded.data as Blob).arrayBuffer()).equals(file)).toBe(true);
  });

  it("lets RLS refuse another user's folder and a missing JWT with 403, storing nothing", async () => {
    const name = `${ada.id}/not-mia.pdf`;
    const byMia = await refused(send(randomBytes(100), tusOptions(mia.token, { bucket, name })));
    expect(byMia).toEqual({ status: 403, body: "new row violates row-level security policy" });
    const anonymous = await refused(
      send(randomBytes(100), tusOptions(stack().anonKey, { bucket, name: `${ada.id}/anon.pdf` })),
    );
    expect(anonymous).toEqual({ status: 403, body: "new row violates row-level security policy" });
    const forged = await refused(send(randomBytes(100), tusOptions("not-a-jwt", { bucket, name })));
    expect(forged.status).toBe(403);
    expect(await objectRow(bucket, name)).toBeUndefined();
  });

  it("asks RLS again for the bytes sent to an upload's URL: another user cannot continue it", async () => {
    const name = `${ada.id}/ada-only.pdf`;
    const file = randomBytes(CHUNK * 2 + 7);
    const options = tusOptions(ada.token, { bucket, name });
    const uploadUrl = await sendFirstChunk(file, options);

    const byMia = await refused(send(file, { ...tusOptions(mia.token, { bucket, name }), uploadUrl }));
    expect(byMia).toEqual({ status: 403, body: "new row violates row-level security policy" });
    expect(await objectRow(bucket, name)).toBeUndefined();

    const resumed = await send(file, { ...options, uploadUrl });
    expect(resumed.firstProgress).toBeGreaterThanOrEqual(CHUNK);
    expect(await objectRow(bucket, name)).toMatchObject({ owner: ada.id });
  });

  it("refuses to replace an object without x-upsert (409) and replaces it with x-upsert", async () => {
    const name = `${ada.id}/replaced.pdf`;
    await send(Buffer.from("first"), tusOptions(ada.token, { bucket, name }));
    const again = await refused(send(Buffer.from("second"), tusOptions(ada.token, { bucket, name })));
    expect(again).toEqual({ status: 409, body: "The resource already exists" });

    const upsert = tusOptions(ada.token, { bucket, name });
    await send(Buffer.from("second"), { ...upsert, headers: { ...upsert.headers, "x-upsert": "true" } });
    const downloaded = await ada.client.storage.from(bucket).download(name);
    expect(await (downloaded.data as Blob).text()).toBe("second");
  });

  it("enforces the bucket's size limit and mime types", async () => {
    const tooBig = await refused(
      send(
        randomBytes(2048),
        tusOptions(ada.token, { bucket: smallBucket, name: `${ada.id}/big.txt`, type: "text/plain" }),
      ),
    );
    expect(tooBig.status).toBe(413);
    const wrongType = await refused(
      send(randomBytes(10), tusOptions(ada.token, { bucket: smallBucket, name: `${ada.id}/x.pdf` })),
    );
    expect(wrongType).toEqual({ status: 415, body: "mime type application/pdf is not supported" });
    const noBucket = await refused(
      send(randomBytes(10), tusOptions(ada.token, { bucket: "no-such-bucket", name: `${ada.id}/x.pdf` })),
    );
    expect(noBucket).toEqual({ status: 404, body: "Bucket not found" });
  });
});

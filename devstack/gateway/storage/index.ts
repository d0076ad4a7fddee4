import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import type pg from "pg";
import { z } from "zod";
import type { GatewayContext } from "../context.ts";
import { withRequestTransaction } from "../db-session.ts";
import { bearerToken, type Identity, identify } from "../jwt.ts";
import {
  assertCreatableBucketName,
  assertStandardBucket,
  bucketHasObjects,
  bucketSettings,
  createBucketBodySchema,
  deleteBucket,
  insertBucket,
  updateBucket,
  updateBucketBodySchema,
} from "./buckets.ts";
import { verifiedCaller } from "./caller.ts";
import { fromDatabaseError, renderStorageError, StorageError, storageErrors } from "./errors.ts";
import { assertValidBucketName, assertValidKey, ObjectFiles } from "./files.ts";
import { listObjectsV2, listV2BodySchema } from "./list-v2.ts";
import {
  currentVersion,
  deleteObjects,
  findBucket,
  findObject,
  listBuckets,
  listFolder,
  type ObjectRow,
  renameObject,
  writeObject,
} from "./objects.ts";
import { resumableUploads } from "./resumable.ts";
import { serveObject } from "./serve.ts";
import {
  assertSignedUrlLifetime,
  signedUploadUrl,
  signedUrl,
  verifySignedUpload,
  verifySignedUrl,
} from "./signing.ts";
import { assertFitsBucket, objectMetadata, readLimited, readUpload } from "./uploads.ts";

/**
 * `/storage/v1`, speaking Supabase Storage (storage-api) for what storage-js sends: buckets, upload,
 * download (authenticated, public, signed), list, delete, move, copy and signed URLs. Objects live on
 * disk (./files.ts); their rows in storage.objects are read and written in the caller's own
 * transaction and role, so the storage schema's row-level security decides, as on Supabase; resumable
 * (TUS) uploads are ./resumable.ts. Only
 * what storage-api itself does as super user (bucket settings, public and signed downloads) uses the
 * gateway's own connection.
 */
export function storageService(ctx: GatewayContext): Hono {
  const storage = new StorageRoutes(ctx);
  const app = new Hono();
  app.onError((error, c) => {
    const known = error instanceof StorageError ? error : fromDatabaseError(error);
    if (known) return renderStorageError(c, known);
    ctx.log(`storage: ${c.req.method} ${c.req.path} failed: ${error.stack ?? error}`);
    return renderStorageError(c, storageErrors.internal());
  });

  const resumable = resumableUploads(ctx, new ObjectFiles(ctx));
  // storage-api's TUS routes: create on the base; send, check, cancel on an upload's URL.
  app.on(["POST", "OPTIONS"], "/upload/resumable", (c) => resumable(c.req.raw));
  app.on(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"], "/upload/resumable/:id", (c) => resumable(c.req.raw));
  // Hono routes HEAD as GET; storage-api answers HEAD (the offset) but has no GET for an upload.
  app.get("/upload/resumable/:id", (c) =>
    c.req.raw.method === "HEAD" ? resumable(c.req.raw) : c.notFound(),
  );
  app.get("/bucket", (c) => storage.listBuckets(c));
  app.post("/bucket", (c) => storage.createBucket(c));
  app.get("/bucket/:bucket", (c) => storage.getBucket(c));
  app.put("/bucket/:bucket", (c) => storage.updateBucket(c));
  app.post("/bucket/:bucket/empty", (c) => storage.emptyBucket(c));
  app.delete("/bucket/:bucket", (c) => storage.deleteBucket(c));
  // storage-api's static routes win over `/object/:bucket/*`, whatever the bucket is called: register
  // them first, so a bucket named `upload`, `list-v2` or `sign` never swallows them.
  app.post("/object/upload/sign/:bucket/:key{.+}", (c) => storage.signUpload(c));
  app.put("/object/upload/sign/:bucket/:key{.+}", (c) => storage.uploadSigned(c));
  app.post("/object/list-v2/:bucket", (c) => storage.listV2(c));
  app.post("/object/list/:bucket", (c) => storage.list(c));
  app.post("/object/move", (c) => storage.move(c));
  app.post("/object/copy", (c) => storage.copy(c));
  app.post("/object/sign/:bucket", (c) => storage.signMany(c));
  app.post("/object/sign/:bucket/:key{.+}", (c) => storage.signOne(c));
  app.get("/object/sign/:bucket/:key{.+}", (c) => storage.downloadSigned(c));
  app.get("/object/public/:bucket/:key{.+}", (c) => storage.downloadPublic(c));
  app.get("/object/authenticated/:bucket/:key{.+}", (c) => storage.download(c, { requireJwt: true }));
  app.get("/object/info/:bucket/:key{.+}", (c) => storage.info(c));
  app.post("/object/:bucket/:key{.+}", (c) => storage.upload(c, c.req.header("x-upsert") === "true"));
  app.put("/object/:bucket/:key{.+}", (c) => storage.upload(c, true));
  app.get("/object/:bucket/:key{.+}", (c) => storage.download(c, { requireJwt: false }));
  app.delete("/object/:bucket/:key{.+}", (c) => storage.deleteOne(c));
  app.delete("/object/:bucket", (c) => storage.deleteMany(c));
  return app;
}

/** How long an emptied bucket's objects stay before the local "queue" deletes them. */
const EMPTY_BUCKET_QUEUE_DELAY_MS = 500;

const ANON: Identity = { role: "anon", claims: { role: "anon" }, token: null };

const signBodySchema = z.object({ expiresIn: z.number().int().min(1) });
const signManyBodySchema = signBodySchema.extend({ paths: z.array(z.string()).min(1).max(1000) });
const prefixesSchema = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });
const moveBodySchema = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().nullish(),
});
const listBodySchema = z.object({
  prefix: z.string(),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().default(""),
  sortBy: z
    .object({
      column: z.enum(["name", "updated_at", "created_at", "last_accessed_at"]).default("name"),
      order: z
        .string()
        .transform((order) => order.toLowerCase())
        .pipe(z.enum(["asc", "desc"]))
        .default("asc"),
    })
    .default({ column: "name", order: "asc" }),
});
const bucketListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortColumn: z.enum(["id", "name", "created_at", "updated_at"]).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
  search: z.string().optional(),
});

class StorageRoutes {
  private readonly files: ObjectFiles;

  constructor(private readonly ctx: GatewayContext) {
    this.files = new ObjectFiles(ctx);
  }

  async listBuckets(c: Context): Promise<Response> {
    const identity = await this.caller(c);
    const query = parse(bucketListQuerySchema, c.req.query(), "querystring");
    return c.json(await this.asCaller(c, identity, (client) => listBuckets(client, query), "read"));
  }

  async getBucket(c: Context): Promise<Response> {
    const identity = await this.caller(c);
    const bucket = c.req.param("bucket") ?? "";
    return c.json(await this.asCaller(c, identity, (client) => findBucket(client, bucket), "read"));
  }

  /** Creates a bucket in the caller's role: storage.buckets' policies decide, the service role bypasses them. */
  async createBucket(c: Context): Promise<Response> {
    const identity = await this.caller(c);
    const body = parse(createBucketBodySchema, await jsonBody(c), "body");
    assertCreatableBucketName(body.name);
    assertStandardBucket(body.type);
    const bucket = {
      id: body.id || body.name,
      name: body.name,
      owner: ownerOf(identity),
      ...bucketSettings(body),
    };
    assertValidBucketName(bucket.id);
    await this.asCaller(c, identity, (client) => insertBucket(client, bucket));
    return c.json({ name: bucket.name });
  }

  async updateBucket(c: Context): Promise<Response> {
    const bucket = bucketParam(c);
    const identity = await this.caller(c);
    const settings = bucketSettings(parse(updateBucketBodySchema, await jsonBody(c), "body"));
    await this.asCaller(c, identity, (client) => updateBucket(client, bucket, settings));
    return c.json({ message: "Successfully updated" });
  }

  /**
   * storage-api finds the bucket and one object in the caller's role, then queues the deletion, as
   * super user, of every object created before the request; the answer comes before the deletion.
   * Here the queue is a timer, so code that deletes the bucket right after emptying it meets
   * "not empty" locally too.
   */
  async emptyBucket(c: Context): Promise<Response> {
    const bucket = bucketParam(c);
    const identity = await this.caller(c);
    const seesObjects = await this.asCaller(
      c,
      identity,
      async (client) => {
        await findBucket(client, bucket);
        return bucketHasObjects(client, bucket);
      },
      "read",
    );
    if (seesObjects) {
      const before = new Date();
      setTimeout(() => {
        this.deleteObjectsBefore(bucket, before).catch((error) =>
          this.ctx.log(`storage: emptying ${bucket} failed: ${error}`),
        );
      }, EMPTY_BUCKET_QUEUE_DELAY_MS).unref();
    }
    return c.json({ message: "Empty bucket has been queued. Completion may take up to an hour." });
  }

  private async deleteObjectsBefore(bucket: string, before: Date): Promise<void> {
    const { rows } = await this.ctx.pool.query<Pick<ObjectRow, "bucket_id" | "name" | "version">>(
      "delete from storage.objects where bucket_id = $1 and created_at < $2 returning bucket_id, name, version",
      [bucket, before],
    );
    await this.removeFiles(rows);
  }

  /** Only an empty bucket is deleted (checked as super user); the DELETE itself runs in the caller's role. */
  async deleteBucket(c: Context): Promise<Response> {
    const bucket = bucketParam(c);
    const identity = await this.caller(c);
    await findBucket(this.ctx.pool, bucket);
    if (await bucketHasObjects(this.ctx.pool, bucket)) throw storageErrors.bucketNotEmpty();
    await this.asCaller(c, identity, (client) => deleteBucket(client, bucket));
    return c.json({ message: "Successfully deleted" });
  }

  /** Uploads go to disk first and become visible only when the caller's INSERT (or upsert) commits. */
  async upload(c: Context, upsert: boolean): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const identity = await this.caller(c);
    const stored = await this.store(c, { bucket, key, owner: ownerOf(identity), upsert }, (work) =>
      this.asCaller(c, identity, work),
    );
    return c.json({ Id: stored.id, Key: `${bucket}/${key}` });
  }

  /**
   * `createSignedUploadUrl`: storage-api first tries the INSERT (or upsert) in the caller's role and
   * rolls it back, so only a caller the policies let write gets a URL; the upload itself then needs no
   * JWT.
   */
  async signUpload(c: Context): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const identity = await this.caller(c);
    const upsert = c.req.header("x-upsert") === "true";
    await findBucket(this.ctx.pool, bucket);
    const probe = {
      id: randomUUID(),
      bucket,
      name: key,
      owner: ownerOf(identity),
      version: randomUUID(),
      metadata: null,
      userMetadata: null,
    };
    await this.asCaller(c, identity, async (client, control) => {
      try {
        await writeObject(client, probe, upsert);
      } catch (error) {
        if (!upsert && fromDatabaseError(error)?.code === "ResourceAlreadyExists")
          throw storageErrors.keyAlreadyExists();
        throw error;
      }
      control.rollback();
    });
    const grant = { owner: probe.owner ?? undefined, upsert };
    return c.json(await signedUploadUrl(this.ctx, bucket, key, grant));
  }

  /**
   * `uploadToSignedUrl`: the token is the authorization (storage-api writes as super user, with the
   * owner and upsert the token carries); the bucket's size and type rules still apply.
   */
  async uploadSigned(c: Context): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const token = c.req.query("token");
    if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'");
    const grant = await verifySignedUpload(this.ctx, token, bucket, key);
    await this.store(c, { bucket, key, owner: grant.owner, upsert: grant.upsert }, async (work) => {
      const client = await this.ctx.pool.connect();
      try {
        return await work(client, { rollback: () => {} });
      } finally {
        client.release();
      }
    });
    return c.json({ Key: `${bucket}/${key}` });
  }

  /** Reads the upload under the bucket's rules, writes its file, then its row through `transaction`. */
  private async store(
    c: Context,
    target: { bucket: string; key: string; owner: string | null; upsert: boolean },
    transaction: (
      work: (client: pg.PoolClient, control: { rollback(): void }) => Promise<void>,
    ) => Promise<void>,
  ): Promise<{ id: string }> {
    const { bucket, key, upsert } = target;
    const bucketRow = await findBucket(this.ctx.pool, bucket);
    const file = await readUpload(c, bucketRow);
    const previous = upsert ? await currentVersion(this.ctx.pool, bucket, key) : null;
    const object = {
      id: randomUUID(),
      bucket,
      name: key,
      owner: target.owner,
      version: randomUUID(),
      metadata: objectMetadata(file),
      userMetadata: file.userMetadata,
    };
    await this.files.write(bucket, key, object.version, file.bytes);
    try {
      await transaction((client) => writeObject(client, object, upsert));
    } catch (error) {
      await this.files.remove({ bucket, key, version: object.version });
      if (!upsert && fromDatabaseError(error)?.code === "ResourceAlreadyExists")
        throw storageErrors.keyAlreadyExists();
      throw error;
    }
    if (previous) await this.files.remove({ bucket, key, version: previous.version });
    return { id: previous?.id ?? object.id };
  }

  async download(c: Context, options: { requireJwt: boolean }): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const caller = options.requireJwt ? await this.caller(c) : await this.callerIfValid(c);
    const bucketRow = await findBucket(this.ctx.pool, bucket);
    if (!caller && !bucketRow.public) throw storageErrors.noSuchBucket();
    const object = bucketRow.public
      ? await findObject(this.ctx.pool, bucket, key)
      : await this.asCaller(c, caller ?? ANON, (client) => findObject(client, bucket, key), "read");
    return serveObject(c, this.files, object);
  }

  async downloadPublic(c: Context): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const bucketRow = await findBucket(this.ctx.pool, bucket);
    if (!bucketRow.public) throw storageErrors.noSuchBucket();
    return serveObject(c, this.files, await findObject(this.ctx.pool, bucket, key));
  }

  /** A signed URL is its own authorization: the token is checked, then the object is served. */
  async downloadSigned(c: Context): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const token = c.req.query("token");
    if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'");
    await verifySignedUrl(this.ctx, token, bucket, key);
    return serveObject(c, this.files, await findObject(this.ctx.pool, bucket, key));
  }

  /** Signing needs the caller to see the object (SELECT), as storage-api's findObject does. */
  async signOne(c: Context): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const identity = await this.caller(c);
    const { expiresIn } = parse(signBodySchema, await jsonBody(c), "body");
    assertSignedUrlLifetime(expiresIn);
    await this.asCaller(c, identity, (client) => findObject(client, bucket, key), "read");
    return c.json({ signedURL: await signedUrl(this.ctx, bucket, key, expiresIn) });
  }

  async signMany(c: Context): Promise<Response> {
    const bucket = bucketParam(c);
    const identity = await this.caller(c);
    const { expiresIn, paths } = parse(signManyBodySchema, await jsonBody(c), "body");
    assertSignedUrlLifetime(expiresIn);
    const visible = await this.asCaller(
      c,
      identity,
      async (client) => {
        const { rows } = await client.query<{ name: string }>(
          "select name from storage.objects where bucket_id = $1 and name = any($2::text[])",
          [bucket, paths],
        );
        return new Set(rows.map((row) => row.name));
      },
      "read",
    );
    const answers = await Promise.all(
      paths.map(async (path) =>
        visible.has(path)
          ? { error: null, path, signedURL: await signedUrl(this.ctx, bucket, path, expiresIn) }
          : {
              error: "Either the object does not exist or you do not have access to it",
              path,
              signedURL: null,
            },
      ),
    );
    return c.json(answers);
  }

  async list(c: Context): Promise<Response> {
    const bucket = bucketParam(c);
    const identity = await this.caller(c);
    const body = parse(listBodySchema, await jsonBody(c), "body");
    const prefix = body.prefix && !body.prefix.endsWith("/") ? `${body.prefix}/` : body.prefix;
    const entries = await this.asCaller(
      c,
      identity,
      (client) =>
        listFolder(client, bucket, {
          prefix,
          limit: body.limit,
          offset: body.offset,
          search: body.search,
          sortColumn: body.sortBy.column,
          sortOrder: body.sortBy.order,
        }),
      "read",
    );
    return c.json(entries);
  }

  async listV2(c: Context): Promise<Response> {
    const bucket = bucketParam(c);
    const identity = await this.caller(c);
    const body = parse(listV2BodySchema, await jsonBody(c), "body");
    await findBucket(this.ctx.pool, bucket);
    return c.json(await this.asCaller(c, identity, (client) => listObjectsV2(client, bucket, body), "read"));
  }

  async info(c: Context): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const identity = await this.caller(c);
    const object = await this.asCaller(c, identity, (client) => findObject(client, bucket, key), "read");
    return c.json({
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucket_id,
      size: object.metadata.size,
      content_type: object.metadata.mimetype,
      cache_control: object.metadata.cacheControl,
      etag: object.metadata.eTag,
      metadata: object.user_metadata ?? {},
      last_modified: object.updated_at,
      created_at: object.created_at,
    });
  }

  /** A missing object is NoSuchKey; one the caller may not delete is AccessDenied (storage-api). */
  async deleteOne(c: Context): Promise<Response> {
    const { bucket, key } = objectParams(c);
    const identity = await this.caller(c);
    await findObject(this.ctx.pool, bucket, key);
    const deleted = await this.asCaller(c, identity, (client) => deleteObjects(client, bucket, [key]));
    if (deleted.length === 0) throw storageErrors.accessDenied();
    await this.removeFiles(deleted);
    return c.json({ message: "Successfully deleted" });
  }

  /** Deletes the named objects the caller may delete and answers those; the others stay silently. */
  async deleteMany(c: Context): Promise<Response> {
    const bucket = bucketParam(c);
    const identity = await this.caller(c);
    const { prefixes } = parse(prefixesSchema, await jsonBody(c), "body");
    const deleted = await this.asCaller(c, identity, (client) => deleteObjects(client, bucket, prefixes));
    await this.removeFiles(deleted);
    return c.json(deleted);
  }

  /** Moving needs SELECT and UPDATE rights on the object (Supabase's documented policy needs). */
  async move(c: Context): Promise<Response> {
    const identity = await this.caller(c);
    const body = parse(moveBodySchema, await jsonBody(c), "body");
    const from = { bucket: body.bucketId, name: body.sourceKey };
    const to = { bucket: body.destinationBucket || body.bucketId, name: body.destinationKey };
    for (const place of [from, to]) {
      assertValidBucketName(place.bucket);
      assertValidKey(place.name);
    }
    const object = await findObject(this.ctx.pool, from.bucket, from.name);
    assertFitsBucket(object.metadata, await findBucket(this.ctx.pool, to.bucket));
    const source = { bucket: from.bucket, key: from.name, version: object.version };
    const target = { bucket: to.bucket, key: to.name, version: object.version };
    let moved = false;
    try {
      await this.asCaller(c, identity, async (client) => {
        if ((await renameObject(client, from, to)) === 0) throw storageErrors.accessDenied();
        await this.files.move(source, target);
        moved = true;
      });
    } catch (error) {
      if (moved) await this.files.move(target, source);
      throw error;
    }
    return c.json({ message: "Successfully moved" });
  }

  /** Copying needs SELECT on the source and INSERT (or, with x-upsert, UPDATE) on the destination. */
  async copy(c: Context): Promise<Response> {
    const identity = await this.caller(c);
    const body = parse(moveBodySchema, await jsonBody(c), "body");
    const bucket = body.destinationBucket || body.bucketId;
    for (const [bucketName, key] of [
      [body.bucketId, body.sourceKey],
      [bucket, body.destinationKey],
    ] as const) {
      assertValidBucketName(bucketName);
      assertValidKey(key);
    }
    const upsert = c.req.header("x-upsert") === "true";
    const version = randomUUID();
    const target = { bucket, key: body.destinationKey, version };
    const id = await this.asCaller(c, identity, async (client) => {
      const source = await findObject(client, body.bucketId, body.sourceKey);
      assertFitsBucket(source.metadata, await findBucket(this.ctx.pool, bucket));
      await this.files.copy({ bucket: source.bucket_id, key: source.name, version: source.version }, target);
      const copy = {
        id: randomUUID(),
        bucket,
        name: body.destinationKey,
        owner: ownerOf(identity),
        version,
        metadata: source.metadata,
        userMetadata: source.user_metadata,
      };
      try {
        await writeObject(client, copy, upsert);
      } catch (error) {
        await this.files.remove(target);
        if (fromDatabaseError(error)?.code === "ResourceAlreadyExists")
          throw storageErrors.keyAlreadyExists();
        throw error;
      }
      return copy.id;
    });
    return c.json({ Id: id, Key: `${bucket}/${body.destinationKey}` });
  }

  private caller(c: Context): Promise<Identity> {
    return verifiedCaller(this.ctx, c.req.raw.headers);
  }

  /** For routes that serve public buckets without a JWT: an invalid or absent JWT means anonymous. */
  private async callerIfValid(c: Context): Promise<Identity | null> {
    const result = await identify(this.ctx, bearerToken(c.req.raw.headers));
    return result.ok && result.identity.token ? result.identity : null;
  }

  /** Runs `work` in the caller's transaction and role; reads run read-only, as PostgREST's do. */
  private asCaller<T>(
    c: Context,
    identity: Identity,
    work: (client: pg.PoolClient, control: { rollback(): void }) => Promise<T>,
    access: "read" | "write" = "write",
  ): Promise<T> {
    const request = { method: c.req.method, path: c.req.path, headers: c.req.raw.headers };
    return withRequestTransaction(this.ctx, identity, { ...request, readOnly: access === "read" }, work);
  }

  private async removeFiles(objects: Pick<ObjectRow, "bucket_id" | "name" | "version">[]): Promise<void> {
    await Promise.all(
      objects.map((object) =>
        this.files
          .remove({ bucket: object.bucket_id, key: object.name, version: object.version })
          .catch(() => {}),
      ),
    );
  }
}

function ownerOf(identity: Identity): string | null {
  return typeof identity.claims.sub === "string" ? identity.claims.sub : null;
}

function bucketParam(c: Context): string {
  const bucket = c.req.param("bucket") ?? "";
  assertValidBucketName(bucket);
  return bucket;
}

function objectParams(c: Context): { bucket: string; key: string } {
  const key = c.req.param("key") ?? "";
  assertValidKey(key);
  return { bucket: bucketParam(c), key };
}

/** JSON bodies (list, sign, delete, move, copy) are small; a bigger one is refused unread. */
const MAX_JSON_BODY_BYTES = 1024 * 1024;

async function jsonBody(c: Context): Promise<unknown> {
  const bytes = await readLimited(c, MAX_JSON_BODY_BYTES);
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    throw storageErrors.invalidRequest("Body is not valid JSON");
  }
}

/** Validation failures read like storage-api's schema errors, e.g. "body must have required property 'paths'". */
function parse<T extends z.ZodType>(schema: T, value: unknown, where: "body" | "querystring"): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.length ? `/${issue.path.join("/")}` : "";
  throw storageErrors.invalidRequest(`${where}${path} ${issue?.message ?? "is invalid"}`);
}

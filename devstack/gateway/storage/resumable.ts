import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import type pg from "pg";
import type { GatewayContext } from "../context.ts";
import { withRequestTransaction } from "../db-session.ts";
import type { Identity } from "../jwt.ts";
import { verifiedCaller } from "./caller.ts";
import { fromDatabaseError, StorageError, storageErrors } from "./errors.ts";
import { assertValidBucketName, assertValidKey, type ObjectFiles } from "./files.ts";
import { currentVersion, findBucket, writeObject } from "./objects.ts";
import { assertAllowedMimeType, GLOBAL_FILE_SIZE_LIMIT, objectMetadata, parseJsonObject } from "./uploads.ts";

/** Where storage-api serves TUS (`/upload/resumable` under the storage URL). */
export const RESUMABLE_PATH = "/storage/v1/upload/resumable";

/** An upload's id names its object and version, as storage-api's UploadId does (minus the tenant). */
interface UploadId {
  bucket: string;
  objectName: string;
  version: string;
}

/** Ids travel in URLs as base64url, so the object path's slashes never reach the file store's paths. */
function encodeId(id: UploadId): string {
  return Buffer.from(`${id.bucket}/${id.objectName}/${id.version}`, "utf8").toString("base64url");
}

function decodeId(id: string): UploadId {
  const parts = Buffer.from(id, "base64url").toString("utf8").split("/");
  const [bucket = "", ...rest] = parts;
  const version = rest.pop() ?? "";
  const objectName = rest.join("/");
  assertValidBucketName(bucket);
  assertValidKey(objectName);
  if (!version) throw storageErrors.invalidRequest("id format invalid");
  return { bucket, objectName, version };
}

/** Thrown to undo the trial insert that asks RLS whether the caller may upload. */
class TrialOnly extends Error {}

/**
 * Resumable uploads as Supabase Storage speaks them: TUS 1.0 through the maintained @tus/server (the
 * server storage-api itself builds on) with a file store on local disk. Create with `Upload-Metadata`
 * bucketName, objectName, contentType, cacheControl (and optional JSON `metadata`); `x-upsert` on the
 * request decides replacing; every request but OPTIONS needs a valid JWT; creating and sending bytes
 * first ask storage.objects' RLS whether the caller may write the object (a trial insert that is rolled
 * back), and the finished file becomes the object in the caller's own transaction, as a normal upload.
 * Errors answer with the storage error's status and its message as the body, as storage-api does.
 */
export function resumableUploads(
  ctx: GatewayContext,
  files: ObjectFiles,
): (request: Request) => Promise<Response> {
  const directory = path.join(ctx.stateDir, "storage", ".resumable");
  const datastore = new FileStore({ directory });

  const identityOf = (request: Request) => verifiedCaller(ctx, request.headers);

  const asCaller = <T>(request: Request, identity: Identity, work: (client: pg.PoolClient) => Promise<T>) =>
    withRequestTransaction(
      ctx,
      identity,
      {
        method: request.method,
        path: new URL(request.url).pathname,
        headers: request.headers,
        readOnly: false,
      },
      work,
    );

  const newObject = (identity: Identity, id: UploadId, metadata = placeholderMetadata()) => ({
    id: randomUUID(),
    bucket: id.bucket,
    name: id.objectName,
    owner: typeof identity.claims.sub === "string" ? identity.claims.sub : null,
    version: id.version,
    metadata,
    userMetadata: null,
  });

  /** storage-api's canUpload: the insert (or upsert) the upload will make, tried and rolled back. */
  const assertCanUpload = async (request: Request, id: UploadId) => {
    const identity = await identityOf(request);
    const upsert = request.headers.get("x-upsert") === "true";
    try {
      await asCaller(request, identity, async (client) => {
        await writeObject(client, newObject(identity, id), upsert);
        throw new TrialOnly();
      });
    } catch (error) {
      if (error instanceof TrialOnly) return;
      if (!upsert && fromDatabaseError(error)?.code === "ResourceAlreadyExists")
        throw storageErrors.keyAlreadyExists();
      throw fromDatabaseError(error) ?? error;
    }
  };

  const server = new Server({
    path: RESUMABLE_PATH,
    datastore,
    disableTerminationForFinishedUploads: true,
    allowedHeaders: ["Authorization", "X-Upsert", "Upload-Expires", "ApiKey", "x-signature"],
    async maxSize(_request, uploadId) {
      if (!uploadId) return GLOBAL_FILE_SIZE_LIMIT;
      const bucket = await findBucket(ctx.pool, decodeId(uploadId).bucket);
      return Math.min(GLOBAL_FILE_SIZE_LIMIT, bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT);
    },
    namingFunction(_request, metadata) {
      if (!metadata) throw storageErrors.invalidRequest("Metadata header is required");
      const id = {
        bucket: metadata.bucketName ?? "",
        objectName: metadata.objectName ?? "",
        version: randomUUID(),
      };
      assertValidBucketName(id.bucket);
      assertValidKey(id.objectName);
      return encodeId(id);
    },
    async onIncomingRequest(request, uploadId) {
      const id = decodeId(uploadId);
      if (request.method === "OPTIONS") return;
      if (request.method === "HEAD") {
        await identityOf(request);
        return;
      }
      await assertCanUpload(request, id);
    },
    async onUploadCreate(_request, upload) {
      const id = decodeId(upload.id);
      const bucket = await findBucket(ctx.pool, id.bucket);
      const metadata = { ...upload.metadata };
      metadata.cacheControl = /^-?\d+$/.test(metadata.cacheControl ?? "")
        ? `max-age=${metadata.cacheControl}`
        : "no-cache";
      if (metadata.contentType && bucket.allowed_mime_types?.length)
        assertAllowedMimeType(metadata.contentType, bucket.allowed_mime_types);
      return { metadata };
    },
    async onUploadFinish(request, upload) {
      const id = decodeId(upload.id);
      const identity = await identityOf(request);
      const upsert = request.headers.get("x-upsert") === "true";
      const bytes = await readFile(path.join(directory, upload.id));
      const object = {
        ...newObject(
          identity,
          id,
          objectMetadata({
            bytes,
            mimeType: upload.metadata?.contentType || "application/octet-stream",
            cacheControl: upload.metadata?.cacheControl ?? "no-cache",
            userMetadata: null,
          }),
        ),
        userMetadata: parseJsonObject(upload.metadata?.metadata ?? undefined),
      };
      const previous = upsert ? await currentVersion(ctx.pool, id.bucket, id.objectName) : null;
      await files.write(id.bucket, id.objectName, id.version, bytes);
      try {
        await asCaller(request, identity, (client) => writeObject(client, object, upsert));
      } catch (error) {
        await files.remove({ bucket: id.bucket, key: id.objectName, version: id.version });
        if (!upsert && fromDatabaseError(error)?.code === "ResourceAlreadyExists")
          throw storageErrors.keyAlreadyExists();
        throw fromDatabaseError(error) ?? error;
      }
      if (previous) await files.remove({ bucket: id.bucket, key: id.objectName, version: previous.version });
      return { headers: { "Tus-Complete": "1" } };
    },
    async onResponseError(_request, error) {
      if (error instanceof StorageError) return { status_code: error.statusCode, body: error.message };
      const known = fromDatabaseError(error);
      if (known) return { status_code: known.statusCode, body: known.message };
      if (!("status_code" in error)) ctx.log(`storage: resumable upload failed: ${error.stack ?? error}`);
    },
  });

  return async (request) => {
    const response = await server.handleWeb(request);
    await drain(request);
    return response;
  };
}

/**
 * Reads what is left of a refused PATCH's body before answering. @hono/node-server resets a connection
 * whose body is still arriving 500 ms after the answer, so on a busy machine a client sending a 6 MB
 * chunk saw a reset instead of Storage's 403; a server in front of Storage (Kong, nginx) reads the body
 * too. A client that gives up mid-body leaves nothing to answer, so that error is not ours to report.
 */
async function drain(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  const reader = request.body.getReader();
  try {
    while (!(await reader.read()).done) {}
  } catch {
    // The client went away; there is no one left to answer.
  }
}

/** The trial insert's metadata: never stored, only shown to RLS policies that read it. */
function placeholderMetadata() {
  return objectMetadata({
    bytes: new Uint8Array(),
    mimeType: "",
    cacheControl: "no-cache",
    userMetadata: null,
  });
}

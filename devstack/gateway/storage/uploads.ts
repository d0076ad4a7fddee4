import { createHash } from "node:crypto";
import type { Context } from "hono";
import { readBodyWithin } from "../body.ts";
import { storageErrors } from "./errors.ts";
import type { BucketRow, ObjectMetadata } from "./objects.ts";

/** storage-api's default upload limit (the Supabase CLI's `file_size_limit = "50MiB"`). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for the multipart envelope around a file that is exactly at the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadedFile {
  bytes: Uint8Array;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Reads an upload as storage-api does: a multipart form (what storage-js sends for a File or Blob,
 * the file under any field name, `cacheControl`, `metadata` and `contentType` fields) or the raw body
 * with its `content-type`, `cache-control` and base64 JSON `x-metadata` headers. The size limit is the
 * smaller of the global and the bucket's limit; the bucket's allowed mime types are enforced.
 */
export async function readUpload(c: Context, bucket: BucketRow): Promise<UploadedFile> {
  const limit = Math.min(GLOBAL_FILE_SIZE_LIMIT, bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT);
  const contentType = c.req.header("content-type") ?? "";
  const file = contentType.toLowerCase().startsWith("multipart/form-data")
    ? await readMultipart(c, limit)
    : await readRaw(c, limit, contentType);
  if (bucket.allowed_mime_types?.length) assertAllowedMimeType(file.mimeType, bucket.allowed_mime_types);
  return file;
}

async function readMultipart(c: Context, limit: number): Promise<UploadedFile> {
  const body = await readLimited(c, limit + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { "content-type": c.req.header("content-type") ?? "" },
    }).formData();
  } catch {
    throw storageErrors.noContent();
  }
  const file = [...form.values()].find((value): value is File => typeof value !== "string");
  if (!file) throw storageErrors.noContent();
  if (file.size > limit) throw storageErrors.entityTooLarge();
  const cacheTime = stringField(form, "cacheControl");
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimeType: stringField(form, "contentType") || file.type || "application/octet-stream",
    cacheControl: cacheTime ? `max-age=${cacheTime}` : "no-cache",
    userMetadata: parseJsonObject(stringField(form, "metadata") ?? stringField(form, "userMetadata")),
  };
}

async function readRaw(c: Context, limit: number, contentType: string): Promise<UploadedFile> {
  const metadataHeader = c.req.header("x-metadata");
  return {
    bytes: await readLimited(c, limit),
    mimeType: contentType || "application/octet-stream",
    cacheControl: c.req.header("cache-control") ?? "no-cache",
    userMetadata: metadataHeader
      ? parseJsonObject(Buffer.from(metadataHeader, "base64").toString("utf8"))
      : null,
  };
}

export function readLimited(c: Context, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  return readBodyWithin(c.req.raw, limit, storageErrors.entityTooLarge);
}

function stringField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

export function parseJsonObject(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * An existing object copied or moved into `bucket` must meet that bucket's rules as an upload would:
 * otherwise a file refused by a public image bucket could reach it through another bucket.
 */
export function assertFitsBucket(metadata: ObjectMetadata | null, bucket: BucketRow): void {
  const limit = Math.min(GLOBAL_FILE_SIZE_LIMIT, bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT);
  if ((metadata?.size ?? 0) > limit) throw storageErrors.entityTooLarge();
  if (bucket.allowed_mime_types?.length)
    assertAllowedMimeType(metadata?.mimetype || "application/octet-stream", bucket.allowed_mime_types);
}

/** storage-api's rule: `type/subtype` must equal an allowed type or match its `type/*`. */
export function assertAllowedMimeType(mimeType: string, allowed: string[]): void {
  const [type, subtype] = (mimeType.split(";")[0] ?? "").trim().toLowerCase().split("/");
  if (!type || !subtype) throw storageErrors.invalidMimeType(mimeType);
  const matches = allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split("/");
    return allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype);
  });
  if (!matches) throw storageErrors.invalidMimeType(mimeType);
}

/** The object metadata storage-api keeps in storage.objects.metadata. */
export function objectMetadata(file: UploadedFile): ObjectMetadata {
  return {
    eTag: `"${createHash("md5").update(file.bytes).digest("hex")}"`,
    size: file.bytes.byteLength,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  };
}

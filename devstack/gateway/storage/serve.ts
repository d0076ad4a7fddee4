import type { Context } from "hono";
import { storageErrors } from "./errors.ts";
import type { ObjectFiles } from "./files.ts";
import type { ObjectRow } from "./objects.ts";

/**
 * Types a browser may show inline from the gateway's origin: raster images, PDF, audio, video and plain
 * text. Anything else (HTML, SVG, XML, JavaScript, unknown types) could run script next to the inbox
 * and the APIs, so it is served as a download.
 */
const INLINE_SAFE_TYPES = [
  /^image\/(png|jpeg|gif|webp|avif|bmp)$/,
  /^application\/pdf$/,
  /^audio\/[a-z0-9.+-]+$/,
  /^video\/[a-z0-9.+-]+$/,
  /^text\/plain$/,
];

/**
 * storage-api's renderer turns `text/html` into `text/plain` (supabase/storage PR #37, "for security,
 * HTML files are returned as plain text"); the stored type is kept otherwise.
 */
export function servedContentType(stored: string | undefined): string {
  const type = stored || "application/octet-stream";
  return type.includes("text/html") ? "text/plain" : type;
}

/** Whether a type (parameters ignored) may be shown inline rather than downloaded. */
export function isInlineSafe(contentType: string): boolean {
  return INLINE_SAFE_TYPES.some((pattern) => pattern.test(essenceOf(contentType)));
}

function essenceOf(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * `sandbox` gives any document made from an object an opaque origin with scripts, forms, plugins and
 * pop-ups off, so even a type a browser renders unexpectedly cannot read the gateway's origin (the
 * inbox refuses opaque origins, inbox/guard.ts). PDF is left out: browsers' PDF viewers refuse to run
 * in a sandboxed document, and they run a PDF's own scripts in their own isolated origin anyway.
 * Images, audio and video used as subresources ignore a response's CSP, so embedding them still works.
 */
export function objectSecurityPolicy(contentType: string): string | null {
  return essenceOf(contentType) === "application/pdf" ? null : "sandbox";
}

/**
 * Answers an object's bytes as storage-api's asset renderer does: its content type (HTML as plain
 * text), cache control and ETag, `X-Robots-Tag: none`, conditional requests (If-None-Match → 304), a
 * single byte range (206), and `?download[=name]` as an attachment. Stricter than hosted, because
 * the local gateway serves the sign-in inbox from the same origin: every answer carries
 * `X-Content-Type-Options: nosniff` and (but for PDF) `Content-Security-Policy: sandbox`, and a type
 * that is not inline-safe is always an attachment. Hosted storage-api (src/storage/renderer/renderer.ts)
 * sets none of these three: only HTML's type is rewritten, and a disposition only for `?download`.
 */
export async function serveObject(c: Context, files: ObjectFiles, object: ObjectRow): Promise<Response> {
  const location = { bucket: object.bucket_id, key: object.name, version: object.version };
  const size = await files.size(location);
  if (size === null) throw storageErrors.noSuchKey();
  const contentType = servedContentType(object.metadata.mimetype);
  const headers = new Headers({
    "content-type": contentType,
    "cache-control": object.metadata.cacheControl || "no-cache",
    etag: object.metadata.eTag,
    "last-modified": object.updated_at.toUTCString(),
    "accept-ranges": "bytes",
    "x-content-type-options": "nosniff",
    "x-robots-tag": "none",
  });
  const policy = objectSecurityPolicy(contentType);
  if (policy) headers.set("content-security-policy", policy);
  const download = c.req.query("download");
  if (download !== undefined || !isInlineSafe(contentType)) {
    const filename = download || object.name.split("/").pop() || object.name;
    headers.set("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
  }
  if (c.req.header("if-none-match") === object.metadata.eTag)
    return new Response(null, { status: 304, headers });

  const range = parseRange(c.req.header("range"), size);
  if (range === "invalid") throw storageErrors.invalidRange();
  if (range) {
    headers.set("content-range", `bytes ${range.start}-${range.end}/${size}`);
    headers.set("content-length", String(range.end - range.start + 1));
    return new Response(files.read(location, range), { status: 206, headers });
  }
  headers.set("content-length", String(size));
  if (size === 0) return new Response(null, { status: 200, headers });
  return new Response(files.read(location), { status: 200, headers });
}

/** A single `bytes=` range (`a-b`, `a-`, `-n`); null when absent, "invalid" when unsatisfiable. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  const [, first = "", last = ""] = match;
  const start = first === "" ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === "" || last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

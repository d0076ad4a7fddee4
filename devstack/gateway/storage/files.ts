import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { GatewayContext } from "../context.ts";
import { storageErrors } from "./errors.ts";

/** storage-api's accepted object keys and bucket names (S3-safe characters only). */
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

export function assertValidBucketName(bucket: string): void {
  if (
    !bucket ||
    bucket.length > 100 ||
    !VALID_BUCKET_NAME.test(bucket) ||
    bucket === "." ||
    bucket === ".."
  ) {
    throw storageErrors.invalidBucketName();
  }
}

/**
 * Object keys must be S3-safe and, because they become paths on disk, free of empty, `.` and `..`
 * segments (as storage-api's file backend requires).
 */
export function assertValidKey(key: string): void {
  const segments = key.split("/");
  const unsafe = segments.some((segment) => segment === "" || segment === "." || segment === "..");
  if (!key || key.length > 1024 || !VALID_OBJECT_KEY.test(key) || unsafe) throw storageErrors.invalidKey(key);
}

/** Most file systems refuse a name over 255 bytes; hosted Storage (S3) takes any segment length. */
const MAX_DISK_SEGMENT = 200;

/**
 * A key segment as a file name: long ones become their start and a hash, joined by `#`, which no
 * valid key contains, so they never meet a real segment (keys are ASCII, so characters are bytes).
 */
function diskSegment(segment: string): string {
  if (segment.length <= MAX_DISK_SEGMENT) return segment;
  return `${segment.slice(0, 100)}#${createHash("sha256").update(segment).digest("hex")}`;
}

/**
 * Objects live on disk as `<stateDir>/storage/<bucket>/<key>/<version>`, like storage-api's file
 * backend: each upload writes a new version, so a replaced object's old bytes stay readable until the
 * database says which version is current.
 */
export class ObjectFiles {
  private readonly root: string;

  constructor(ctx: GatewayContext) {
    this.root = path.join(ctx.stateDir, "storage");
  }

  private pathOf(bucket: string, key: string, version: string): string {
    assertValidBucketName(bucket);
    assertValidKey(key);
    const resolved = path.resolve(this.root, bucket, ...key.split("/").map(diskSegment), version);
    if (!resolved.startsWith(this.root + path.sep)) throw storageErrors.invalidKey(key);
    return resolved;
  }

  async write(bucket: string, key: string, version: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(bucket, key, version);
    const staging = path.join(this.root, ".staging", randomUUID());
    await mkdir(path.dirname(staging), { recursive: true });
    await writeFile(staging, bytes);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(staging, target);
  }

  async move(from: ObjectLocation, to: ObjectLocation): Promise<void> {
    const target = this.pathOf(to.bucket, to.key, to.version);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.pathOf(from.bucket, from.key, from.version), target);
  }

  async copy(from: ObjectLocation, to: ObjectLocation): Promise<void> {
    const source = this.pathOf(from.bucket, from.key, from.version);
    const target = this.pathOf(to.bucket, to.key, to.version);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(source, target);
  }

  /** Removes a version; a missing file is fine (removal is best effort after the row is gone). */
  async remove(location: ObjectLocation): Promise<void> {
    await rm(this.pathOf(location.bucket, location.key, location.version), { force: true });
  }

  async size(location: ObjectLocation): Promise<number | null> {
    const info = await stat(this.pathOf(location.bucket, location.key, location.version)).catch(() => null);
    return info?.size ?? null;
  }

  /** A web stream of the bytes `start..end` (inclusive) of a version. */
  read(location: ObjectLocation, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
    const file = this.pathOf(location.bucket, location.key, location.version);
    return Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>;
  }
}

export interface ObjectLocation {
  bucket: string;
  key: string;
  version: string;
}

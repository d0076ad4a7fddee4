import { z } from "zod";
import { StorageError, storageErrors } from "./errors.ts";
import { assertValidBucketName } from "./files.ts";
import type { Queryable } from "./objects.ts";
import { GLOBAL_FILE_SIZE_LIMIT } from "./uploads.ts";

/**
 * Bucket settings as storage-api takes them (createBucket, updateBucket): a size limit in bytes or
 * as "20MB"/"1.5GB"/"30KB"/"3B", and mime types like "image/png", "image/*" or "text/plain; charset=utf-8".
 */
const fileSizeLimitSchema = z.union([z.number().int().min(0), z.string(), z.null()]);
const mimeTypesSchema = z.array(z.string()).nullable();

export const createBucketBodySchema = z.object({
  name: z.string(),
  id: z.string().optional(),
  public: z.boolean().optional(),
  type: z.enum(["STANDARD", "ANALYTICS"]).optional(),
  file_size_limit: fileSizeLimitSchema.optional(),
  allowed_mime_types: mimeTypesSchema.optional(),
});

export const updateBucketBodySchema = z
  .object({
    public: z.boolean().optional(),
    file_size_limit: fileSizeLimitSchema.optional(),
    allowed_mime_types: mimeTypesSchema.optional(),
  })
  .refine(
    (body) =>
      body.public !== undefined ||
      body.file_size_limit !== undefined ||
      body.allowed_mime_types !== undefined,
    { message: "must match a schema in anyOf" },
  );

export interface BucketSettings {
  public?: boolean;
  fileSizeLimit?: number | null;
  allowedMimeTypes?: string[] | null;
}

/** Bucket names ending in storage-api's reserved suffix belong to analytics (Iceberg) buckets. */
const RESERVED_BUCKET_SUFFIXES = ["--iceberg"];

/** Analytics (Iceberg) buckets are a hosted feature a project must have enabled; the local stack has none. */
export function assertStandardBucket(type: "STANDARD" | "ANALYTICS" | undefined): void {
  if (type === "ANALYTICS") {
    throw new StorageError(
      409,
      "FeatureNotEnabled",
      "The feature Iceberg buckets are not enabled for this tenant is not enabled for this resource",
    );
  }
}

export function assertCreatableBucketName(name: string): void {
  if (name.trim() !== name) throw storageErrors.invalidBucketName();
  assertValidBucketName(name);
  if (RESERVED_BUCKET_SUFFIXES.some((suffix) => name.endsWith(suffix)))
    throw storageErrors.invalidBucketName();
}

const SIZE_WITH_UNIT = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i;
const UNIT_BYTES: Record<string, number> = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 };

/** storage-api's parseFileSizeToBytes: decimal units, the value rounded to three significant digits. */
export function parseFileSizeLimit(limit: number | string): number {
  let bytes = limit;
  if (typeof bytes === "string") {
    const match = SIZE_WITH_UNIT.exec(bytes);
    if (!match?.[1] || !match[2]) throw invalidFileSizeLimit();
    bytes =
      Number.parseFloat(Number.parseFloat(match[1]).toPrecision(3)) *
      (UNIT_BYTES[match[2].toUpperCase()] ?? 1);
  }
  if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw storageErrors.entityTooLarge();
  return bytes;
}

function invalidFileSizeLimit(): StorageError {
  return new StorageError(
    400,
    "InvalidRequest",
    "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
  );
}

const MIME_TYPE = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/;

export function assertValidMimeTypes(mimeTypes: string[]): void {
  for (const mimeType of mimeTypes) {
    if (mimeType.length > 1000 || !MIME_TYPE.test(mimeType)) throw storageErrors.invalidMimeType(mimeType);
  }
}

/** A request body's settings, validated and converted as storage-api does; absent stays absent. */
export function bucketSettings(body: {
  public?: boolean;
  file_size_limit?: number | string | null;
  allowed_mime_types?: string[] | null;
}): BucketSettings {
  const settings: BucketSettings = { public: body.public };
  if (body.file_size_limit !== undefined)
    settings.fileSizeLimit = body.file_size_limit === null ? null : parseFileSizeLimit(body.file_size_limit);
  if (body.allowed_mime_types !== undefined) {
    // storage-api drops empty entries before checking the rest.
    const mimeTypes = body.allowed_mime_types?.filter((mimeType) => mimeType) ?? null;
    if (mimeTypes) assertValidMimeTypes(mimeTypes);
    settings.allowedMimeTypes = mimeTypes;
  }
  return settings;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Inserts the bucket in the caller's role (storage.buckets' policies decide; the service role
 * bypasses them). No RETURNING, which would also need SELECT rights, as storage-api's INSERT does.
 */
export async function insertBucket(
  db: Queryable,
  bucket: { id: string; name: string; owner: string | null } & BucketSettings,
): Promise<void> {
  const isUuid = bucket.owner !== null && UUID.test(bucket.owner);
  try {
    await db.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        bucket.id,
        bucket.name,
        isUuid ? bucket.owner : null,
        bucket.owner,
        bucket.public ?? false,
        bucket.fileSizeLimit ?? null,
        bucket.allowedMimeTypes ?? null,
      ],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw storageErrors.bucketAlreadyExists();
    throw error;
  }
}

/** Updates only the given settings; a bucket the caller cannot see or update is NoSuchBucket. */
export async function updateBucket(db: Queryable, id: string, settings: BucketSettings): Promise<void> {
  const columns: Array<[string, unknown]> = [
    ["public", settings.public],
    ["file_size_limit", settings.fileSizeLimit],
    ["allowed_mime_types", settings.allowedMimeTypes],
  ];
  const given = columns.filter(([, value]) => value !== undefined);
  if (given.length === 0) throw storageErrors.noContent();
  const assignments = given.map(([column], index) => `${column} = $${index + 2}`).join(", ");
  const { rowCount } = await db.query(
    `update storage.buckets set ${assignments}, updated_at = now() where id = $1`,
    [id, ...given.map(([, value]) => value)],
  );
  if (!rowCount) throw storageErrors.noSuchBucket();
}

/** Whether the bucket holds any object, counted as super user as storage-api does before deleting. */
export async function bucketHasObjects(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query("select 1 from storage.objects where bucket_id = $1 limit 1", [id]);
  return rows.length > 0;
}

/** Deletes the bucket in the caller's role; nothing deleted (missing or not allowed) is NoSuchBucket. */
export async function deleteBucket(db: Queryable, id: string): Promise<void> {
  const { rowCount } = await db.query("delete from storage.buckets where id = $1", [id]);
  if (!rowCount) throw storageErrors.noSuchBucket();
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

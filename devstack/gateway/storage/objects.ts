import type pg from "pg";
import { storageErrors } from "./errors.ts";

/** A pool (superuser, for what storage-api does as super user) or a caller's transaction client. */
export type Queryable = Pick<pg.Pool, "query"> | Pick<pg.ClientBase, "query">;

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const BUCKET_COLUMNS = `id, name, owner, coalesce(public, false) as public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;
const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at,
  last_accessed_at`;

export async function findBucket(db: Queryable, id: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [
    id,
  ]);
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return rows[0];
}

export interface BucketListOptions {
  limit?: number;
  offset?: number;
  sortColumn?: "id" | "name" | "created_at" | "updated_at";
  sortOrder?: "asc" | "desc";
  search?: string;
}

export async function listBuckets(db: Queryable, options: BucketListOptions): Promise<BucketRow[]> {
  const { rows } = await db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets
      where $1::text is null or name ilike '%' || $1 || '%'
      order by ${options.sortColumn ?? "name"} ${options.sortOrder ?? "asc"}
      limit $2 offset $3`,
    [options.search ? escapeLike(options.search) : null, options.limit ?? null, options.offset ?? 0],
  );
  return rows;
}

/** An object as the querying role may see it; not visible and missing are the same answer. */
export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow> {
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  if (!rows[0]) throw storageErrors.noSuchKey();
  return rows[0];
}

/** The stored id and version of an object, read as storage-api does before replacing it. */
export async function currentVersion(
  db: Queryable,
  bucket: string,
  name: string,
): Promise<{ id: string; version: string } | null> {
  const { rows } = await db.query<{ id: string; version: string }>(
    "select id, version from storage.objects where bucket_id = $1 and name = $2",
    [bucket, name],
  );
  return rows[0] ?? null;
}

export interface NewObject {
  id: string;
  bucket: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata | null;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Writes an object row. No RETURNING: under RLS that would also demand SELECT rights on the new row,
 * which storage-api does not ask for. An upsert keeps the existing row's id.
 */
export async function writeObject(db: Queryable, object: NewObject, upsert: boolean): Promise<void> {
  const isUuid = object.owner !== null && UUID.test(object.owner);
  await db.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     ${
       upsert
         ? `on conflict (bucket_id, name) do update
              set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
                  metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now(),
                  last_accessed_at = now()`
         : ""
     }`,
    [
      object.id,
      object.bucket,
      object.name,
      isUuid ? object.owner : null,
      object.owner,
      object.version,
      object.metadata,
      object.userMetadata,
    ],
  );
}

export async function deleteObjects(db: Queryable, bucket: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucket, names],
  );
  return rows;
}

/** Moves a row to a new bucket and name; UPDATE policies decide. Returns how many rows moved. */
export async function renameObject(
  db: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
): Promise<number> {
  const { rowCount } = await db.query(
    `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
      where bucket_id = $1 and name = $2`,
    [from.bucket, from.name, to.bucket, to.name],
  );
  return rowCount ?? 0;
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortColumn: "name" | "updated_at" | "created_at" | "last_accessed_at";
  sortOrder: "asc" | "desc";
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: ObjectMetadata | null;
}

/**
 * One folder level under `prefix`, as storage.search answers it: files directly in the folder, and
 * each sub-folder once (name only, other fields null), filtered by a case-insensitive name prefix.
 */
export async function listFolder(db: Queryable, bucket: string, options: ListOptions): Promise<ListEntry[]> {
  const { rows } = await db.query<ListEntry>(
    `with level as (
       select substr(name, char_length($2) + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
        where bucket_id = $1 and starts_with(name, $2)
     ), entries as (
       select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from level where position('/' in rest) > 0
        group by split_part(rest, '/', 1)
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata
         from level where position('/' in rest) = 0
     )
     select * from entries
      where name ilike $3 || '%'
      order by ${options.sortColumn} ${options.sortOrder} nulls first, name ${options.sortOrder}
      limit $4 offset $5`,
    [bucket, options.prefix, escapeLike(options.search), options.limit, options.offset],
  );
  return rows;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

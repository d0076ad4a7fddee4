import { z } from "zod";
import { storageErrors } from "./errors.ts";
import type { ObjectMetadata, Queryable } from "./objects.ts";

/** The body of `POST /object/list-v2/:bucket` (storage-api's listObjectsV2 schema). */
export const listV2BodySchema = z.object({
  prefix: z.string().optional(),
  limit: z.number().int().min(1).optional(),
  cursor: z.string().optional(),
  with_delimiter: z.boolean().optional(),
  sortBy: z
    .object({
      column: z.enum(["name", "updated_at", "created_at"]),
      order: z.enum(["asc", "desc"]).optional(),
    })
    .optional(),
});
export type ListV2Request = z.infer<typeof listV2BodySchema>;

interface ListV2Row {
  id: string | null;
  name: string;
  metadata: ObjectMetadata | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
}

/** A folder as storage-api answers it: its name with the trailing `/`, nothing else. */
interface ListV2Folder {
  id: null;
  name: string;
}

/** With a delimiter, storage-api's search_v2 also gives each object its `key`: the name's segment at the prefix's level. */
type ListV2Object = ListV2Row & { key?: string };

export interface ListV2Result {
  hasNext: boolean;
  nextCursor?: string;
  nextCursorKey?: string;
  folders: ListV2Folder[];
  objects: ListV2Object[];
}

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

/** storage-api's continuation token: base64 of `l:<after>\no:<order>\nc:<column>\na:<value>` lines. */
const CURSOR_PARTS: Record<string, keyof Cursor> = {
  l: "startAfter",
  o: "sortOrder",
  c: "sortColumn",
  a: "sortColumnAfter",
};

function encodeCursor(cursor: Cursor): string {
  const lines = Object.entries(CURSOR_PARTS)
    .filter(([, field]) => cursor[field])
    .map(([letter, field]) => `${letter}:${cursor[field]}`);
  return Buffer.from(lines.join("\n")).toString("base64");
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: "", sortOrder: "asc" };
  for (const line of Buffer.from(token, "base64").toString().split("\n")) {
    const match = /^(\S):(.*)/.exec(line);
    const field = match?.[1] ? CURSOR_PARTS[match[1]] : undefined;
    if (!match || !field) throw storageErrors.invalidParameter("Invalid Parameter continuation token");
    cursor[field] = match[2] ?? "";
  }
  return cursor;
}

/**
 * One page of a bucket as storage-api's listObjectsV2 answers it: objects under `prefix` in name (or
 * date) order, and with `with_delimiter` each sub-folder once as `<prefix><folder>/` (id null). At most
 * 1000 entries a page; `nextCursor` continues after the last one. Runs in the caller's role, so the
 * objects' row-level security decides what is listed.
 */
export async function listObjectsV2(
  db: Queryable,
  bucket: string,
  request: ListV2Request,
): Promise<ListV2Result> {
  const limit = Math.min(request.limit ?? 1000, 1000);
  const prefix = request.prefix ?? "";
  const cursor = request.cursor ? decodeCursor(request.cursor) : undefined;
  const order = (cursor?.sortOrder ?? request.sortBy?.order) === "desc" ? "desc" : "asc";
  const requestedColumn = cursor?.sortColumn ?? request.sortBy?.column;
  const column =
    requestedColumn === "updated_at" || requestedColumn === "created_at" ? requestedColumn : null;
  const rows = await queryPage(db, bucket, {
    prefix,
    delimited: request.with_delimiter === true,
    limit: limit + 1,
    order,
    column,
    after: cursor?.startAfter ?? "",
    columnAfter: cursor?.sortColumnAfter ?? "",
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNext = rows.length > limit && last !== undefined;
  return {
    hasNext,
    nextCursor: hasNext
      ? encodeCursor({
          startAfter: last.name,
          sortOrder: order,
          sortColumn: requestedColumn,
          sortColumnAfter: column && last[column] ? last[column].toISOString() : undefined,
        })
      : undefined,
    nextCursorKey: hasNext ? last.name : undefined,
    folders: page.filter((row) => row.id === null).map((row) => ({ id: null, name: row.name })),
    objects: page
      .filter((row) => row.id !== null)
      .map((row) => (request.with_delimiter ? { key: keyAtLevel(row.name, prefix), ...row } : row)),
  };
}

/** search_v2's `split_part(name, '/', levels)`, levels being the prefix's segment count (1 without one). */
function keyAtLevel(name: string, prefix: string): string {
  const level = prefix ? prefix.split("/").length : 1;
  return name.split("/")[level - 1] ?? "";
}

interface PageQuery {
  prefix: string;
  delimited: boolean;
  limit: number;
  order: "asc" | "desc";
  column: "updated_at" | "created_at" | null;
  after: string;
  columnAfter: string;
}

async function queryPage(db: Queryable, bucket: string, query: PageQuery): Promise<ListV2Row[]> {
  const comparison = query.order === "asc" ? ">" : "<";
  // Folders have no dates, so with a date order they sort by name among themselves (nulls first).
  const after = query.column
    ? `(entry.entry_name collate "C" ${comparison} after and entry.${query.column} is null) or
       row(date_trunc('milliseconds', entry.${query.column}), entry.entry_name collate "C") ${comparison}
       row(coalesce(nullif(column_after, '')::timestamptz, 'epoch'::timestamptz), after)`
    : `entry.entry_name collate "C" ${comparison} after`;
  const orderBy = `${query.column ? `entry.${query.column} ${query.order} nulls first, ` : ""}entry.entry_name collate "C" ${query.order}`;
  const { rows } = await db.query<ListV2Row>(
    `with params as (
       select $1::text as bucket, $2::text as prefix, $3::int as page_size, $4::text as after,
              $5::text as column_after, $6::boolean as delimited
     ), matching as (
       select id, name, metadata, updated_at, created_at, last_accessed_at,
              case when delimited then position('/' in substr(name, char_length(prefix) + 1)) else 0 end as cut,
              prefix
         from storage.objects, params
        where bucket_id = bucket and starts_with(name, prefix)
     ), entry as (
       select distinct on (entry_name) *
         from (select case when cut > 0 then left(name, char_length(prefix) + cut) else name end as entry_name,
                      case when cut > 0 then null else id end as id,
                      case when cut > 0 then null else metadata end as metadata,
                      case when cut > 0 then null else updated_at end as updated_at,
                      case when cut > 0 then null else created_at end as created_at,
                      case when cut > 0 then null else last_accessed_at end as last_accessed_at
                 from matching) as named
     )
     select entry_name as name, id, metadata, updated_at, created_at, last_accessed_at from entry, params
      where after = '' or ${after}
      order by ${orderBy}
      limit (select page_size from params)`,
    [bucket, query.prefix, query.limit, query.after, query.columnAfter, query.delimited],
  );
  return rows;
}

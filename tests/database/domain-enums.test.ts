import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CONTENT_MANAGER_ROLES, MEMBER_ROLES } from "../../src/domain/access.ts";
import { ACTIVITY_KINDS } from "../../src/domain/activity-payload.ts";
import { progressStatusSchema } from "../../src/domain/outline.ts";
import { SOURCE_KINDS } from "../../src/domain/source-files.ts";
import { PROCESSING_STATUSES } from "../../src/domain/topic-status.ts";
import { ENTITY_KINDS } from "../../src/lib/entities.ts";

/**
 * The values the database allows (check constraints, role lists in SQL functions) and the domain's
 * enums must be the same sets: a kind added on one side only would be refused by the other at run time.
 */
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("stack").databaseUrl });
  await db.connect();
});
afterAll(() => db.end());

/** The quoted values of a check constraint such as `check (kind in ('a', 'b'))`. */
async function checkValues(table: string, constraint: string): Promise<string[]> {
  const { rows } = await db.query<{ definition: string }>(
    `select pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where t.relnamespace = 'public'::regnamespace and t.relname = $1 and c.conname = $2`,
    [table, constraint],
  );
  const definition = rows[0]?.definition;
  if (!definition) throw new Error(`no constraint ${constraint} on ${table}`);
  return [...definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1] as string).sort();
}

const sorted = (values: readonly string[]) => [...values].sort();

describe("SQL checks and domain enums", () => {
  it.each([
    ["activities", "activities_kind_valid", ACTIVITY_KINDS],
    ["topic_sources", "topic_sources_kind_valid", SOURCE_KINDS],
    ["topics", "topics_processing_status_valid", PROCESSING_STATUSES],
    ["core_memberships", "core_memberships_role_valid", MEMBER_ROLES],
    ["core_entities", "core_entities_kind_valid", ENTITY_KINDS.map((kind) => kind.value)],
    ["activity_progress", "activity_progress_status_valid", progressStatusSchema.options],
  ] as const)("%s.%s allows exactly the domain's values", async (table, constraint, values) => {
    expect(await checkValues(table, constraint)).toEqual(sorted(values));
  });

  it("content managers are the same roles in SQL (admin always, plus the listed ones) and in the domain", async () => {
    const { rows } = await db.query<{ definition: string }>(
      "select pg_get_functiondef('private.content_manager_entity_ids'::regproc) as definition",
    );
    const listed = /array\[([^\]]*)\]/i.exec(rows[0]?.definition ?? "")?.[1] ?? "";
    const sqlRoles = [...listed.matchAll(/'([^']*)'/g)].map((match) => match[1] as string);
    expect(sorted(["admin", ...sqlRoles])).toEqual(sorted(CONTENT_MANAGER_ROLES));
  });
});

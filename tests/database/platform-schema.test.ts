import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect } from "./support.ts";

/**
 * The local bootstrap's auth and storage tables have the shape Supabase Auth and Storage give them on
 * hosted Supabase and `supabase start` (read from their public migrations): the same columns, types,
 * nullability and defaults. A local default Auth lacks would let a seed work here and write NULL there.
 */
const { databaseUrl } = inject("stack");
let db: pg.Client;

beforeAll(async () => {
  db = await connect(databaseUrl);
});

afterAll(async () => {
  await db.end();
});

/** name, type, nullable, default (null: none), generated. */
type Column = [string, string, boolean, string | null, boolean?];

async function columns(schema: string, table: string): Promise<Column[]> {
  const { rows } = await db.query<{
    column_name: string;
    type: string;
    nullable: boolean;
    column_default: string | null;
    generated: boolean;
  }>(
    `select column_name, format_type(a.atttypid, a.atttypmod) as type, is_nullable = 'YES' as nullable,
            column_default, is_generated = 'ALWAYS' as generated
       from information_schema.columns c
       join pg_attribute a on a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                          and a.attname = c.column_name
      where table_schema = $1 and table_name = $2
      order by column_name`,
    [schema, table],
  );
  return rows.map((row) =>
    row.generated
      ? [row.column_name, row.type, row.nullable, null, true]
      : [row.column_name, row.type, row.nullable, row.column_default],
  );
}

const byName = (list: Column[]) => [...list].sort((a, b) => a[0].localeCompare(b[0]));

describe("auth schema as Supabase Auth creates it", () => {
  it("auth.users: columns, types, nullability and defaults", async () => {
    expect(await columns("auth", "users")).toEqual(
      byName([
        ["instance_id", "uuid", true, null],
        ["id", "uuid", false, null],
        ["aud", "character varying(255)", true, null],
        ["role", "character varying(255)", true, null],
        ["email", "character varying(255)", true, null],
        ["encrypted_password", "character varying(255)", true, null],
        ["email_confirmed_at", "timestamp with time zone", true, null],
        ["invited_at", "timestamp with time zone", true, null],
        ["confirmation_token", "character varying(255)", true, null],
        ["confirmation_sent_at", "timestamp with time zone", true, null],
        ["recovery_token", "character varying(255)", true, null],
        ["recovery_sent_at", "timestamp with time zone", true, null],
        ["email_change_token_new", "character varying(255)", true, null],
        ["email_change", "character varying(255)", true, null],
        ["email_change_sent_at", "timestamp with time zone", true, null],
        ["last_sign_in_at", "timestamp with time zone", true, null],
        ["raw_app_meta_data", "jsonb", true, null],
        ["raw_user_meta_data", "jsonb", true, null],
        ["is_super_admin", "boolean", true, null],
        ["created_at", "timestamp with time zone", true, null],
        ["updated_at", "timestamp with time zone", true, null],
        ["phone", "text", true, null],
        ["phone_confirmed_at", "timestamp with time zone", true, null],
        ["phone_change", "text", true, "''::text"],
        ["phone_change_token", "character varying(255)", true, "''::character varying"],
        ["phone_change_sent_at", "timestamp with time zone", true, null],
        ["confirmed_at", "timestamp with time zone", true, null, true],
        ["email_change_token_current", "character varying(255)", true, "''::character varying"],
        ["email_change_confirm_status", "smallint", true, "0"],
        ["banned_until", "timestamp with time zone", true, null],
        ["reauthentication_token", "character varying(255)", true, "''::character varying"],
        ["reauthentication_sent_at", "timestamp with time zone", true, null],
        ["is_sso_user", "boolean", false, "false"],
        ["deleted_at", "timestamp with time zone", true, null],
        ["is_anonymous", "boolean", false, "false"],
      ]),
    );
  });

  it("auth.users: unique e-mail outside SSO, unique phone, unique link tokens but repeatable OTPs", async () => {
    const { rows } = await db.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = 'auth' and tablename = 'users' order by indexname",
    );
    expect(rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining([
        "confirmation_token_idx",
        "email_change_token_current_idx",
        "email_change_token_new_idx",
        "reauthentication_token_idx",
        "recovery_token_idx",
        "users_email_partial_key",
        "users_phone_key",
        "users_pkey",
      ]),
    );
    const check = await db.query<{ def: string }>(
      "select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'auth.users'::regclass and contype = 'c'",
    );
    expect(check.rows.map((row) => row.def)).toEqual([
      "CHECK (((email_change_confirm_status >= 0) AND (email_change_confirm_status <= 2)))",
    ]);
  });

  it("auth.identities: columns, types, nullability and defaults", async () => {
    expect(await columns("auth", "identities")).toEqual(
      byName([
        ["provider_id", "text", false, null],
        ["user_id", "uuid", false, null],
        ["identity_data", "jsonb", false, null],
        ["provider", "text", false, null],
        ["last_sign_in_at", "timestamp with time zone", true, null],
        ["created_at", "timestamp with time zone", true, null],
        ["updated_at", "timestamp with time zone", true, null],
        ["email", "text", true, null, true],
        ["id", "uuid", false, "gen_random_uuid()"],
      ]),
    );
  });
});

describe("storage schema as Supabase Storage creates it", () => {
  it("storage.buckets: columns, a bucket type and the name length check", async () => {
    expect(await columns("storage", "buckets")).toEqual(
      byName([
        ["id", "text", false, null],
        ["name", "text", false, null],
        ["owner", "uuid", true, null],
        ["owner_id", "text", true, null],
        ["public", "boolean", true, "false"],
        ["avif_autodetection", "boolean", true, "false"],
        ["file_size_limit", "bigint", true, null],
        ["allowed_mime_types", "text[]", true, null],
        ["created_at", "timestamp with time zone", true, "now()"],
        ["updated_at", "timestamp with time zone", true, "now()"],
        ["type", "storage.buckettype", false, "'STANDARD'::storage.buckettype"],
      ]),
    );
    await expect(db.query("insert into storage.buckets (id, name) values ('', '')")).rejects.toThrow(
      /buckets_name_length_check/,
    );
  });

  it("storage.objects: columns, the path tokens and unique names per bucket", async () => {
    expect(await columns("storage", "objects")).toEqual(
      byName([
        ["id", "uuid", false, "gen_random_uuid()"],
        ["bucket_id", "text", true, null],
        ["name", "text", true, null],
        ["owner", "uuid", true, null],
        ["owner_id", "text", true, null],
        ["created_at", "timestamp with time zone", true, "now()"],
        ["updated_at", "timestamp with time zone", true, "now()"],
        ["last_accessed_at", "timestamp with time zone", true, "now()"],
        ["metadata", "jsonb", true, null],
        ["path_tokens", "text[]", true, null, true],
        ["version", "text", true, null],
        ["user_metadata", "jsonb", true, null],
      ]),
    );
  });
});

import { randomUUID } from "node:crypto";
import type pg from "pg";
import { AuthError } from "./errors.ts";

export type JsonObject = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

/** A user as GoTrue answers it: the row's public fields plus its identities. */
export interface User {
  row: UserRow;
  identities: IdentityRow[];
}

/**
 * Columns of auth.users that are nullable in the table but that Supabase Auth reads into non-null Go
 * values (string, bool, int, uuid, time). A row with NULL in any of them fails every Auth request that
 * loads the user with a 500 ("converting NULL to string is unsupported", supabase/auth issue 1940), so
 * rows written by hand (a seed, a migration) must set them, as Auth itself does ('' for the tokens).
 */
export const AUTH_NON_NULL_USER_COLUMNS = [
  "instance_id",
  "aud",
  "role",
  "is_super_admin",
  "confirmation_token",
  "recovery_token",
  "email_change_token_current",
  "email_change_token_new",
  "email_change",
  "email_change_confirm_status",
  "phone_change",
  "phone_change_token",
  "reauthentication_token",
  "is_sso_user",
  "is_anonymous",
  "created_at",
  "updated_at",
] as const;

/**
 * What Supabase Auth writes into the columns of AUTH_NON_NULL_USER_COLUMNS that have no default (aud and
 * role aside), for SQL that creates users by hand: `insert into auth.users (id, aud, role, email,
 * ${AUTH_USER_FILLERS.columns}) values ($1, 'authenticated', 'authenticated', $2, ${AUTH_USER_FILLERS.values})`.
 */
export const AUTH_USER_FILLERS = {
  columns:
    "instance_id, created_at, updated_at, is_super_admin, confirmation_token, recovery_token, email_change_token_new, email_change",
  values: "'00000000-0000-0000-0000-000000000000', now(), now(), false, '', '', '', ''",
} as const;

/** The columns of AUTH_NON_NULL_USER_COLUMNS that are NULL in the row, as a text[] named `unreadable`. */
const UNREADABLE = `array_remove(array[${AUTH_NON_NULL_USER_COLUMNS.map(
  (column) => `case when ${column} is null then '${column}' end`,
).join(", ")}]::text[], null) as unreadable`;

const USER_COLUMNS = `id, aud, role, email, phone, email_confirmed_at, phone_confirmed_at, confirmation_sent_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  banned_until, is_anonymous, ${UNREADABLE}`;

/** Answers as Supabase Auth does when it cannot scan a user row: 500, and the cause only in the log. */
function readable(row: (UserRow & { unreadable?: string[] }) | undefined): UserRow | null {
  if (!row) return null;
  const { unreadable, ...user } = row;
  if (unreadable && unreadable.length > 0) {
    console.error(
      `auth: user ${user.id} has NULL in ${unreadable.join(", ")}; Supabase Auth cannot read such a row`,
    );
    throw new AuthError(500, "unexpected_failure", "Database error finding user");
  }
  return user;
}

export async function findUserByEmail(
  client: pg.ClientBase,
  email: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | null> {
  const { rows } = await client.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = $1 and is_sso_user = false and deleted_at is null
      ${options.forUpdate ? "for update" : ""}`,
    [email],
  );
  return readable(rows[0]);
}

export async function findUserById(client: pg.ClientBase, id: string): Promise<UserRow | null> {
  const { rows } = await client.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return readable(rows[0]);
}

export async function loadUser(client: pg.ClientBase, id: string): Promise<User | null> {
  const row = await findUserById(client, id);
  if (!row) return null;
  const { rows: identities } = await client.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [id],
  );
  return { row, identities };
}

/**
 * Creates a user with one identity, as GoTrue's signup does: app_metadata names the provider, and the
 * identity's data is merged into user_metadata. Returns null when another request created the same
 * e-mail first.
 */
export async function createUser(
  client: pg.ClientBase,
  input: {
    email: string;
    provider: string;
    providerId?: string;
    identityData: JsonObject;
    userMetadata: JsonObject;
    emailConfirmed: boolean;
  },
): Promise<UserRow | null> {
  const id = randomUUID();
  const providerId = input.providerId ?? id;
  const identityData = { sub: providerId, ...input.identityData };
  const { rows } = await client.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data,
                             raw_user_meta_data, created_at, updated_at, is_super_admin, confirmation_token,
                             recovery_token, email_change_token_current, email_change_token_new, email_change,
                             phone_change, phone_change_token, reauthentication_token)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
             case when $3 then now() end, $4, $5, now(), now(), false, '', '', '', '', '', '', '', '')
     on conflict (email) where is_sso_user = false do nothing
     returning ${USER_COLUMNS}`,
    [
      id,
      input.email,
      input.emailConfirmed,
      { provider: input.provider, providers: [input.provider] },
      { ...input.userMetadata, ...identityData },
    ],
  );
  const user = readable(rows[0]);
  if (!user) return null;
  await insertIdentity(client, user.id, input.provider, providerId, identityData);
  return user;
}

export async function insertIdentity(
  client: pg.ClientBase,
  userId: string,
  provider: string,
  providerId: string,
  identityData: JsonObject,
): Promise<void> {
  await client.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at,
                                  updated_at)
     values ($1, $2, $3, $4, now(), now(), now())`,
    [providerId, userId, identityData, provider],
  );
}

/** Merges keys into user_metadata; a null value removes its key (GoTrue's UpdateUserMetaData). */
export async function mergeUserMetadata(client: pg.ClientBase, userId: string, updates: JsonObject) {
  const removed = Object.keys(updates).filter((key) => updates[key] === null);
  const kept = Object.fromEntries(Object.entries(updates).filter(([, value]) => value !== null));
  await client.query(
    `update auth.users
        set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}') || $2::jsonb) - $3::text[],
            updated_at = now()
      where id = $1`,
    [userId, kept, removed],
  );
}

/** Marks the e-mail verified on the user, its metadata and its e-mail identity. */
export async function confirmEmail(client: pg.ClientBase, userId: string): Promise<void> {
  await client.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()),
            raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
                                      then raw_user_meta_data || '{"email_verified": true}' else raw_user_meta_data end,
            updated_at = now()
      where id = $1`,
    [userId],
  );
  await client.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** app_metadata.providers lists the providers of the user's identities (GoTrue's UpdateAppMetaDataProviders). */
export async function recordSignIn(client: pg.ClientBase, userId: string): Promise<void> {
  await client.query(
    `update auth.users u
        set last_sign_in_at = now(),
            updated_at = now(),
            raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}') || jsonb_build_object(
              'providers', (select coalesce(jsonb_agg(distinct i.provider), '[]') from auth.identities i
                             where i.user_id = u.id))
      where u.id = $1`,
    [userId],
  );
}

export function userJson(user: User): JsonObject {
  const { row } = user;
  return withoutNulls({
    id: row.id,
    aud: row.aud ?? "",
    role: row.role ?? "",
    email: row.email ?? "",
    email_confirmed_at: row.email_confirmed_at,
    phone: row.phone ?? "",
    phone_confirmed_at: row.phone_confirmed_at,
    confirmation_sent_at: row.confirmation_sent_at,
    confirmed_at: row.email_confirmed_at ?? row.phone_confirmed_at,
    recovery_sent_at: row.recovery_sent_at,
    last_sign_in_at: row.last_sign_in_at,
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: user.identities.map((identity) =>
      withoutNulls({
        identity_id: identity.id,
        id: identity.provider_id,
        user_id: identity.user_id,
        identity_data: identity.identity_data,
        provider: identity.provider,
        last_sign_in_at: identity.last_sign_in_at,
        created_at: identity.created_at,
        updated_at: identity.updated_at,
        email: identity.email,
      }),
    ),
    created_at: row.created_at,
    updated_at: row.updated_at,
    banned_until: row.banned_until,
    is_anonymous: row.is_anonymous,
  });
}

/** GoTrue leaves unset optional fields out of its JSON (Go `omitempty`). */
function withoutNulls(object: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== null && value !== undefined),
  );
}

export function isBanned(row: UserRow): boolean {
  return row.banned_until !== null && row.banned_until.getTime() > Date.now();
}

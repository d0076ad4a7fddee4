/**
 * Columns of auth.users that are nullable in the table but that Supabase Auth reads into non-null Go
 * values (string, bool, int, uuid, time). A row with NULL in any of them fails every Auth request that
 * loads the user with a 500 ("converting NULL to string is unsupported", supabase/auth issue 1940), so
 * rows written by hand (a seed, a migration) must set them, as Auth itself does ('' for the tokens).
 * The local auth service holds the same list (devstack/tests/auth/users-as-auth-reads-them.test.ts
 * checks that they agree).
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
 * What Supabase Auth writes into the auth.users columns it reads as non-null Go values and that have no
 * default (aud and role aside), for tests that create users by SQL: `insert into auth.users (id, aud,
 * role, email, ${AUTH_USER_FILLERS.columns}) values ($1, 'authenticated', 'authenticated', $2,
 * ${AUTH_USER_FILLERS.values})`. Without them, Auth (and the local auth service) cannot load the user
 * (supabase/auth issue 1940); devstack/tests/auth/users-as-auth-reads-them.test.ts shows both cases.
 */
export const AUTH_USER_FILLERS = {
  columns:
    "instance_id, created_at, updated_at, is_super_admin, confirmation_token, recovery_token, email_change_token_new, email_change",
  values: "'00000000-0000-0000-0000-000000000000', now(), now(), false, '', '', '', ''",
} as const;

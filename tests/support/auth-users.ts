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

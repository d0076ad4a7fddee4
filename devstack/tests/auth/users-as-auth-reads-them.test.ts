import { randomUUID } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as product from "../../../tests/support/auth-users.ts";
import { AUTH_NON_NULL_USER_COLUMNS, AUTH_USER_FILLERS } from "../../gateway/auth/users.ts";
import { anonClient, database, latestCode, uniqueEmail } from "./support.ts";

/**
 * A user row written by SQL (a seed, a migration, a test fixture) must be readable by Supabase Auth:
 * Auth scans the token columns into Go strings, so NULL there fails every request that loads the user
 * with a 500 (supabase/auth issue 1940). The local auth service answers such a row the same way.
 */
let db: pg.Client;

beforeAll(async () => {
  db = await database();
});

afterAll(async () => {
  await db.end();
});

async function insertUser(email: string, fillers: boolean): Promise<string> {
  const id = randomUUID();
  const columns = fillers ? `, ${AUTH_USER_FILLERS.columns}` : ", instance_id, created_at, updated_at";
  const values = fillers
    ? `, ${AUTH_USER_FILLERS.values}`
    : ", '00000000-0000-0000-0000-000000000000', now(), now()";
  await db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data${columns})
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}'${values})`,
    [id, email],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text), 'email', now(), now())`,
    [id, email],
  );
  return id;
}

describe("users written by SQL", () => {
  it("with NULL token columns cannot sign in: 500 'Database error finding user', as on Supabase Auth", async () => {
    const email = uniqueEmail("null-tokens");
    await insertUser(email, false);
    const sent = await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error?.status).toBe(500);
    expect(sent.error?.message).toBe("Database error finding user");
  });

  it("with the token columns set as Auth writes them sign in by code", async () => {
    const email = uniqueEmail("filled-tokens");
    const id = await insertUser(email, true);
    const client = anonClient();
    expect(
      (await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error,
    ).toBeNull();
    const { code } = await latestCode(email);
    const verified = await client.auth.verifyOtp({ email, token: code, type: "email" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(id);
  });

  it("created by the local auth service carry no NULL where Auth needs a value", async () => {
    const email = uniqueEmail("signup");
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    const { rows } = await db.query(
      `select instance_id, aud, role, is_super_admin, confirmation_token, recovery_token,
              email_change_token_current, email_change_token_new, email_change, email_change_confirm_status,
              phone_change, phone_change_token, reauthentication_token, is_sso_user, is_anonymous,
              created_at is not null as created, updated_at is not null as updated
         from auth.users where email = $1`,
      [email],
    );
    expect(rows).toEqual([
      {
        instance_id: "00000000-0000-0000-0000-000000000000",
        aud: "authenticated",
        role: "authenticated",
        is_super_admin: false,
        confirmation_token: "",
        recovery_token: "",
        email_change_token_current: "",
        email_change_token_new: "",
        email_change: "",
        email_change_confirm_status: 0,
        phone_change: "",
        phone_change_token: "",
        reauthentication_token: "",
        is_sso_user: false,
        is_anonymous: false,
        created: true,
        updated: true,
      },
    ]);
  });
});

describe("the product tests' copy of these rules (tests/support/auth-users.ts)", () => {
  it("names the same columns and fillers as the local auth service", () => {
    expect(product.AUTH_NON_NULL_USER_COLUMNS).toEqual(AUTH_NON_NULL_USER_COLUMNS);
    expect(product.AUTH_USER_FILLERS).toEqual(AUTH_USER_FILLERS);
  });
});

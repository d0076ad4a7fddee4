import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isUnsendable,
  MARKER,
  nastyBody,
  nastyString,
  nastyTokens,
  type Random,
  random,
  sendRaw,
} from "./fuzz.ts";
import { database, signIn, stack, uniqueEmail } from "./support.ts";

const SEED = 20_240_101;
const CASES = 300;

interface Endpoint {
  method: string;
  path: (rng: Random) => string;
  fields: string[];
}

const q = (rng: Random) => (rng.chance(0.7) ? encodeURIComponent(nastyString(rng)) : nastyString(rng));

const ENDPOINTS: Endpoint[] = [
  {
    method: "POST",
    path: () => "/auth/v1/otp",
    fields: ["email", "phone", "data", "create_user", "channel", "code_challenge", "code_challenge_method"],
  },
  { method: "POST", path: (rng) => `/auth/v1/otp?redirect_to=${q(rng)}`, fields: ["email", "create_user"] },
  {
    method: "POST",
    path: () => "/auth/v1/verify",
    fields: ["type", "token", "token_hash", "email", "phone", "redirect_to"],
  },
  { method: "POST", path: () => "/auth/v1/token?grant_type=refresh_token", fields: ["refresh_token"] },
  { method: "POST", path: () => "/auth/v1/token?grant_type=pkce", fields: ["auth_code", "code_verifier"] },
  { method: "POST", path: (rng) => `/auth/v1/token?grant_type=${q(rng)}`, fields: ["email", "password"] },
  { method: "GET", path: () => "/auth/v1/user", fields: [] },
  { method: "PUT", path: () => "/auth/v1/user", fields: ["data", "email", "password", "phone"] },
  { method: "POST", path: (rng) => `/auth/v1/logout?scope=${q(rng)}`, fields: [] },
  {
    method: "GET",
    path: (rng) =>
      `/auth/v1/authorize?provider=${rng.pick(["google", "azure", "github", q(rng)])}&redirect_to=${q(rng)}&code_challenge=${q(rng)}&code_challenge_method=${q(rng)}`,
    fields: [],
  },
  {
    method: "GET",
    path: (rng) => `/auth/v1/callback?state=${q(rng)}&code=${q(rng)}&error=${q(rng)}`,
    fields: [],
  },
  { method: "POST", path: () => "/auth/v1/callback", fields: ["state", "code"] },
  { method: "GET", path: (rng) => `/auth/v1/${q(rng)}`, fields: [] },
  { method: "GET", path: () => "/auth/v1/settings", fields: [] },
  { method: "GET", path: (rng) => `/inbox/api/messages?email=${q(rng)}&limit=${q(rng)}`, fields: [] },
  { method: "GET", path: (rng) => `/inbox?email=${q(rng)}`, fields: [] },
];

interface FixedCase {
  method: string;
  path: string;
  body?: unknown;
  /** Sent with the fixture user's valid access token. */
  signedIn?: boolean;
  status: number;
  code?: string;
}

/**
 * Inputs that once answered 5xx (issue 25), sent on every run rather than left to chance: Postgres
 * cannot store U+0000, so a NUL reaching it was a server error.
 */
const ALWAYS_SENT: FixedCase[] = [
  {
    method: "POST",
    path: "/auth/v1/otp",
    body: { email: `${MARKER}\u0000@example.com` },
    status: 400,
    code: "bad_json",
  },
  {
    method: "POST",
    path: "/auth/v1/otp",
    body: { email: `${MARKER}@example.com`, data: { note: "a\u0000b" } },
    status: 400,
    code: "bad_json",
  },
  {
    method: "POST",
    path: "/auth/v1/otp",
    body: { email: `${MARKER}\u0007@example.com` },
    status: 400,
    code: "validation_failed",
  },
  {
    method: "POST",
    path: "/auth/v1/verify",
    body: { type: "email", email: `${MARKER}@example.com`, token: "12\u00003456" },
    status: 400,
    code: "bad_json",
  },
  {
    method: "POST",
    path: "/auth/v1/verify",
    body: { type: "email", token_hash: `${MARKER}\u0000` },
    status: 400,
    code: "bad_json",
  },
  {
    method: "PUT",
    path: "/auth/v1/user",
    body: { data: { [MARKER]: "a\u0000b" } },
    signedIn: true,
    status: 400,
    code: "bad_json",
  },
  {
    method: "PUT",
    path: "/auth/v1/user",
    body: { data: { [`${MARKER}\u0000`]: 1 } },
    signedIn: true,
    status: 400,
    code: "bad_json",
  },
  { method: "GET", path: "/inbox/api/messages?email=%00", status: 400 },
  { method: "GET", path: `/inbox/api/messages?email=${MARKER}%00%40example.com`, status: 400 },
  { method: "GET", path: "/inbox?email=a%00b", status: 400 },
];

let db: pg.Client;
let fixtureUserId = "";
let fixtureAccessToken = "";

beforeAll(async () => {
  db = await database();
  const fixture = await signIn(uniqueEmail("fuzz-fixture"));
  fixtureUserId = fixture.session.user.id;
  fixtureAccessToken = fixture.session.access_token;
});

async function sendFixed(fixed: FixedCase) {
  const headers: Record<string, string> = {
    apikey: stack().anonKey,
    "content-type": "application/json",
    "x-supabase-api-version": "2024-01-01",
  };
  if (fixed.signedIn) headers.authorization = `Bearer ${fixtureAccessToken}`;
  const body = fixed.body === undefined ? null : JSON.stringify(fixed.body);
  return sendRaw(stack().supabaseUrl, fixed.method, fixed.path, headers, body);
}

afterAll(async () => {
  await db.end();
});

/** The fixture user's auth rows, and every auth row anything the fuzzer invented could have reached. */
async function authSnapshot() {
  const marked = `%${MARKER}%`;
  const { rows } = await db.query(
    `select
       (select to_jsonb(u) from auth.users u where id = $1) as fixture_user,
       (select jsonb_agg(to_jsonb(s) order by id) from auth.sessions s where user_id = $1) as fixture_sessions,
       (select jsonb_agg(jsonb_build_array(token, revoked) order by id) from auth.refresh_tokens where user_id = $1::text)
         as fixture_tokens,
       (select count(*) from auth.users where email like $2 or raw_user_meta_data::text like $2)::int as marked_users,
       (select count(*) from auth.identities where identity_data::text like $2)::int as marked_identities,
       (select count(*) from auth.local_inbox where recipient like $2 or text_body like $2)::int as marked_mails,
       (select count(*) from auth.one_time_tokens where relates_to like $2)::int as marked_codes,
       (select count(*) from auth.flow_state where referrer like $2)::int as marked_flows`,
    [fixtureUserId, marked],
  );
  return rows[0];
}

async function fuzzRequest(rng: Random, tokens: string[]) {
  const endpoint = rng.pick(ENDPOINTS);
  const headers: Record<string, string> = {};
  if (rng.chance(0.8)) headers.apikey = rng.pick([stack().anonKey, nastyString(rng)]);
  if (rng.chance(0.7))
    headers.authorization = `${rng.pick(["Bearer ", "bearer ", "Basic ", ""])}${rng.pick(tokens)}`;
  if (rng.chance(0.8)) {
    headers["content-type"] = rng.pick([
      "application/json",
      "text/plain",
      "multipart/form-data; boundary=x",
      nastyString(rng),
    ]);
  }
  if (rng.chance(0.5))
    headers["x-supabase-api-version"] = rng.pick([
      "2024-01-01",
      "2023-01-01",
      "9999-99-99",
      nastyString(rng),
    ]);
  if (rng.chance(0.2)) headers["x-forwarded-for"] = nastyString(rng);
  if (rng.chance(0.2)) headers["content-length"] = String(Math.floor(rng.next() * 10));
  const body = endpoint.method === "GET" ? null : nastyBody(rng, endpoint.fields);
  if (body !== null) delete headers["content-length"];
  return { method: endpoint.method, path: endpoint.path(rng), headers, body };
}

describe("auth and inbox under malformed input", () => {
  it("never answers 5xx, keeps serving and changes nothing", async () => {
    const before = await authSnapshot();
    const tokens = [stack().anonKey, ...(await nastyTokens(stack().jwtSecret, fixtureUserId))];
    const rng = random(SEED);
    const failures: string[] = [];
    for (const fixed of ALWAYS_SENT) {
      const response = await sendFixed(fixed);
      const code = fixed.code ? (JSON.parse(response.body) as { code?: string }).code : undefined;
      if (response.status !== fixed.status || code !== fixed.code)
        failures.push(`${fixed.method} ${fixed.path} → ${response.status} ${response.body.slice(0, 200)}`);
    }
    let sent = 0;
    for (let index = 0; index < CASES; index++) {
      const attempt = await fuzzRequest(rng, tokens);
      try {
        const response = await sendRaw(
          stack().supabaseUrl,
          attempt.method,
          attempt.path,
          attempt.headers,
          attempt.body,
        );
        sent++;
        if (response.status >= 500 || response.status === 0) {
          failures.push(
            `#${index} ${attempt.method} ${attempt.path.slice(0, 120)} → ${response.status} ${response.body.slice(0, 200)}`,
          );
        }
      } catch (error) {
        if (!isUnsendable(error)) {
          const sentHeaders = JSON.stringify(attempt.headers).slice(0, 300);
          failures.push(
            `#${index} ${attempt.method} ${attempt.path.slice(0, 120)} ${sentHeaders} body ${attempt.body?.length} → ${error}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(CASES * 0.6);

    expect(await authSnapshot()).toEqual(before);
    expect(before).toMatchObject({
      marked_users: 0,
      marked_identities: 0,
      marked_mails: 0,
      marked_codes: 0,
      marked_flows: 0,
    });
    const health = await fetch(`${stack().supabaseUrl}/auth/v1/health`);
    expect(health.status).toBe(200);
    await expect(signIn(uniqueEmail("after-fuzz"))).resolves.toBeDefined();
  });
});

import { createHash } from "node:crypto";
import { jwtVerify } from "jose";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonClient,
  callAuth,
  database,
  inbox,
  latestCode,
  signIn,
  stack,
  startAuthGateway,
  uniqueEmail,
} from "./support.ts";

let db: pg.Client;

beforeAll(async () => {
  db = await database();
});

afterAll(async () => {
  await db.end();
});

describe("e-mail OTP sign-in", () => {
  it("signs in with the code from the inbox, refreshes, and logs out for good", async () => {
    const email = uniqueEmail("journey");
    const client = anonClient();
    const callback = `${stack().siteUrl}/auth/callback`;
    const sent = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: callback } });
    expect(sent.error).toBeNull();

    const [mail] = await inbox(email);
    expect(mail).toMatchObject({ to: email, subject: "Confirm your email address" });
    const { code, link } = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(`${link.origin}${link.pathname}`).toBe(callback);
    expect(link.searchParams.get("type")).toBe("email");

    const stored = await db.query("select token_hash from auth.one_time_tokens where relates_to = $1", [
      email,
    ]);
    expect(stored.rows).toEqual([
      {
        token_hash: createHash("sha224")
          .update(email + code)
          .digest("hex"),
      },
    ]);
    expect(link.searchParams.get("token_hash")).toBe(stored.rows[0].token_hash);

    const verified = await client.auth.verifyOtp({ email, token: code, type: "email" });
    expect(verified.error).toBeNull();
    const session = verified.data.session;
    if (!session) throw new Error("no session");
    expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600 });

    const { payload } = await jwtVerify(session.access_token, new TextEncoder().encode(stack().jwtSecret));
    expect(payload).toMatchObject({
      sub: session.user.id,
      aud: "authenticated",
      role: "authenticated",
      iss: `${stack().supabaseUrl}/auth/v1`,
      email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      aal: "aal1",
      amr: [{ method: "otp" }],
      is_anonymous: false,
    });
    expect(payload.session_id).toEqual(expect.any(String));
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);

    const { data: current } = await client.auth.getUser();
    expect(current.user).toMatchObject({ id: session.user.id, email });
    expect(current.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(current.user?.identities?.[0]).toMatchObject({ provider: "email", id: session.user.id });

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const rotated = refreshed.data.session?.refresh_token ?? "";
    expect(rotated).not.toBe(session.refresh_token);
    expect((await client.auth.getUser()).data.user?.id).toBe(session.user.id);

    expect((await client.auth.signOut()).error).toBeNull();
    const afterLogout = await anonClient().auth.refreshSession({ refresh_token: rotated });
    expect(afterLogout.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
    const staleToken = await anonClient().auth.getUser(refreshed.data.session?.access_token);
    expect(staleToken.error?.name).toBe("AuthSessionMissingError");
  });

  it("sends a known user a sign-in link mail and lets them in again", async () => {
    const email = uniqueEmail("returning");
    await signIn(email);
    const client = anonClient();
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const mails = await inbox(email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your sign-in link", "Confirm your email address"]);
    const { code } = await latestCode(email);
    expect((await client.auth.verifyOtp({ email, token: code, type: "email" })).error).toBeNull();
  });

  it("verifies the token_hash link of the mail once", async () => {
    const email = uniqueEmail("link");
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    const tokenHash = (await latestCode(email)).link.searchParams.get("token_hash") ?? "";
    const first = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: "email" });
    expect(first.data.session?.user.email).toBe(email);
    const again = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: "email" });
    expect(again.error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Email link is invalid or has expired",
    });
  });

  it("refuses a wrong code with GoTrue's error and still accepts the right one", async () => {
    const email = uniqueEmail("wrong");
    const client = anonClient();
    await client.auth.signInWithOtp({ email });
    const { code } = await latestCode(email);
    const wrong = await client.auth.verifyOtp({
      email,
      token: code === "123456" ? "654321" : "123456",
      type: "email",
    });
    expect(wrong.error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Token has expired or is invalid",
    });
    expect((await client.auth.verifyOtp({ email, token: code, type: "email" })).error).toBeNull();
  });

  it("accepts a code only once", async () => {
    const email = uniqueEmail("reuse");
    await signIn(email);
    const { code } = await latestCode(email);
    const reused = await anonClient().auth.verifyOtp({ email, token: code, type: "email" });
    expect(reused.error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("refuses an expired code", async () => {
    const email = uniqueEmail("expired");
    await anonClient().auth.signInWithOtp({ email });
    const { code } = await latestCode(email);
    await db.query(
      "update auth.one_time_tokens set created_at = now() - interval '3601 seconds' where relates_to = $1",
      [email],
    );
    const late = await anonClient().auth.verifyOtp({ email, token: code, type: "email" });
    expect(late.error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("limits code guessing per client, so a stranger can neither find nor void someone's code", async () => {
    // Behind a trusted proxy that names the client (GoTrue's GOTRUE_RATE_LIMIT_HEADER), clients are apart.
    const gateway = await startAuthGateway({
      tokenVerificationsPer5Min: 5,
      rateLimitHeader: "X-Forwarded-For",
    });
    try {
      const email = uniqueEmail("guessed");
      expect((await anonClient(gateway.url).auth.signInWithOtp({ email })).error).toBeNull();
      const { code } = await latestCode(email, gateway.url);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      const verify = (token: string, client: string) =>
        callAuth(
          "POST",
          "/verify",
          { email, token, type: "email" },
          { "x-forwarded-for": client },
          gateway.url,
        );

      const guesses = [];
      for (let attempt = 0; attempt < 6; attempt++) guesses.push(await verify(wrongCode, "203.0.113.7"));
      expect(guesses.slice(0, 5).map((guess) => guess.body.code)).toEqual(Array(5).fill("otp_expired"));
      expect(guesses[5]).toMatchObject({
        status: 429,
        body: { code: "over_request_rate_limit", message: "Request rate limit reached" },
      });

      const owner = await verify(code, "198.51.100.2");
      expect(owner.status).toBe(200);
      expect(owner.body.access_token).toEqual(expect.any(String));
    } finally {
      await gateway.stop();
    }
  });

  it.each([
    ["code checks", "/verify", { tokenVerificationsPer5Min: 30 }],
    ["sign-in requests", "/otp", { signInsPer5Min: 30 }],
  ])(
    "keys the limit on %s on the connection, whatever X-Forwarded-For a client writes",
    async (_, path, limits) => {
      const gateway = await startAuthGateway(limits);
      try {
        const email = uniqueEmail("forwarded");
        const body =
          path === "/verify" ? { email, token: "000000", type: "email" } : { email, create_user: false };
        const statuses: number[] = [];
        for (let guess = 0; guess < 50; guess++) {
          const spoofed = `203.0.113.${guess + 1}, 198.51.100.${guess + 1}`;
          statuses.push(
            (await callAuth("POST", path, body, { "x-forwarded-for": spoofed }, gateway.url)).status,
          );
        }
        expect(statuses.slice(0, 30)).not.toContain(429);
        expect(statuses.slice(30)).toEqual(Array(20).fill(429));
      } finally {
        await gateway.stop();
      }
    },
  );

  it("lets only the product's own web client read the inbox from a browser", async () => {
    const read = (origin: string) =>
      fetch(`${stack().supabaseUrl}/inbox/api/messages?email=nobody@example.com`, { headers: { origin } });
    const own = await read(stack().siteUrl);
    expect(own.headers.get("access-control-allow-origin")).toBe(stack().siteUrl);
    const stranger = await read("https://evil.example");
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    expect(stranger.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("spaces mails to one user by 60 seconds", async () => {
    const email = uniqueEmail("impatient");
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    const again = await anonClient().auth.signInWithOtp({ email });
    expect(again.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    expect(again.error?.message).toMatch(
      /^For security purposes, you can only request this after (59|60) seconds\.$/,
    );
    expect(await inbox(email)).toHaveLength(1);
  });

  it("creates no user when create_user is false", async () => {
    const email = uniqueEmail("stranger");
    const result = await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(result.error).toMatchObject({
      status: 422,
      code: "otp_disabled",
      message: "Signups not allowed for otp",
    });
    expect((await db.query("select 1 from auth.users where email = $1", [email])).rowCount).toBe(0);
    expect(await inbox(email)).toHaveLength(0);
  });

  it("answers errors in the shape the client's API version asks for", async () => {
    const modern = await callAuth("POST", "/verify", {
      type: "email",
      email: "x@example.com",
      token: "000000",
    });
    expect(modern.status).toBe(403);
    expect(modern.body).toEqual({ code: "otp_expired", message: "Token has expired or is invalid" });
    expect(modern.headers.get("x-sb-error-code")).toBe("otp_expired");
    expect(modern.headers.get("x-supabase-api-version")).toBe("2024-01-01");

    const legacy = await callAuth(
      "POST",
      "/verify",
      { type: "email", email: "x@example.com", token: "000000" },
      { "x-supabase-api-version": "" },
    );
    expect(legacy.body).toEqual({
      code: 403,
      error_code: "otp_expired",
      msg: "Token has expired or is invalid",
    });
    expect(legacy.headers.get("x-sb-error-code")).toBe("otp_expired");
  });

  it("updates user_metadata from account settings", async () => {
    const { client, session } = await signIn(uniqueEmail("settings"));
    const { data, error } = await client.auth.updateUser({ data: { display_name: "Ada", theme: "dark" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ display_name: "Ada", theme: "dark" });
    const cleared = await client.auth.updateUser({ data: { theme: null } });
    expect(cleared.data.user?.user_metadata).not.toHaveProperty("theme");
    const row = await db.query("select raw_user_meta_data from auth.users where id = $1", [session.user.id]);
    expect(row.rows[0].raw_user_meta_data).toMatchObject({ display_name: "Ada" });
  });
});

describe("refresh tokens", () => {
  it("rotates, gives a client that missed the answer the same token, and treats late reuse as theft", async () => {
    const { session } = await signIn(uniqueEmail("rotation"));
    const first = session.refresh_token;
    const second = await anonClient().auth.refreshSession({ refresh_token: first });
    const secondToken = second.data.session?.refresh_token ?? "";
    expect(secondToken).not.toBe(first);
    const retried = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(retried.data.session?.refresh_token).toBe(secondToken);

    const third = await anonClient().auth.refreshSession({ refresh_token: secondToken });
    expect(third.error).toBeNull();
    await db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1",
      [first],
    );
    const stolen = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(stolen.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });
    const live = await db.query(
      "select count(*)::int as live from auth.refresh_tokens where session_id = $1 and not revoked",
      [
        (await db.query("select session_id from auth.refresh_tokens where token = $1", [first])).rows[0]
          .session_id,
      ],
    );
    expect(live.rows[0].live).toBe(0);
  });

  it("refuses unknown and malformed refresh tokens", async () => {
    const unknown = await anonClient().auth.refreshSession({ refresh_token: "abcdefghijkl" });
    expect(unknown.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
    const malformed = await callAuth("POST", "/token?grant_type=refresh_token", { refresh_token: "short" });
    expect(malformed).toMatchObject({ status: 400, body: { code: "validation_failed" } });
  });
});

describe("logout scopes", () => {
  it("ends only the other sessions with scope=others, and refuses unknown scopes", async () => {
    const email = uniqueEmail("devices");
    const laptop = await signIn(email);
    await anonClient().auth.signInWithOtp({ email });
    const { code } = await latestCode(email);
    const phone = anonClient();
    expect((await phone.auth.verifyOtp({ email, token: code, type: "email" })).error).toBeNull();

    const badScope = await callAuth("POST", "/logout?scope=everywhere", undefined, {
      authorization: `Bearer ${laptop.session.access_token}`,
    });
    expect(badScope).toMatchObject({ status: 400, body: { code: "validation_failed" } });

    expect((await laptop.client.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await laptop.client.auth.getUser()).error).toBeNull();
    expect((await phone.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
  });
});

describe("the user endpoint", () => {
  it("needs a bearer token of a real session", async () => {
    const none = await callAuth("GET", "/user", undefined, { apikey: stack().anonKey });
    expect(none).toMatchObject({ status: 401, body: { code: "no_authorization" } });
    const anonKey = await callAuth("GET", "/user", undefined, { authorization: `Bearer ${stack().anonKey}` });
    expect(anonKey).toMatchObject({
      status: 403,
      body: { code: "bad_jwt", message: "invalid claim: missing sub claim" },
    });
    const forged = await callAuth("GET", "/user", undefined, { authorization: "Bearer not.a.jwt" });
    expect(forged).toMatchObject({ status: 403, body: { code: "bad_jwt" } });
  });
});

describe("settings and limits", () => {
  it("reports e-mail sign-in on and unconfigured providers off", async () => {
    const settings = await callAuth("GET", "/settings");
    expect(settings.body).toMatchObject({
      external: { email: true, phone: false, google: false, azure: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  it("limits mails per address per hour", async () => {
    const gateway = await startAuthGateway({ emailMaxFrequency: 0, emailsPerHour: 2 });
    try {
      const email = uniqueEmail("flood");
      const client = anonClient(gateway.url);
      expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
      expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
      const third = await client.auth.signInWithOtp({ email });
      expect(third.error).toMatchObject({
        status: 429,
        code: "over_email_send_rate_limit",
        message: "email rate limit exceeded",
      });
      expect(await inbox(email, gateway.url)).toHaveLength(2);
    } finally {
      await gateway.stop();
    }
  });
});

describe("the inbox", () => {
  it("lists mails as a page", async () => {
    const email = uniqueEmail("page");
    await anonClient().auth.signInWithOtp({ email });
    const { code } = await latestCode(email);
    const page = await fetch(`${stack().supabaseUrl}/inbox?email=${encodeURIComponent(email)}`);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain(code);
  });
});

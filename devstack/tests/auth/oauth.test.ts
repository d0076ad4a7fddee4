import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StandInProvider } from "./oauth-provider.ts";
import {
  anonClient,
  callAuth,
  type LocalAuthGateway,
  signIn,
  stack,
  startAuthGateway,
  uniqueEmail,
} from "./support.ts";

const provider = new StandInProvider();
let gateway: LocalAuthGateway;
const appCallback = "http://127.0.0.1:5173/auth/callback";

beforeAll(async () => {
  await provider.start();
  const settings = { clientId: provider.clientId, secret: provider.secret };
  gateway = await startAuthGateway({
    external: {
      google: { ...settings, url: provider.url },
      azure: { ...settings, url: `${provider.url}/tenant` },
    },
  });
});

afterAll(async () => {
  await gateway?.stop();
  await provider.stop();
});

/** A browser-like client: PKCE or implicit, its storage kept in memory. */
function browserClient(flowType: "pkce" | "implicit"): SupabaseClient {
  const items = new Map<string, string>();
  return createClient(gateway.url, stack().anonKey, {
    auth: {
      flowType,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
      },
    },
  });
}

/** Follows the browser's redirects from /authorize until it lands back on the app. */
async function followToApp(startUrl: string): Promise<URL> {
  let url = startUrl;
  for (let hop = 0; hop < 5; hop++) {
    if (url.startsWith(appCallback) || url.startsWith(stack().siteUrl)) return new URL(url);
    const response = await fetch(url, { redirect: "manual" });
    const location = response.headers.get("location");
    if (!location)
      throw new Error(`${url} answered ${response.status} without a redirect: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects");
}

function account(label: string, emailVerified = true) {
  return { subject: randomUUID(), email: uniqueEmail(label), emailVerified, name: `Test ${label}` };
}

describe("OAuth sign-in with PKCE", () => {
  it("signs in with Google: authorize, provider code, token, user info, code exchange", async () => {
    provider.account = account("google");
    const client = browserClient("pkce");
    const { data } = await client.auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: appCallback, queryParams: { access_type: "offline", prompt: "consent" } },
    });
    const landing = await followToApp(data.url ?? "");
    const code = landing.searchParams.get("code");
    expect(code).toBeTruthy();

    const asked = provider.authorizeRequests.at(-1);
    expect(asked?.get("redirect_uri")).toBe(`${gateway.url}/auth/v1/callback`);
    expect(asked?.get("scope")).toBe("email profile");
    expect(asked?.get("access_type")).toBe("offline");
    expect(asked?.get("prompt")).toBe("consent");

    const exchanged = await client.auth.exchangeCodeForSession(code ?? "");
    expect(exchanged.error).toBeNull();
    const session = exchanged.data.session;
    expect(session?.user).toMatchObject({
      email: provider.account.email,
      app_metadata: { provider: "google", providers: ["google"] },
      user_metadata: { full_name: "Test google", email_verified: true, sub: provider.account.subject },
    });
    expect(session?.provider_token).toEqual(expect.any(String));
    const { data: current } = await client.auth.getUser();
    expect(current.user?.identities?.map((identity) => identity.provider)).toEqual(["google"]);

    const again = await callAuth(
      "POST",
      "/token?grant_type=pkce",
      { auth_code: code, code_verifier: "x".repeat(43) },
      {},
      gateway.url,
    );
    expect(again).toMatchObject({ status: 404, body: { code: "flow_state_not_found" } });
  });

  it("signs in with Microsoft from its ID token and links the account of the same verified address", async () => {
    const email = uniqueEmail("both");
    const { session: otpSession } = await signIn(email);
    provider.account = { subject: randomUUID(), email, emailVerified: true, name: "Both Ways" };
    const client = browserClient("pkce");
    const { data } = await client.auth.signInWithOAuth({
      provider: "azure",
      options: { redirectTo: appCallback, scopes: "email profile" },
    });
    const landing = await followToApp(data.url ?? "");
    expect(provider.authorizeRequests.at(-1)?.get("scope")).toBe("openid email profile");
    const { data: exchanged, error } = await client.auth.exchangeCodeForSession(
      landing.searchParams.get("code") ?? "",
    );
    expect(error).toBeNull();
    expect(exchanged.session?.user.id).toBe(otpSession.user.id);
    expect(exchanged.session?.user.app_metadata.providers).toEqual(["azure", "email"]);
  });

  it("refuses a code exchange with the wrong verifier", async () => {
    provider.account = account("verifier");
    const client = browserClient("pkce");
    const { data } = await client.auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: appCallback },
    });
    const code = (await followToApp(data.url ?? "")).searchParams.get("code");
    const wrong = await callAuth(
      "POST",
      "/token?grant_type=pkce",
      { auth_code: code, code_verifier: "y".repeat(43) },
      {},
      gateway.url,
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        code: "bad_code_verifier",
        message: "code challenge does not match previously saved code verifier",
      },
    });
    expect((await client.auth.exchangeCodeForSession(code ?? "")).error).toBeNull();
  });
});

describe("OAuth sign-in, implicit flow and failures", () => {
  it("returns the session in the URL fragment", async () => {
    provider.account = account("implicit");
    const { data } = await browserClient("implicit").auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: appCallback },
    });
    const landing = await followToApp(data.url ?? "");
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("expires_in")).toBe("3600");
    expect(fragment.get("refresh_token")).toMatch(/^[a-z0-9]{12}$/);
    const { data: user } = await anonClient(gateway.url).auth.getUser(fragment.get("access_token") ?? "");
    expect(user.user?.email).toBe(provider.account.email);
  });

  it("sends a refusal at the provider back to the app as an error", async () => {
    provider.account = null;
    const { data } = await browserClient("pkce").auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: appCallback },
    });
    const landing = await followToApp(data.url ?? "");
    expect(landing.searchParams.get("error")).toBe("access_denied");
    expect(new URLSearchParams(landing.hash.slice(1)).get("error_description")).toBe(
      "The user denied access",
    );
  });

  it("will not sign in an address the provider has not verified", async () => {
    provider.account = account("unverified", false);
    const { data } = await browserClient("pkce").auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: appCallback },
    });
    const landing = await followToApp(data.url ?? "");
    expect(landing.searchParams.get("error_code")).toBe("provider_email_needs_verification");
  });

  it("sends an unknown state back to the site with bad_oauth_state", async () => {
    const response = await fetch(`${gateway.url}/auth/v1/callback?state=${randomUUID()}&code=abc`, {
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("error_code")).toBe("bad_oauth_state");
  });

  it("answers providers that are not enabled with a validation error", async () => {
    const { data } = await anonClient().auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: appCallback },
    });
    const response = await fetch(data.url ?? "", {
      redirect: "manual",
      headers: { "x-supabase-api-version": "2024-01-01" },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-sb-error-code")).toBe("validation_failed");
    expect(await response.json()).toEqual({
      code: "validation_failed",
      message: "Unsupported provider: provider is not enabled",
    });
    const unknown = await callAuth("GET", "/authorize?provider=myspace");
    expect(unknown.body).toEqual({
      code: "validation_failed",
      message: "Unsupported provider: Provider myspace could not be found",
    });
  });
});

import { AuthError } from "@supabase/supabase-js";
import type { OAuthProviderName } from "@/lib/auth/auth-errors";
import type { StudymapClient } from "@/lib/database";

/** docs/product.md §9: the sign-in redirect is the app origin plus /auth/callback. */
export function authCallbackUrl(origin: string, redirectTo?: string): string {
  const base = `${origin}/auth/callback`;
  return redirectTo ? `${base}?redirectTo=${encodeURIComponent(redirectTo)}` : base;
}

/** docs/product.md §7: e-mail sign-in, redirecting to the auth callback, creating the user when new. */
export async function sendSignInCode(client: StudymapClient, email: string, origin: string) {
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: authCallbackUrl(origin), shouldCreateUser: true },
  });
  if (error) throw error;
}

/** docs/product.md §7: verify the e-mail plus the token, type email. */
export async function verifySignInCode(client: StudymapClient, email: string, token: string) {
  const { error } = await client.auth.verifyOtp({ email, token, type: "email" });
  if (error) throw error;
}

export type OAuthProvider = OAuthProviderName;

/**
 * docs/product.md §7: Google with offline access and the consent prompt, Microsoft (Azure) with the scopes
 * `email profile`, both returning to the auth callback. The authorize address is tried first so a
 * provider the server has not enabled shows an error here instead of a JSON page.
 */
export async function startOAuthSignIn(
  client: StudymapClient,
  provider: OAuthProvider,
  origin: string,
  redirectTo: string | undefined,
  navigate: (url: string) => void = (url) => window.location.assign(url),
) {
  const redirect = authCallbackUrl(origin, redirectTo);
  const options =
    provider === "google"
      ? { redirectTo: redirect, queryParams: { access_type: "offline", prompt: "consent" } }
      : { redirectTo: redirect, scopes: "email profile" };
  const { data, error } = await client.auth.signInWithOAuth({
    provider,
    options: { ...options, skipBrowserRedirect: true },
  });
  if (error) throw error;
  const probe = await fetch(data.url, { redirect: "manual" });
  if (probe.type !== "opaqueredirect" && !probe.ok) {
    // Auth answers `{error_code, msg}` or, from API version 2024-01-01, `{code, message}`; the code is
    // kept so the login screen can say what happened in its own words.
    const body = (await probe.json().catch(() => ({}))) as {
      msg?: string;
      message?: string;
      code?: unknown;
      error_code?: string;
    };
    const code = body.error_code ?? (typeof body.code === "string" ? body.code : undefined);
    throw new AuthError(
      body.msg ?? body.message ?? "This sign-in method is not available.",
      probe.status,
      code,
    );
  }
  navigate(data.url);
}

import { decodeJwt } from "jose";
import { z } from "zod";
import type { OAuthProviderName, OAuthProviderSettings } from "./settings.ts";
import type { JsonObject } from "./users.ts";

/** The providers GoTrue knows; all but the configured ones answer "provider is not enabled". */
const KNOWN_PROVIDERS = new Set([
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "kakao",
  "keycloak",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "snapchat",
  "spotify",
  "slack",
  "slack_oidc",
  "twitch",
  "twitter",
  "x",
  "vercel_marketplace",
  "workos",
  "zoom",
]);

export function isKnownProvider(name: string): boolean {
  return KNOWN_PROVIDERS.has(name);
}

/** An OAuth2 / OpenID Connect provider as the gateway talks to it. */
export interface OAuthProvider {
  name: OAuthProviderName;
  settings: OAuthProviderSettings;
  authorizeUrl: string;
  tokenUrl: string;
  /** Google answers profile questions at its user-info endpoint when no ID token comes back. */
  userinfoUrl: string | null;
  defaultScopes: string[];
}

/**
 * Google's and Microsoft's endpoints, or a stand-in's when the provider's URL is set: Google's paths
 * under that base; for Microsoft the URL is the tenant authority, as in GoTrue.
 */
export function oauthProvider(name: OAuthProviderName, settings: OAuthProviderSettings): OAuthProvider {
  if (name === "google") {
    const base = settings.url;
    return {
      name,
      settings,
      authorizeUrl: `${base ?? "https://accounts.google.com"}/o/oauth2/v2/auth`,
      tokenUrl: base ? `${base}/token` : "https://oauth2.googleapis.com/token",
      userinfoUrl: base ? `${base}/userinfo/v2/me` : "https://www.googleapis.com/userinfo/v2/me",
      defaultScopes: ["email", "profile"],
    };
  }
  const authority = settings.url ?? "https://login.microsoftonline.com/common";
  return {
    name,
    settings,
    authorizeUrl: `${authority}/oauth2/v2.0/authorize`,
    tokenUrl: `${authority}/oauth2/v2.0/token`,
    userinfoUrl: null,
    defaultScopes: ["openid"],
  };
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
});

const PROVIDER_TIMEOUT_MS = 10_000;

/** Exchanges the provider's authorization code at its token endpoint (client secret in the body). */
export async function exchangeCode(
  provider: OAuthProvider,
  code: string,
  redirectUri: string,
): Promise<ProviderTokens> {
  const response = await fetch(provider.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: provider.settings.clientId,
      client_secret: provider.settings.secret,
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
  const body = tokenResponseSchema.parse(await response.json());
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    idToken: body.id_token ?? null,
  };
}

/** What auth keeps from the provider: the subject, the address and GoTrue's identity claims. */
export interface ProviderUser {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** GoTrue's identity data (iss, sub, name, picture, email, …), also merged into user_metadata. */
  identityData: JsonObject;
}

const claimsSchema = z.object({
  iss: z.string().optional(),
  sub: z.string().min(1),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  exp: z.number().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  preferred_username: z.string().optional(),
  xms_edov: z.union([z.boolean(), z.string(), z.number()]).optional(),
});

type IdTokenClaims = z.infer<typeof claimsSchema>;

const isTruthyClaim = (value: unknown) => value === true || value === "true" || value === "1" || value === 1;

/**
 * Google states `email_verified`; Microsoft's address counts as verified unless its optional
 * `xms_edov` claim says the domain owner did not verify it (GoTrue's rule).
 */
function isEmailVerified(provider: OAuthProvider, claims: IdTokenClaims): boolean {
  if (provider.name === "google") return isTruthyClaim(claims.email_verified);
  return claims.xms_edov === undefined ? Boolean(claims.email) : isTruthyClaim(claims.xms_edov);
}

const googleUserSchema = z.object({
  id: z.string().min(1),
  email: z.string().optional(),
  verified_email: z.boolean().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

/**
 * Reads the signed-in user. An ID token that came straight from the token endpoint over the
 * provider's own connection is trusted without checking its signature (OpenID Connect Core
 * §3.1.3.7); its audience and expiry are still checked. Without one, Google's user-info endpoint is
 * asked with the access token; Microsoft always sends one.
 */
export async function fetchProviderUser(
  provider: OAuthProvider,
  tokens: ProviderTokens,
): Promise<ProviderUser> {
  if (tokens.idToken) return userFromIdToken(provider, tokens.idToken);
  if (!provider.userinfoUrl) throw new Error(`${provider.name}: no OIDC ID token present in response`);
  const response = await fetch(provider.userinfoUrl, {
    headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`user-info endpoint answered ${response.status}`);
  const profile = googleUserSchema.parse(await response.json());
  const emailVerified = Boolean(profile.verified_email || profile.email_verified);
  return {
    subject: profile.id,
    email: profile.email?.toLowerCase() ?? null,
    emailVerified,
    identityData: withoutEmpty({
      iss: provider.userinfoUrl,
      sub: profile.id,
      name: profile.name,
      picture: profile.picture,
      email: profile.email,
      email_verified: emailVerified,
      phone_verified: false,
      full_name: profile.name,
      avatar_url: profile.picture,
      provider_id: profile.id,
    }),
  };
}

function userFromIdToken(provider: OAuthProvider, idToken: string): ProviderUser {
  const claims = claimsSchema.parse(decodeJwt(idToken));
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(provider.settings.clientId)) throw new Error("ID token is for another client");
  if (claims.exp !== undefined && claims.exp * 1000 < Date.now()) throw new Error("ID token has expired");
  const email = claims.email;
  const emailVerified = isEmailVerified(provider, claims);
  return {
    subject: claims.sub,
    email: email?.toLowerCase() ?? null,
    emailVerified,
    identityData: withoutEmpty({
      iss: claims.iss,
      sub: claims.sub,
      name: claims.name,
      picture: claims.picture,
      email,
      email_verified: emailVerified,
      phone_verified: false,
      full_name: claims.name,
      avatar_url: claims.picture,
      provider_id: claims.sub,
      preferred_username: claims.preferred_username,
    }),
  };
}

function withoutEmpty(object: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== ""),
  );
}

import { z } from "zod";

export type OAuthProviderName = "google" | "azure";

export interface OAuthProviderSettings {
  clientId: string;
  secret: string;
  /** Replaces the provider's hosts, e.g. a local stand-in speaking the same protocol. */
  url?: string;
}

export interface AuthSettings {
  /** Access-token lifetime, seconds. */
  jwtExpiry: number;
  /** E-mail code lifetime, seconds. */
  otpExpiry: number;
  otpLength: number;
  /** Minimum seconds between two mails to one user (GoTrue's SMTP max frequency). */
  emailMaxFrequency: number;
  /** Code checks (`/verify`) one client address may make in five minutes. */
  tokenVerificationsPer5Min: number;
  /** Sign-in and sign-up requests (`/otp`, `/signup`) one client address may make in five minutes. */
  signInsPer5Min: number;
  /**
   * The header a trusted proxy sets to the client's address, keying the limits above; null keys them
   * on the connection's peer address (nothing a client sends).
   */
  rateLimitHeader: string | null;
  /** Mails one address may receive per hour. */
  emailsPerHour: number;
  /** Seconds a rotated refresh token may still be exchanged (concurrent tabs). */
  refreshTokenReuseInterval: number;
  /** Seconds an OAuth flow may take from /authorize to the code exchange. */
  flowStateExpiry: number;
  /** redirect_to patterns accepted besides the site URL (GoTrue's URI allow list). */
  additionalRedirectUrls: string[];
  external: Partial<Record<OAuthProviderName, OAuthProviderSettings>>;
}

const seconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const envSchema = z.object({
  SUPABASE_AUTH_JWT_EXPIRY: z.coerce.number().int().min(30).default(3600),
  SUPABASE_AUTH_EMAIL_OTP_EXPIRY: z.coerce.number().int().min(1).default(3600),
  SUPABASE_AUTH_EMAIL_OTP_LENGTH: z.coerce.number().int().min(6).max(10).default(6),
  SUPABASE_AUTH_EMAIL_MAX_FREQUENCY: seconds(60),
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: z.coerce.number().int().min(1).default(30),
  SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: z.coerce.number().int().min(1).default(30),
  SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: z.coerce.number().int().min(0).default(30),
  SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL: seconds(10),
  SUPABASE_AUTH_RATE_LIMIT_HEADER: z.string().trim().default(""),
  SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: z.string().default(""),
});

/**
 * Reads the auth settings from the environment. The names are the Supabase CLI's config.toml keys
 * (`[auth]`, `[auth.email]`, `[auth.rate_limit]`, `[auth.external.<provider>]`) written as
 * SUPABASE_AUTH_<SECTION>_<KEY>, with the CLI's local defaults:
 *
 *   SUPABASE_AUTH_JWT_EXPIRY                    access-token lifetime in seconds (3600)
 *   SUPABASE_AUTH_EMAIL_OTP_EXPIRY              e-mail code lifetime in seconds (3600)
 *   SUPABASE_AUTH_EMAIL_OTP_LENGTH              digits per code, 6 to 10 (6)
 *   SUPABASE_AUTH_EMAIL_MAX_FREQUENCY           seconds between two mails to one user (60)
 *   SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS code checks per client address per 5 minutes (30)
 *   SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS   sign-ins/sign-ups per client address per 5 minutes (30)
 *   SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT         mails per address per hour (30)
 *   SUPABASE_AUTH_RATE_LIMIT_HEADER             header naming the client's address, set only behind a
 *                                               trusted proxy (GoTrue's GOTRUE_RATE_LIMIT_HEADER);
 *                                               unset: the connection's peer address
 *   SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL  seconds a rotated refresh token still works (10)
 *   SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS      comma-separated redirect_to patterns (`*`, `**` globs)
 *   SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID, SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET
 *   SUPABASE_AUTH_EXTERNAL_GOOGLE_URL           replaces Google's hosts (a local stand-in); optional
 *   SUPABASE_AUTH_EXTERNAL_AZURE_CLIENT_ID, SUPABASE_AUTH_EXTERNAL_AZURE_SECRET
 *   SUPABASE_AUTH_EXTERNAL_AZURE_URL            the tenant authority (default
 *                                               https://login.microsoftonline.com/common); optional
 *
 * A provider is enabled when both its client id and secret are set; its redirect URI at the provider
 * is `<gateway URL>/auth/v1/callback`.
 */
export function authSettingsFromEnv(env: Record<string, string | undefined>): AuthSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid auth settings in the environment: ${z.prettifyError(parsed.error)}`);
  }
  const values = parsed.data;
  return {
    jwtExpiry: values.SUPABASE_AUTH_JWT_EXPIRY,
    otpExpiry: values.SUPABASE_AUTH_EMAIL_OTP_EXPIRY,
    otpLength: values.SUPABASE_AUTH_EMAIL_OTP_LENGTH,
    emailMaxFrequency: values.SUPABASE_AUTH_EMAIL_MAX_FREQUENCY,
    tokenVerificationsPer5Min: values.SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS,
    signInsPer5Min: values.SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS,
    rateLimitHeader: values.SUPABASE_AUTH_RATE_LIMIT_HEADER || null,
    emailsPerHour: values.SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT,
    refreshTokenReuseInterval: values.SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
    flowStateExpiry: 300,
    additionalRedirectUrls: values.SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS.split(",")
      .map((pattern) => pattern.trim())
      .filter(Boolean),
    external: {
      google: providerFromEnv(env, "GOOGLE"),
      azure: providerFromEnv(env, "AZURE"),
    },
  };
}

function providerFromEnv(
  env: Record<string, string | undefined>,
  name: "GOOGLE" | "AZURE",
): OAuthProviderSettings | undefined {
  const clientId = env[`SUPABASE_AUTH_EXTERNAL_${name}_CLIENT_ID`]?.trim();
  const secret = env[`SUPABASE_AUTH_EXTERNAL_${name}_SECRET`]?.trim();
  if (!clientId || !secret) return undefined;
  const url = env[`SUPABASE_AUTH_EXTERNAL_${name}_URL`]?.trim().replace(/\/+$/, "");
  return { clientId, secret, url: url || undefined };
}

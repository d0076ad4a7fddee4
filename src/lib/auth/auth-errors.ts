/** A generic e-mail pattern (docs/product.md §5 shows no stricter rule). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Supabase's default OTP length. */
export const CODE_PATTERN = /^\d{6}$/;
/** Supabase Auth lets one address ask for a new code once a minute. */
export const RESEND_COOLDOWN_SECONDS = 60;

export const INVALID_EMAIL = "Enter a valid e-mail address.";
export const INVALID_CODE = "Enter the 6-digit code from the e-mail.";

interface AuthErrorLike {
  message?: string;
  code?: string;
  status?: number;
  name?: string;
}

/** Turns an Auth error (GoTrue codes) into a sentence that tells the learner what to do. */
export function signInErrorMessage(error: unknown): string {
  const { message = "", code, status, name } = (error ?? {}) as AuthErrorLike;
  if (code === "otp_expired") return "That code is invalid or has expired. Check it, or request a new code.";
  if (code === "otp_disabled") return "There is no account for this e-mail address, and sign-ups are closed.";
  if (code === "email_address_invalid" || code === "validation_failed") return message || INVALID_EMAIL;
  if (status === 429 || code?.startsWith("over_")) {
    return /after \d+ seconds?/.test(message) ? message : "Too many attempts. Wait a minute, then try again.";
  }
  if (name === "AuthRetryableFetchError" || status === 0) {
    return "We could not reach the sign-in service. Check your connection and try again.";
  }
  return message || "Something went wrong. Please try again.";
}

export const OAUTH_PROVIDER_LABELS = { google: "Google", azure: "Microsoft" } as const;
export type OAuthProviderName = keyof typeof OAUTH_PROVIDER_LABELS;

/**
 * An OAuth failure as the learner should read it: when starting (the provider is not switched on) or
 * coming back from the provider (`error`/`error_description` on the return address). Unknown errors
 * get a general sentence rather than the server's text.
 */
export function oauthErrorMessage(error: unknown, provider?: OAuthProviderName): string {
  const { message = "", code, status, name } = (error ?? {}) as AuthErrorLike;
  const via = provider ? `with ${OAUTH_PROVIDER_LABELS[provider]}` : "with that provider";
  if (name === "AuthRetryableFetchError" || status === 0 || error instanceof TypeError) {
    return "We could not reach the sign-in service. Check your connection and try again.";
  }
  if (/provider is not enabled|could not be found/i.test(message) || code === "provider_disabled") {
    return `Signing in ${via} is not available for studymap. Use an e-mail code instead.`;
  }
  if (code === "access_denied" || /access.?denied|cancel/i.test(message)) {
    return `Signing in ${via} was cancelled or refused. Try again, or use an e-mail code.`;
  }
  if (/e-?mail/i.test(message)) {
    return `Your account ${via} did not share an e-mail address, which studymap needs. Use an e-mail code instead.`;
  }
  if (status === 429 || code?.startsWith("over_")) return "Too many attempts. Wait a minute, then try again.";
  return `Signing in ${via} did not work. Try again, or use an e-mail code.`;
}

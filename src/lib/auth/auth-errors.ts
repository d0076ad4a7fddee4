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

import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error as Supabase Auth reports it: HTTP status, a stable error code and a message. */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** OAuth2-style errors (`{error, error_description}`), which GoTrue always answers with 400. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => badRequest("validation_failed", message);

const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION_2024 = "2024-01-01";

/**
 * Renders an auth error in the shape the client asked for: from API version 2024-01-01 (every
 * current auth-js) `{code, message}` with the version echoed, before that `{code: <status>,
 * error_code, msg}`; both carry the `x-sb-error-code` header.
 */
export function renderAuthError(c: Context, error: AuthError): Response {
  c.header("x-sb-error-code", error.code);
  if (requestsErrorCodes(c.req.header(API_VERSION_HEADER))) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: error.code, message: error.message }, error.status);
  }
  return c.json({ code: error.status, error_code: error.code, msg: error.message }, error.status);
}

export function renderOAuthError(c: Context, error: OAuthError): Response {
  return c.json({ error: error.error, error_description: error.description }, 400);
}

function requestsErrorCodes(version: string | undefined): boolean {
  if (!version || !/^\d{4}-\d{2}-\d{2}$/.test(version)) return false;
  const date = Date.parse(`${version}T00:00:00Z`);
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION_2024}T00:00:00Z`);
}

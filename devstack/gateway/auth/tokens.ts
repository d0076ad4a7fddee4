import { randomInt } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import type { GatewayContext } from "../context.ts";
import { AuthError } from "./errors.ts";
import type { UserRow } from "./users.ts";

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** Signs an access token with the claims GoTrue issues (HS256 with the project's JWT secret). */
export async function signAccessToken(
  ctx: GatewayContext,
  lifetimeSeconds: number,
  user: UserRow,
  session: { id: string; aal: string; amr: AmrEntry[] },
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + lifetimeSeconds;
  const token = await new SignJWT({
    aud: user.aud ?? "authenticated",
    exp: expiresAt,
    iat: issuedAt,
    iss: issuer(ctx),
    sub: user.id,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? "authenticated",
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(secretKey(ctx));
  return { token, expiresAt };
}

export interface AccessClaims {
  sub: string;
  sessionId: string | null;
}

/**
 * Verifies a bearer access token as GoTrue's requireAuthentication does, with its error codes and
 * the messages of the Go JWT library it reports.
 */
export async function verifyAccessToken(ctx: GatewayContext, token: string): Promise<AccessClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, secretKey(ctx), { algorithms: ["HS256"] }));
  } catch (error) {
    throw new AuthError(
      403,
      "bad_jwt",
      `invalid JWT: unable to parse or verify signature, ${jwtProblem(error)}`,
    );
  }
  if (typeof payload.sub !== "string" || payload.sub === "") {
    throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
  }
  if (!UUID.test(payload.sub)) {
    throw new AuthError(400, "bad_jwt", "invalid claim: sub claim must be a UUID");
  }
  const sessionId = typeof payload.session_id === "string" ? payload.session_id : "";
  if (sessionId && !UUID.test(sessionId)) {
    throw new AuthError(403, "bad_jwt", "invalid claim: session_id claim must be a UUID");
  }
  return { sub: payload.sub, sessionId: sessionId && sessionId !== NIL_UUID ? sessionId : null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

function jwtProblem(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "token has invalid claims: token is expired";
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return "token signature is invalid: signature is invalid";
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "token is unverifiable: signing method is invalid";
  if (error instanceof errors.JWTClaimValidationFailed) return `token has invalid claims: ${error.message}`;
  return `token is malformed: ${error instanceof Error ? error.message : String(error)}`;
}

export function issuer(ctx: GatewayContext): string {
  return `${ctx.publicUrl}/auth/v1`;
}

function secretKey(ctx: GatewayContext): Uint8Array {
  return new TextEncoder().encode(ctx.keys.jwtSecret);
}

const REFRESH_TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A refresh token in GoTrue's classic form: 12 random lower-case letters and digits. */
export function newRefreshToken(): string {
  return Array.from(
    { length: 12 },
    () => REFRESH_TOKEN_ALPHABET[randomInt(REFRESH_TOKEN_ALPHABET.length)],
  ).join("");
}

/** A numeric one-time code of `length` digits, uniformly random. */
export function newOtp(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join("");
}

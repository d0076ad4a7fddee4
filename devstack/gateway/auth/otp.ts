import { createHash } from "node:crypto";
import type pg from "pg";
import { deliverMail } from "../inbox/index.ts";
import { escapeHtml } from "../inbox/page.ts";
import { AuthError } from "./errors.ts";
import type { SessionIssuer } from "./sessions.ts";
import { newOtp } from "./tokens.ts";
import {
  confirmEmail,
  createUser,
  findUserByEmail,
  type JsonObject,
  mergeUserMetadata,
  type UserRow,
} from "./users.ts";

/** GoTrue's two e-mail code purposes: confirming a new address, and signing in a known one. */
type TokenType = "confirmation_token" | "recovery_token";

const SENT_AT_COLUMN: Record<TokenType, "confirmation_sent_at" | "recovery_sent_at"> = {
  confirmation_token: "confirmation_sent_at",
  recovery_token: "recovery_sent_at",
};

export interface OtpRequest {
  email: string;
  data: JsonObject;
  createUser: boolean;
  pkce: boolean;
  /** Where the mail's link leads (the validated redirect_to, else the site URL). */
  linkTarget: string;
}

export const otpExpiredError = () => new AuthError(403, "otp_expired", "Token has expired or is invalid");
const linkExpiredError = () => new AuthError(403, "otp_expired", "Email link is invalid or has expired");

/**
 * Sends a sign-in code, as GoTrue's /otp does for e-mail: an unknown address becomes a new user
 * (unless create_user is false) and gets a confirmation mail; a confirmed user gets a magic-link mail.
 * Both carry the code and a link in Supabase's token_hash form, limited per user by the resend
 * spacing and per address by the hourly mail limit.
 */
export async function sendOtp(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  request: OtpRequest,
): Promise<void> {
  const user = await userForOtp(client, request);
  const tokenType: TokenType = user.email_confirmed_at ? "recovery_token" : "confirmation_token";
  if (tokenType === "confirmation_token") await mergeUserMetadata(client, user.id, request.data);
  await assertMayMail(issuer, client, user, tokenType);

  const code = newOtp(issuer.settings.otpLength);
  const tokenHash = `${request.pkce ? "pkce_" : ""}${hashOtp(request.email, code)}`;
  await client.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now(),
           updated_at = now()`,
    [user.id, tokenType, tokenHash, request.email],
  );
  await client.query(`update auth.users set ${SENT_AT_COLUMN[tokenType]} = now() where id = $1`, [user.id]);
  await deliverMail(issuer.ctx, client, otpMail(request, tokenType, code, tokenHash));
}

async function userForOtp(client: pg.ClientBase, request: OtpRequest): Promise<UserRow> {
  const existing = await findUserByEmail(client, request.email, { forUpdate: true });
  if (existing) return existing;
  if (!request.createUser) throw new AuthError(422, "otp_disabled", "Signups not allowed for otp");
  const created = await createUser(client, {
    email: request.email,
    provider: "email",
    identityData: { email: request.email, email_verified: false, phone_verified: false },
    userMetadata: request.data,
    emailConfirmed: false,
  });
  const user = created ?? (await findUserByEmail(client, request.email, { forUpdate: true }));
  if (!user) throw new Error(`user ${request.email} vanished while being created`);
  return user;
}

async function assertMayMail(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  user: UserRow,
  tokenType: TokenType,
): Promise<void> {
  const { settings } = issuer;
  const sentAt = user[SENT_AT_COLUMN[tokenType]];
  if (sentAt) {
    const waitMs = sentAt.getTime() + settings.emailMaxFrequency * 1000 - Date.now();
    if (waitMs > 0) {
      throw new AuthError(
        429,
        "over_email_send_rate_limit",
        `For security purposes, you can only request this after ${Math.floor(waitMs / 1000)} seconds.`,
      );
    }
  }
  const { rows } = await client.query<{ sent: number }>(
    `select count(*)::int as sent from auth.local_inbox
      where lower(recipient) = $1 and created_at > now() - interval '1 hour'`,
    [user.email?.toLowerCase()],
  );
  if ((rows[0]?.sent ?? 0) >= settings.emailsPerHour) {
    throw new AuthError(429, "over_email_send_rate_limit", "email rate limit exceeded");
  }
}

function otpMail(request: OtpRequest, tokenType: TokenType, code: string, tokenHash: string) {
  const link = new URL(request.linkTarget);
  link.searchParams.set("token_hash", tokenHash);
  link.searchParams.set("type", "email");
  const isSignup = tokenType === "confirmation_token";
  const subject = isSignup ? "Confirm your email address" : "Your sign-in link";
  const intro = isSignup
    ? "Follow the link below to confirm this email address and finish signing up."
    : "Follow the link below to sign in. This link expires shortly and can only be used once.";
  return {
    to: request.email,
    subject,
    code,
    text: `${intro}\n\n${link.href}\n\nOr enter this code: ${code}\n`,
    html: `<h2>${subject}</h2>\n<p>${intro}</p>\n<p><a href="${escapeHtml(link.href)}">${
      isSignup ? "Confirm email address" : "Sign in"
    }</a></p>\n<p>Or enter this code: <strong>${code}</strong></p>`,
  };
}

/** GoTrue's token hash: hex SHA-224 of the e-mail address followed by the code. */
export function hashOtp(email: string, code: string): string {
  return createHash("sha224")
    .update(email + code)
    .digest("hex");
}

/** The token kinds each verification type may consume (GoTrue's verify types for e-mail). */
const TOKEN_TYPES_BY_VERIFY_TYPE: Record<string, TokenType[]> = {
  email: ["confirmation_token", "recovery_token"],
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  magiclink: ["recovery_token"],
  recovery: ["recovery_token"],
};

interface CandidateToken {
  id: string;
  user_id: string;
  token_hash: string;
  expired: boolean;
}

/**
 * Checks an e-mail plus code. As in GoTrue, a wrong code changes nothing: guessing is limited per
 * client address (throttle.ts), so nobody can void another user's code by guessing wrong.
 */
export async function consumeEmailCode(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  input: { email: string; code: string; type: string },
): Promise<string> {
  const tokenTypes = TOKEN_TYPES_BY_VERIFY_TYPE[input.type];
  const user = tokenTypes ? await findUserByEmail(client, input.email) : null;
  if (!tokenTypes || !user) throw otpExpiredError();
  const candidates = await lockTokens(issuer, client, "t.user_id = $1", user.id, tokenTypes);
  const hash = hashOtp(input.email, input.code);
  const match = candidates.find(
    (token) => !token.expired && (token.token_hash === hash || token.token_hash === `pkce_${hash}`),
  );
  if (!match) throw otpExpiredError();
  return consume(client, match);
}

/** Checks a token hash from a mail link (`verifyOtp({token_hash, type})`). */
export async function consumeTokenHash(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  input: { tokenHash: string; type: string },
): Promise<string> {
  const tokenTypes = TOKEN_TYPES_BY_VERIFY_TYPE[input.type];
  if (!tokenTypes) {
    if (input.type === "email_change") throw linkExpiredError();
    throw new AuthError(400, "validation_failed", "Invalid email verification type");
  }
  const [token] = await lockTokens(issuer, client, "t.token_hash = $1", input.tokenHash, tokenTypes);
  if (!token || token.expired) throw linkExpiredError();
  return consume(client, token);
}

async function lockTokens(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  condition: string,
  value: string,
  tokenTypes: TokenType[],
): Promise<CandidateToken[]> {
  const { rows } = await client.query<CandidateToken>(
    `select t.id, t.user_id, t.token_hash,
            t.created_at <= now() - make_interval(secs => $3) as expired
       from auth.one_time_tokens t
      where ${condition} and t.token_type = any($2::text[])
      order by t.created_at desc
      for update`,
    [value, tokenTypes, issuer.settings.otpExpiry],
  );
  return rows;
}

/** Single use: the code is deleted as it is accepted, and the address counts as verified. */
async function consume(client: pg.ClientBase, token: CandidateToken): Promise<string> {
  await client.query("delete from auth.one_time_tokens where id = $1", [token.id]);
  await confirmEmail(client, token.user_id);
  return token.user_id;
}

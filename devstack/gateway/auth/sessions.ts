import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { GatewayContext } from "../context.ts";
import { CommitThenFail } from "./db.ts";
import { AuthError, badRequest, validationFailed } from "./errors.ts";
import type { AuthSettings } from "./settings.ts";
import { type AmrEntry, newRefreshToken, signAccessToken } from "./tokens.ts";
import { type JsonObject, loadUser, type User, userJson } from "./users.ts";

/** How a session was started; GoTrue's authentication methods as they appear in the `amr` claim. */
export type AuthenticationMethod = "otp" | "oauth";

export interface SessionIssuer {
  ctx: GatewayContext;
  settings: AuthSettings;
}

export interface RequestOrigin {
  userAgent: string | null;
  ip: string | null;
}

/** GoTrue's AccessTokenResponse, which auth-js stores as the session. */
export type SessionResponse = JsonObject & { access_token: string; refresh_token: string; user: JsonObject };

/** Starts a session: the session row, its first refresh token and an access token. */
export async function startSession(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  userId: string,
  method: AuthenticationMethod,
  origin: RequestOrigin,
): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await client.query(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip, created_at, updated_at)
     values ($1, $2, 'aal1', $3, $4, now(), now())`,
    [sessionId, userId, origin.userAgent, origin.ip],
  );
  await client.query(`insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)`, [
    sessionId,
    method,
  ]);
  const refreshToken = await insertRefreshToken(client, userId, sessionId, null);
  return sessionResponse(issuer, client, userId, sessionId, refreshToken);
}

interface RefreshTokenRow {
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  seconds_since_update: number;
  session_exists: boolean;
  session_expired: boolean;
}

/**
 * The refresh-token grant with rotation, as GoTrue does it: a live token is swapped for a new one;
 * the previous token of the live one gets the live one back (its client missed the answer); another
 * revoked token still works within the reuse interval, and after it counts as reuse, which revokes
 * the whole session's token family.
 */
export async function refreshSession(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  presented: string,
): Promise<SessionResponse> {
  if (presented.length < 12 || (presented.length === 12 && !/^[a-z0-9]{12}$/.test(presented))) {
    throw validationFailed("Refresh token is not valid");
  }
  const { rows } = await client.query<RefreshTokenRow>(
    `select t.token, t.user_id, coalesce(t.revoked, false) as revoked, t.parent, t.session_id,
            extract(epoch from now() - t.updated_at)::float8 as seconds_since_update,
            s.id is not null as session_exists,
            coalesce(s.not_after < now(), false) as session_expired
       from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id
      where t.token = $1
      for update of t`,
    [presented],
  );
  const token = rows[0];
  if (!token) throw badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  if (!token.session_exists || !token.session_id) {
    await client.query("delete from auth.refresh_tokens where token = $1", [presented]);
    throw new CommitThenFail(
      badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found"),
    );
  }
  if (token.session_expired) throw badRequest("session_expired", "Invalid Refresh Token: Session Expired");

  const sessionId = token.session_id;
  const issued = token.revoked
    ? await answerRevokedToken(issuer, client, token, sessionId)
    : await swapRefreshToken(client, token, sessionId);
  await client.query("update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1", [
    sessionId,
  ]);
  return sessionResponse(issuer, client, token.user_id, sessionId, issued);
}

async function answerRevokedToken(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  token: RefreshTokenRow,
  sessionId: string,
): Promise<string> {
  const { rows } = await client.query<{ token: string; parent: string | null }>(
    `select token, parent from auth.refresh_tokens
      where session_id = $1 and not coalesce(revoked, false) order by id desc limit 1`,
    [sessionId],
  );
  const active = rows[0];
  if (active && active.parent === token.token) return active.token;
  if (token.seconds_since_update > issuer.settings.refreshTokenReuseInterval) {
    await client.query(
      "update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked",
      [sessionId],
    );
    throw new CommitThenFail(badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used"));
  }
  return swapRefreshToken(client, token, sessionId);
}

async function swapRefreshToken(
  client: pg.ClientBase,
  token: RefreshTokenRow,
  sessionId: string,
): Promise<string> {
  await client.query(
    "update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1 and not coalesce(revoked, false)",
    [token.token],
  );
  return insertRefreshToken(client, token.user_id, sessionId, token.token);
}

async function insertRefreshToken(
  client: pg.ClientBase,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await client.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ($1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

async function sessionResponse(
  issuer: SessionIssuer,
  client: pg.ClientBase,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const user = await requireUser(client, userId);
  const amr = await sessionAmr(client, sessionId);
  const { token, expiresAt } = await signAccessToken(issuer.ctx, issuer.settings.jwtExpiry, user.row, {
    id: sessionId,
    aal: "aal1",
    amr,
  });
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: issuer.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

async function requireUser(client: pg.ClientBase, userId: string): Promise<User> {
  const user = await loadUser(client, userId);
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return user;
}

async function sessionAmr(client: pg.ClientBase, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await client.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from created_at)::bigint::int as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  return rows;
}

export type LogoutScope = "global" | "local" | "others";

/** Ends sessions the way GoTrue's /logout does for each scope. */
export async function endSessions(
  client: pg.ClientBase,
  userId: string,
  sessionId: string | null,
  scope: LogoutScope,
): Promise<void> {
  if (sessionId && scope === "local") {
    await client.query("delete from auth.sessions where id = $1", [sessionId]);
  } else if (sessionId && scope === "others") {
    await client.query("delete from auth.sessions where user_id = $1 and id <> $2", [userId, sessionId]);
  } else {
    await client.query("delete from auth.sessions where user_id = $1", [userId]);
  }
}

export async function sessionExists(client: pg.ClientBase, sessionId: string): Promise<boolean> {
  const { rowCount } = await client.query("select 1 from auth.sessions where id = $1", [sessionId]);
  return (rowCount ?? 0) > 0;
}

import { type Context, Hono } from "hono";
import { z } from "zod";
import type { GatewayContext } from "../context.ts";
import { authTransaction } from "./db.ts";
import {
  AuthError,
  badRequest,
  OAuthError,
  renderAuthError,
  renderOAuthError,
  validationFailed,
} from "./errors.ts";
import { jsonBody, optionalString, requestOrigin } from "./http.ts";
import { exchangeAuthCode, finishOAuthFlow, startOAuthFlow, validatePkceParams } from "./oauth.ts";
import { consumeEmailCode, consumeTokenHash, sendOtp } from "./otp.ts";
import { chooseRedirect } from "./redirects.ts";
import {
  endSessions,
  type LogoutScope,
  refreshSession,
  type SessionIssuer,
  sessionExists,
  startSession,
} from "./sessions.ts";
import { type AuthSettings, authSettingsFromEnv } from "./settings.ts";
import { ClientThrottle } from "./throttle.ts";
import { verifyAccessToken } from "./tokens.ts";
import { isBanned, loadUser, mergeUserMetadata, type User, userJson } from "./users.ts";

/**
 * `/auth/v1`, speaking Supabase Auth (GoTrue) for what auth-js sends: e-mail OTP (send and verify),
 * refresh-token rotation, the current user, logout, settings, and the OAuth authorization-code flow
 * (implicit and PKCE) for Google and Microsoft when they are configured (see ./settings.ts).
 */
export function authService(
  ctx: GatewayContext,
  settings: AuthSettings = authSettingsFromEnv(process.env),
): Hono {
  const issuer: SessionIssuer = { ctx, settings };
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof AuthError) return renderAuthError(c, error);
    if (error instanceof OAuthError) return renderOAuthError(c, error);
    ctx.log(`auth: ${c.req.method} ${c.req.path} failed: ${error.stack ?? error}`);
    return renderAuthError(
      c,
      new AuthError(
        500,
        "unexpected_failure",
        "Unexpected failure, please check server logs for more information",
      ),
    );
  });

  app.get("/health", (c) =>
    c.json({
      version: "local",
      name: "GoTrue",
      description: "GoTrue-compatible auth of the studymap local stack",
    }),
  );
  app.get("/settings", (c) => c.json(publicSettings(settings)));
  const signIns = new ClientThrottle(settings.signInsPer5Min, settings.rateLimitHeader);
  const verifications = new ClientThrottle(settings.tokenVerificationsPer5Min, settings.rateLimitHeader);
  app.post("/otp", (c) => {
    signIns.take(c);
    return handleOtp(issuer, c);
  });
  app.post("/verify", (c) => {
    verifications.take(c);
    return handleVerify(issuer, c);
  });
  app.post("/token", (c) => handleToken(issuer, c));
  app.get("/user", async (c) => c.json(userJson((await authenticate(issuer, c)).user)));
  app.put("/user", (c) => handleUpdateUser(issuer, c));
  app.post("/logout", (c) => handleLogout(issuer, c));
  app.get("/authorize", (c) => handleAuthorize(issuer, c));
  app.get("/callback", (c) => handleCallback(issuer, c, searchParams(c)));
  // Providers using response_mode=form_post send the same parameters as a form.
  app.post("/callback", async (c) =>
    handleCallback(issuer, c, new URLSearchParams(await c.req.text().catch(() => ""))),
  );
  return app;
}

const otpSchema = z.object({
  email: optionalString,
  phone: optionalString,
  data: z.record(z.string(), z.unknown()).nullish(),
  create_user: z.boolean().nullish(),
  channel: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

async function handleOtp(issuer: SessionIssuer, c: Context): Promise<Response> {
  const body = await jsonBody(c, otpSchema);
  if (body.email && body.phone) {
    throw validationFailed("Only an email address or phone number should be provided");
  }
  if (body.email && body.channel) throw validationFailed("Channel should only be specified with Phone OTP");
  const challengeMethod = validatePkceParams(body.code_challenge, body.code_challenge_method);
  if (body.phone) throw badRequest("phone_provider_disabled", "Unsupported phone provider");
  if (!body.email) throw validationFailed("One of email or phone must be set");
  const { ctx, settings } = issuer;
  await authTransaction(ctx.pool, (client) =>
    sendOtp(issuer, client, {
      email: validEmail(body.email),
      data: body.data ?? {},
      createUser: body.create_user ?? true,
      pkce: challengeMethod !== null,
      linkTarget: chooseRedirect(ctx.siteUrl, settings.additionalRedirectUrls, [
        c.req.query("redirect_to"),
        c.req.header("referer"),
      ]),
    }),
  );
  return c.json({});
}

/** GoTrue's validateEmail: required, at most 255 characters, a plausible address; lower-cased. */
function validEmail(email: string, onInvalid = (message: string) => validationFailed(message)): string {
  if (!email) throw onInvalid("An email address is required");
  if (email.length > 255) throw onInvalid("An email address is too long");
  // Control characters (NUL among them) fail GoTrue's format check too.
  if (!/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test(email)) {
    throw onInvalid("Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}

const verifySchema = z.object({
  type: optionalString,
  token: optionalString,
  token_hash: optionalString,
  email: optionalString,
  phone: optionalString,
  redirect_to: optionalString,
});

async function handleVerify(issuer: SessionIssuer, c: Context): Promise<Response> {
  const body = await jsonBody(c, verifySchema);
  if (!body.type) throw validationFailed("Verify requires a verification type");
  if ((body.token === "") === (body.token_hash === "")) {
    throw validationFailed("Verify requires either a token or a token hash");
  }
  if (body.token_hash && (body.email || body.phone || body.redirect_to)) {
    throw validationFailed("Only the token_hash and type should be provided");
  }
  if (body.token && !(body.email && !body.phone)) {
    if (body.phone && !body.email) throw badRequest("phone_provider_disabled", "Unsupported phone provider");
    throw validationFailed("Only an email address or phone number should be provided on verify");
  }
  const email = body.token
    ? validEmail(body.email, () => new AuthError(422, "validation_failed", "Invalid email format"))
    : "";
  const session = await authTransaction(issuer.ctx.pool, async (client) => {
    const userId = body.token
      ? await consumeEmailCode(issuer, client, { email, code: body.token, type: body.type })
      : await consumeTokenHash(issuer, client, { tokenHash: body.token_hash, type: body.type });
    return startSession(issuer, client, userId, "otp", requestOrigin(c));
  });
  return c.json(session);
}

const refreshSchema = z.object({ refresh_token: optionalString });
const pkceSchema = z.object({ auth_code: optionalString, code_verifier: optionalString });

async function handleToken(issuer: SessionIssuer, c: Context): Promise<Response> {
  switch (c.req.query("grant_type")) {
    case "refresh_token": {
      const body = await jsonBody(c, refreshSchema);
      return c.json(
        await authTransaction(issuer.ctx.pool, (client) =>
          refreshSession(issuer, client, body.refresh_token),
        ),
      );
    }
    case "pkce": {
      const body = await jsonBody(c, pkceSchema);
      const input = { authCode: body.auth_code, codeVerifier: body.code_verifier };
      return c.json(await exchangeAuthCode(issuer, input, requestOrigin(c)));
    }
    case "password":
      // Local users sign in by code or OAuth and have no password, as the product's users do.
      throw badRequest("invalid_credentials", "Invalid login credentials");
    default:
      throw badRequest("invalid_credentials", "unsupported_grant_type");
  }
}

interface Authenticated {
  user: User;
  sessionId: string | null;
}

/** GoTrue's requireAuthentication: a valid access token of an existing user and live session. */
async function authenticate(issuer: SessionIssuer, c: Context): Promise<Authenticated> {
  const match = /^[Bb]earer (\S+)$/.exec(c.req.header("authorization") ?? "");
  if (!match?.[1])
    throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const claims = await verifyAccessToken(issuer.ctx, match[1]);
  const client = await issuer.ctx.pool.connect();
  try {
    const user = await loadUser(client, claims.sub);
    if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
    if (claims.sessionId && !(await sessionExists(client, claims.sessionId))) {
      throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    if (isBanned(user.row)) throw new AuthError(403, "user_banned", "User is banned");
    return { user, sessionId: claims.sessionId };
  } finally {
    client.release();
  }
}

const updateUserSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  nonce: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

/** PUT /user: account settings update user_metadata (`data`); credentials are not kept locally. */
async function handleUpdateUser(issuer: SessionIssuer, c: Context): Promise<Response> {
  const { user } = await authenticate(issuer, c);
  const body = await jsonBody(c, updateUserSchema);
  const changesEmail = body.email !== "" && body.email.toLowerCase() !== user.row.email;
  if (changesEmail || body.phone || body.password) {
    throw new AuthError(
      422,
      "validation_failed",
      "The local auth service does not change e-mail addresses, phone numbers or passwords",
    );
  }
  const updated = await authTransaction(issuer.ctx.pool, async (client) => {
    if (body.data) await mergeUserMetadata(client, user.row.id, body.data);
    return loadUser(client, user.row.id);
  });
  if (!updated) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  return c.json(userJson(updated));
}

async function handleLogout(issuer: SessionIssuer, c: Context): Promise<Response> {
  const scope = c.req.query("scope") || "global";
  if (scope !== "global" && scope !== "local" && scope !== "others") {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  const { user, sessionId } = await authenticate(issuer, c);
  await authTransaction(issuer.ctx.pool, (client) =>
    endSessions(client, user.row.id, sessionId, scope as LogoutScope),
  );
  return c.body(null, 204);
}

async function handleAuthorize(issuer: SessionIssuer, c: Context): Promise<Response> {
  // GoTrue's /authorize always redirects; skip_http_redirect only tells auth-js not to navigate.
  const url = await startOAuthFlow(issuer, searchParams(c), c.req.header("referer"));
  return c.redirect(url, 302);
}

async function handleCallback(issuer: SessionIssuer, c: Context, params: URLSearchParams): Promise<Response> {
  const { url, status } = await finishOAuthFlow(issuer, params, requestOrigin(c));
  return c.redirect(url, status);
}

function searchParams(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/** GoTrue's /settings: which sign-in methods this project offers. */
function publicSettings(settings: AuthSettings) {
  const external = Object.fromEntries(
    [
      "anonymous_users",
      "apple",
      "azure",
      "bitbucket",
      "discord",
      "facebook",
      "snapchat",
      "figma",
      "fly",
      "github",
      "gitlab",
      "google",
      "keycloak",
      "kakao",
      "linkedin",
      "linkedin_oidc",
      "notion",
      "spotify",
      "slack",
      "slack_oidc",
      "workos",
      "twitch",
      "twitter",
      "email",
      "phone",
      "zoom",
    ].map((name) => [
      name,
      name === "email" || Boolean(settings.external[name as keyof AuthSettings["external"]]),
    ]),
  );
  return {
    external,
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

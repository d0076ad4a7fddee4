import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type pg from "pg";
import { authTransaction } from "./db.ts";
import { AuthError, badRequest, OAuthError, validationFailed } from "./errors.ts";
import {
  exchangeCode,
  fetchProviderUser,
  isKnownProvider,
  type OAuthProvider,
  oauthProvider,
  type ProviderTokens,
  type ProviderUser,
} from "./providers.ts";
import { chooseRedirect } from "./redirects.ts";
import { type RequestOrigin, type SessionIssuer, type SessionResponse, startSession } from "./sessions.ts";
import type { OAuthProviderName } from "./settings.ts";
import {
  confirmEmail,
  createUser,
  findUserByEmail,
  insertIdentity,
  mergeUserMetadata,
  recordSignIn,
} from "./users.ts";

/** Query parameters of /authorize that belong to auth itself and are not passed on to the provider. */
const OWN_PARAMS = new Set(["provider", "scopes", "redirect_to", "skip_http_redirect", "invite_token"]);
const RESERVED_OAUTH_PARAMS = new Set([
  "client_id",
  "client_secret",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
  "code_verifier",
]);

/** Validates `code_challenge`/`code_challenge_method` as GoTrue does (RFC 7636 §4.2). */
export function validatePkceParams(challenge: string, method: string): "s256" | "plain" | null {
  if ((challenge === "") !== (method === "")) {
    throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  }
  if (challenge === "") return null;
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw validationFailed(
      "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
    );
  }
  const normalized = method.toLowerCase();
  if (normalized !== "s256" && normalized !== "plain")
    throw validationFailed("Invalid code_challenge_method");
  return normalized;
}

export function callbackUrl(issuer: SessionIssuer): string {
  return `${issuer.ctx.publicUrl}/auth/v1/callback`;
}

function configuredProvider(issuer: SessionIssuer, name: string): OAuthProvider {
  if (!isKnownProvider(name))
    throw validationFailed(`Unsupported provider: Provider ${name} could not be found`);
  const settings = issuer.settings.external[name as OAuthProviderName];
  if (!settings) throw validationFailed("Unsupported provider: provider is not enabled");
  return oauthProvider(name as OAuthProviderName, settings);
}

/**
 * `/authorize`: records the flow (its id is the OAuth `state`) and answers the provider's
 * authorization URL, which the browser is sent to.
 */
export async function startOAuthFlow(
  issuer: SessionIssuer,
  query: URLSearchParams,
  referer: string | undefined,
): Promise<string> {
  const provider = configuredProvider(issuer, (query.get("provider") ?? "").toLowerCase());
  const challenge = query.get("code_challenge") ?? "";
  const challengeMethod = validatePkceParams(challenge, query.get("code_challenge_method") ?? "");
  const { ctx, settings } = issuer;
  const redirect = chooseRedirect(ctx.siteUrl, settings.additionalRedirectUrls, [
    query.get("redirect_to"),
    referer,
  ]);
  const flowId = randomUUID();
  await ctx.pool.query(
    `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type,
                                  authentication_method, referrer)
     values ($1, $2, $3, $4, $5, 'oauth', $6)`,
    [flowId, randomUUID(), challengeMethod, challengeMethod ? challenge : null, provider.name, redirect],
  );

  const requestedScopes = (query.get("scopes") ?? "").split(",").filter((scope) => scope.trim());
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set("client_id", provider.settings.clientId);
  url.searchParams.set("redirect_uri", callbackUrl(issuer));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", [...provider.defaultScopes, ...requestedScopes].join(" "));
  url.searchParams.set("state", flowId);
  for (const [key, value] of query) {
    if (!OWN_PARAMS.has(key) && !RESERVED_OAUTH_PARAMS.has(key.toLowerCase()))
      url.searchParams.set(key, value);
  }
  return url.href;
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: "s256" | "plain" | null;
  code_challenge: string | null;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  referrer: string | null;
  expired: boolean;
}

const FLOW_COLUMNS = `id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
  provider_access_token, provider_refresh_token, authentication_method, referrer,
  coalesce(case when authentication_method = 'magiclink' then auth_code_issued_at end, created_at)
    <= now() - make_interval(secs => $2) as expired`;

/** A failure on the way back from the provider, sent to the browser as GoTrue does (a redirect). */
class CallbackFailure extends Error {
  constructor(
    readonly target: string,
    readonly cause: AuthError | OAuthError,
    readonly stateRejected: boolean,
  ) {
    super(cause.message);
  }
}

/**
 * `/callback`: the provider sends the browser back with a code. The flow's state is checked, the
 * code exchanged, the user found, linked or created, then the browser returns to the app with an
 * auth code (PKCE) or the session in the URL fragment (implicit flow). Every failure is a redirect
 * with `error`, `error_code` and `error_description`.
 */
export async function finishOAuthFlow(
  issuer: SessionIssuer,
  params: URLSearchParams,
  origin: RequestOrigin,
): Promise<{ url: string; status: 302 | 303 }> {
  try {
    const flow = await loadFlowForCallback(issuer, params.get("state"));
    const target = flow.referrer ?? issuer.ctx.siteUrl;
    try {
      return { url: await completeFlow(issuer, flow, params, origin, target), status: 302 };
    } catch (error) {
      if (error instanceof AuthError || error instanceof OAuthError)
        throw new CallbackFailure(target, error, false);
      throw error;
    }
  } catch (error) {
    if (error instanceof CallbackFailure) return errorRedirect(error);
    throw error;
  }
}

async function loadFlowForCallback(issuer: SessionIssuer, state: string | null): Promise<FlowStateRow> {
  const fail = (code: string, message: string) =>
    new CallbackFailure(issuer.ctx.siteUrl, badRequest(code, message), true);
  if (!state) throw fail("bad_oauth_callback", "OAuth state parameter missing");
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(state)) {
    throw fail("bad_oauth_state", "OAuth state parameter is invalid");
  }
  const { rows } = await issuer.ctx.pool.query<FlowStateRow>(
    `select ${FLOW_COLUMNS} from auth.flow_state where id = $1`,
    [state, issuer.settings.flowStateExpiry],
  );
  const flow = rows[0];
  if (!flow) throw fail("bad_oauth_state", "OAuth state not found or expired");
  if (flow.expired) throw fail("bad_oauth_state", "OAuth state has expired");
  if (flow.code_challenge && flow.user_id)
    throw fail("flow_state_already_used", "State has already been used");
  return flow;
}

async function completeFlow(
  issuer: SessionIssuer,
  flow: FlowStateRow,
  params: URLSearchParams,
  origin: RequestOrigin,
  target: string,
): Promise<string> {
  const providerError = params.get("error");
  if (providerError) throw new OAuthError(providerError, params.get("error_description") ?? "");
  const code = params.get("code");
  if (!code) throw badRequest("bad_oauth_callback", "OAuth callback with missing authorization code missing");
  const provider = providerForCallback(issuer, flow.provider_type);
  const { tokens, profile } = await askProvider(issuer, provider, code);
  if (!profile.email)
    throw new AuthError(500, "unexpected_failure", "Error getting user email from external provider");

  return authTransaction(issuer.ctx.pool, async (client) => {
    const userId = await resolveOAuthUser(client, provider.name, profile);
    if (flow.code_challenge) {
      const { rowCount } = await client.query(
        `update auth.flow_state
            set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
                auth_code_issued_at = now(), updated_at = now()
          where id = $1 and user_id is null`,
        [flow.id, userId, tokens.accessToken, tokens.refreshToken],
      );
      if (rowCount !== 1) throw badRequest("flow_state_already_used", "State has already been used");
      const url = new URL(target);
      url.searchParams.set("code", flow.auth_code);
      return url.href;
    }
    const session = await startSession(issuer, client, userId, "oauth", origin);
    await client.query("delete from auth.flow_state where id = $1", [flow.id]);
    return implicitRedirect(target, session, tokens);
  });
}

function providerForCallback(issuer: SessionIssuer, name: string): OAuthProvider {
  try {
    return configuredProvider(issuer, name);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    throw badRequest("oauth_provider_not_supported", error.message);
  }
}

async function askProvider(
  issuer: SessionIssuer,
  provider: OAuthProvider,
  code: string,
): Promise<{ tokens: ProviderTokens; profile: ProviderUser }> {
  let tokens: ProviderTokens;
  try {
    tokens = await exchangeCode(provider, code, callbackUrl(issuer));
  } catch (error) {
    issuer.ctx.log(`auth: ${provider.name} code exchange failed: ${String(error)}`);
    throw new AuthError(500, "unexpected_failure", `Unable to exchange external code: ${code.slice(0, 4)}`);
  }
  try {
    return { tokens, profile: await fetchProviderUser(provider, tokens) };
  } catch (error) {
    issuer.ctx.log(`auth: ${provider.name} user lookup failed: ${String(error)}`);
    throw new AuthError(500, "unexpected_failure", "Error getting user profile from external provider");
  }
}

/**
 * Finds the account for a provider identity as GoTrue's automatic linking does: the same identity
 * signs in its user; a verified address joins the user who owns it; otherwise a new user is made.
 */
async function resolveOAuthUser(
  client: pg.ClientBase,
  provider: string,
  profile: ProviderUser,
): Promise<string> {
  const unverified = () =>
    new AuthError(
      422,
      "provider_email_needs_verification",
      `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`,
    );
  const { rows } = await client.query<{ user_id: string; confirmed: boolean }>(
    `update auth.identities i set identity_data = $3, last_sign_in_at = now(), updated_at = now()
       from auth.users u
      where i.provider = $1 and i.provider_id = $2 and u.id = i.user_id
      returning i.user_id, u.email_confirmed_at is not null as confirmed`,
    [provider, profile.subject, profile.identityData],
  );
  let userId = rows[0]?.user_id;
  if (userId && !rows[0]?.confirmed && !profile.emailVerified) throw unverified();
  if (!userId) {
    if (!profile.emailVerified) throw unverified();
    userId = await linkOrCreateUser(client, provider, profile);
  }
  await mergeUserMetadata(client, userId, profile.identityData);
  if (profile.emailVerified) await confirmEmail(client, userId);
  await recordSignIn(client, userId);
  return userId;
}

async function linkOrCreateUser(
  client: pg.ClientBase,
  provider: string,
  profile: ProviderUser,
): Promise<string> {
  const email = profile.email ?? "";
  const existing = await findUserByEmail(client, email, { forUpdate: true });
  if (existing) {
    await insertIdentity(client, existing.id, provider, profile.subject, profile.identityData);
    return existing.id;
  }
  const created = await createUser(client, {
    email,
    provider,
    providerId: profile.subject,
    identityData: profile.identityData,
    userMetadata: {},
    emailConfirmed: true,
  });
  if (created) return created.id;
  return linkOrCreateUser(client, provider, profile);
}

function implicitRedirect(target: string, session: SessionResponse, tokens: ProviderTokens): string {
  const fragment = new URLSearchParams();
  const values: Record<string, string | null> = {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    provider_refresh_token: tokens.refreshToken,
    provider_token: tokens.accessToken,
    refresh_token: session.refresh_token,
    sb: "",
    token_type: "bearer",
  };
  for (const [key, value] of Object.entries(values)) if (value !== null) fragment.set(key, value);
  return `${target.split("#")[0]}#${fragment}`;
}

const OAUTH_ERROR_BY_STATUS: Partial<Record<number, string>> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

/** Like GoTrue: a bad state goes back to the site URL (303), any later failure to the app (302). */
function errorRedirect(failure: CallbackFailure): { url: string; status: 302 | 303 } {
  const { cause } = failure;
  const details = new URLSearchParams();
  if (cause instanceof OAuthError) {
    details.set("error", cause.error);
    details.set("error_description", cause.description);
  } else {
    const accessDenied = cause.code === "provider_email_needs_verification" || cause.code === "user_banned";
    details.set(
      "error",
      accessDenied ? "access_denied" : (OAUTH_ERROR_BY_STATUS[cause.status] ?? "server_error"),
    );
    details.set("error_code", cause.code);
    details.set("error_description", cause.message);
  }
  const url = new URL(failure.target);
  for (const [key, value] of details) url.searchParams.set(key, value);
  if (failure.stateRejected) return { url: url.href, status: 303 };
  details.set("sb", "");
  url.hash = details.toString();
  return { url: url.href, status: 302 };
}

/** `/token?grant_type=pkce`: trades the auth code and the verifier of its challenge for a session. */
export async function exchangeAuthCode(
  issuer: SessionIssuer,
  input: { authCode: string; codeVerifier: string },
  origin: RequestOrigin,
): Promise<SessionResponse> {
  if (!input.authCode || !input.codeVerifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  return authTransaction(issuer.ctx.pool, async (client) => {
    const { rows } = await client.query<FlowStateRow>(
      `select ${FLOW_COLUMNS} from auth.flow_state where auth_code = $1 for update`,
      [input.authCode, issuer.settings.flowStateExpiry],
    );
    const flow = rows[0];
    if (!flow?.user_id) {
      throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    }
    if (flow.expired)
      throw new AuthError(422, "flow_state_expired", "invalid flow state, flow state has expired");
    if (!flow.code_challenge || !flow.code_challenge_method) {
      throw badRequest("bad_code_verifier", "PKCE verification not applicable for implicit flow");
    }
    if (!verifierMatches(flow.code_challenge, flow.code_challenge_method, input.codeVerifier)) {
      throw badRequest("bad_code_verifier", "code challenge does not match previously saved code verifier");
    }
    const method = flow.authentication_method === "oauth" ? "oauth" : "otp";
    const session = await startSession(issuer, client, flow.user_id, method, origin);
    await client.query("delete from auth.flow_state where id = $1", [flow.id]);
    return {
      ...session,
      ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
      ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
    };
  });
}

function verifierMatches(challenge: string, method: "s256" | "plain", verifier: string): boolean {
  const expected = method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  const given = Buffer.from(expected);
  const stored = Buffer.from(challenge);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

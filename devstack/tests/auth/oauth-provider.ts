import { randomUUID } from "node:crypto";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { SignJWT } from "jose";
import { freePort } from "../../postgres.ts";

export interface ProviderAccount {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

interface IssuedCode {
  account: ProviderAccount;
  redirectUri: string;
  clientId: string;
  withIdToken: boolean;
}

/**
 * A local stand-in for Google's and Microsoft's OAuth 2.0 servers, speaking the same protocol:
 * an authorization endpoint that redirects back with a code (the "user" is whoever the test says
 * is signed in), a token endpoint that checks the client's credentials, the code and the redirect
 * URI, Google's user-info endpoint, and Microsoft's ID token.
 */
export class StandInProvider {
  url = "";
  readonly clientId = `client-${randomUUID()}`;
  readonly secret = `secret-${randomUUID()}`;
  /** Who is signed in at the provider; null makes the provider answer `access_denied`. */
  account: ProviderAccount | null = null;
  readonly authorizeRequests: URLSearchParams[] = [];
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, ProviderAccount>();
  private server: ServerType | null = null;

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    const app = new Hono();
    app.get("/o/oauth2/v2/auth", (c) => this.authorize(new URL(c.req.url).searchParams, false));
    app.get("/tenant/oauth2/v2.0/authorize", (c) => this.authorize(new URL(c.req.url).searchParams, true));
    app.post("/token", async (c) => this.token(new URLSearchParams(await c.req.text())));
    app.post("/tenant/oauth2/v2.0/token", async (c) => this.token(new URLSearchParams(await c.req.text())));
    app.get("/userinfo/v2/me", (c) => {
      const account = this.accessTokens.get((c.req.header("authorization") ?? "").replace(/^Bearer /, ""));
      if (!account) return c.json({ error: { code: 401, message: "Invalid Credentials" } }, 401);
      return c.json({
        id: account.subject,
        email: account.email,
        verified_email: account.emailVerified,
        name: account.name,
        picture: `https://example.com/${account.subject}.png`,
      });
    });
    this.server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(started));
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private authorize(params: URLSearchParams, withIdToken: boolean): Response {
    this.authorizeRequests.push(params);
    const redirectUri = params.get("redirect_uri") ?? "";
    const back = new URL(redirectUri);
    back.searchParams.set("state", params.get("state") ?? "");
    if (!this.account || params.get("client_id") !== this.clientId) {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user denied access");
    } else {
      const code = randomUUID();
      this.codes.set(code, { account: this.account, redirectUri, clientId: this.clientId, withIdToken });
      back.searchParams.set("code", code);
    }
    return Response.redirect(back.href, 302);
  }

  private async token(form: URLSearchParams): Promise<Response> {
    const issued = this.codes.get(form.get("code") ?? "");
    const valid =
      issued &&
      form.get("grant_type") === "authorization_code" &&
      form.get("client_id") === issued.clientId &&
      form.get("client_secret") === this.secret &&
      form.get("redirect_uri") === issued.redirectUri;
    if (!issued || !valid) return Response.json({ error: "invalid_grant" }, { status: 400 });
    this.codes.delete(form.get("code") ?? "");
    const accessToken = randomUUID();
    this.accessTokens.set(accessToken, issued.account);
    return Response.json({
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3599,
      refresh_token: `refresh-${randomUUID()}`,
      ...(issued.withIdToken ? { id_token: await this.idToken(issued.account) } : {}),
    });
  }

  private idToken(account: ProviderAccount): Promise<string> {
    return new SignJWT({ email: account.email, name: account.name, preferred_username: account.email })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(`${this.url}/tenant/v2.0`)
      .setSubject(account.subject)
      .setAudience(this.clientId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(this.secret));
  }
}

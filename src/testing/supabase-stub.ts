import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/**
 * A stand-in for the Supabase HTTP APIs in component tests: the real supabase-js client, whose
 * requests are answered by handlers speaking the same wire format (the real services run in e2e).
 */
export const STUB_URL = "http://stub.test";
export const STUB_ANON_KEY = "stub-anon-key";

export interface StubRequest {
  method: string;
  /** Path below the project URL, e.g. `/rest/v1/topics`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type StubHandler = (request: StubRequest) => StubResponse | Promise<StubResponse>;

export interface SupabaseStub {
  client: SupabaseClient;
  /** Every request, in order. */
  requests: StubRequest[];
  /** Answers `METHOD /path` (exact path) until replaced; unmatched requests get 404. */
  on(route: string, handler: StubHandler | StubResponse): void;
  /** The requests sent to `METHOD /path`. */
  calls(route: string): StubRequest[];
}

export function createSupabaseStub(): SupabaseStub {
  const handlers = new Map<string, StubHandler>();
  const requests: StubRequest[] = [];
  const storage = new Map<string, string>();

  const stubFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    const entry: StubRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: parseBody(text),
    };
    requests.push(entry);
    const handler = handlers.get(`${entry.method} ${entry.path}`);
    const answer = handler
      ? await handler(entry)
      : { status: 404, body: { message: `No stub for ${entry.method} ${entry.path}` } };
    const status = answer.status ?? 200;
    const noBody = status === 204 || answer.body === undefined;
    return new Response(noBody ? null : JSON.stringify(answer.body), {
      status,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  };

  const client = createClient(STUB_URL, STUB_ANON_KEY, {
    global: { fetch: stubFetch },
    auth: {
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: "pkce",
      // Each stub is its own "browser": a shared key would let clients of other tests hear its events.
      storageKey: `sb-stub-${crypto.randomUUID()}`,
    },
  });

  return {
    client,
    requests,
    on(route, handler) {
      handlers.set(route, typeof handler === "function" ? handler : () => handler);
    },
    calls: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
  };
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

/** An access token with Supabase's claims (unsigned; the stub does not verify it). */
export function fakeAccessToken(userId: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: userId,
    email,
    role: "authenticated",
    aud: "authenticated",
    iat: now,
    exp: now + 3600,
  };
  return `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

/** A GoTrue user object. */
export function authUser(userId: string, email: string) {
  return {
    id: userId,
    aud: "authenticated",
    role: "authenticated",
    email,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: {},
    created_at: "2026-01-01T00:00:00Z",
  };
}

/** A GoTrue session response, as /verify and /token return it. */
export function sessionBody(userId: string, email: string) {
  return {
    access_token: fakeAccessToken(userId, email),
    token_type: "bearer",
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: "refresh-token",
    user: authUser(userId, email),
  };
}

/** Stores a session in the stub client's storage, as a previous sign-in would have. */
export async function seedSession(stub: SupabaseStub, userId: string, email: string): Promise<void> {
  const session = sessionBody(userId, email);
  stub.on("GET /auth/v1/user", { body: authUser(userId, email) });
  const { error } = await stub.client.auth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  });
  if (error) throw error;
}

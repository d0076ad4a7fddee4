import { isUuid } from "@/domain/ids";
import { OUTLINE_RPC } from "@/lib/outline-request";
import { TOPIC_COLUMNS } from "@/lib/topics/topic-query";

/**
 * The first page's reads, sent by index.html's first script (src/early.ts) while the app's JavaScript is
 * still downloading, and handed to supabase-js when it makes the same request (docs/performance.md).
 *
 * Only a request identical to the one supabase-js builds is used: same method, address, body, token and
 * headers (all but X-Client-Info), each answer once and only within `EARLY_READ_FRESH_MS`. A request
 * that differs (a refreshed token, a changed query, a supabase-js upgrade) simply goes out as usual,
 * so this can cost a wasted read, never a wrong answer; `early-reads.test.ts` checks that the two builds
 * still agree. Postgres checks every read against the token, as for any request.
 */

/**
 * An answer older than this is not used; supabase-js asks again. Nothing in the app can have written
 * before it has loaded, so this only has to cover a slow phone downloading and running the app.
 */
export const EARLY_READ_FRESH_MS = 30_000;

/** A session about to expire is refreshed by supabase-js first, with a new token: not worth a read. */
const EXPIRY_MARGIN_MS = 60_000;

interface EarlyRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
}

interface ApiConfig {
  url: string;
  anonKey: string;
}

/**
 * The pages whose data index.html asks for: the topic overview and the micro-learning overview, which
 * both show the topic and its outline (the overview's hub links read the course from it).
 */
const TOPIC_PAGE = /^\/studymap\/topics\/([^/]+)\/(?:overview|microlearning)\/?$/;

/** The requests supabase-js makes for the first page at `pathname` (none for other pages). */
export function earlyRequestsFor(pathname: string, api: string): EarlyRequest[] {
  const [, topicId = ""] = pathname.match(TOPIC_PAGE) ?? [];
  if (!isUuid(topicId)) return [];
  const topic = new URL(`${api}/rest/v1/topics`);
  // postgrest-js drops the whitespace of a select list (these columns have no quoted names).
  topic.searchParams.set("select", TOPIC_COLUMNS.replace(/\s/g, ""));
  topic.searchParams.append("id", `eq.${topicId}`);
  return [
    { method: "GET", url: topic.toString(), headers: { "accept-profile": "public" } },
    {
      method: "POST",
      url: `${api}/rest/v1/rpc/${OUTLINE_RPC}`,
      headers: { "content-profile": "public", "content-type": "application/json" },
      body: JSON.stringify({ p_topic_id: topicId }),
    },
  ];
}

/** supabase-js's stored session (its storage key is derived from the API's host name). */
function storedAccessToken(api: string, storage: Pick<Storage, "getItem">, now: number): string | null {
  const key = `sb-${new URL(api).hostname.split(".")[0]}-auth-token`;
  try {
    const session = JSON.parse(storage.getItem(key) ?? "null") as {
      access_token?: unknown;
      expires_at?: unknown;
    } | null;
    const token = session?.access_token;
    const expiresAt = session?.expires_at;
    if (typeof token !== "string" || typeof expiresAt !== "number") return null;
    return expiresAt * 1000 - now > EXPIRY_MARGIN_MS ? token : null;
  } catch {
    return null; // not JSON: supabase-js will say so itself
  }
}

interface Sent {
  at: number;
  response: Promise<Response>;
}

/** One store per page, whichever script's copy of this module runs first. */
function sent(): Map<string, Sent> {
  const slot = Symbol.for("studymap.early-reads");
  const global = globalThis as typeof globalThis & { [key: symbol]: Map<string, Sent> | undefined };
  global[slot] ??= new Map();
  return global[slot];
}

function keyOf(method: string, url: string, headers: Headers, body: string | undefined): string {
  const relevant = [...headers.entries()].filter(([name]) => name !== "x-client-info").sort();
  return JSON.stringify([method.toUpperCase(), url, body ?? null, relevant]);
}

/** Sends the first page's reads with the stored session's token, if there is a fresh one. */
export function sendEarlyReads(
  api: ApiConfig,
  pathname: string,
  storage: Pick<Storage, "getItem">,
  now = Date.now(),
): void {
  const requests = earlyRequestsFor(pathname, api.url);
  if (requests.length === 0) return;
  const token = storedAccessToken(api.url, storage, now);
  if (!token) return;
  for (const { method, url, headers: own, body } of requests) {
    const headers = new Headers({ ...own, apikey: api.anonKey, authorization: `Bearer ${token}` });
    const response = fetch(url, { method, headers, body });
    // A failure is supabase-js's to meet when it asks; none is left unhandled meanwhile.
    response.catch(() => {});
    sent().set(keyOf(method, url, headers, body), { at: now, response });
  }
}

/**
 * supabase-js's fetch (src/lib/supabase.ts): an identical early read's answer, taken once while fresh,
 * or the request itself. An early read that failed is asked again.
 */
export const fetchWithEarlyReads: typeof fetch = (input, init) => {
  const request = typeof input === "string" || input instanceof URL ? null : input;
  const url = request?.url ?? String(input);
  const body = typeof init?.body === "string" ? init.body : undefined;
  const key = keyOf(init?.method ?? request?.method ?? "GET", url, new Headers(init?.headers), body);
  const early = sent().get(key);
  sent().delete(key);
  if (!early || Date.now() - early.at > EARLY_READ_FRESH_MS) return fetch(input, init);
  return early.response.catch(() => fetch(input, init));
};

/** For tests: forgets every early read. */
export function clearEarlyReads(): void {
  sent().clear();
}

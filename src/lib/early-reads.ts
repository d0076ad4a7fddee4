import { type Membership, resolveActiveMembershipId } from "@/domain/access";
import { isUuid } from "@/domain/ids";
import { PAGE_SIZE } from "@/domain/pagination";
import { MEMBERSHIP_CACHE_KEY_PREFIX, MEMBERSHIP_CHOICE_KEY_PREFIX } from "@/lib/auth/stored-keys";
import { COLLECTION_SUMMARY_COLUMNS } from "@/lib/collections/api";
import { FAVORITE_ID_COLUMNS } from "@/lib/favorites/api";
import { OUTLINE_RPC } from "@/lib/outline-request";
import { SUBSCRIBED_TOPIC_COLUMNS } from "@/lib/subscriptions/api";
import { SUBJECT_COLUMNS, TOPIC_CARD_COLUMNS, TOPIC_COLUMNS } from "@/lib/topics/topic-query";

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

/** The stored session's user, as index.html's first script finds it. */
interface StoredUser {
  userId: string;
  /** The organisation the app will open, from the memberships and choice of the last visit. */
  entityId: string | null;
}

/** postgrest-js drops the whitespace of a select list (these columns have no quoted names). */
const selectList = (columns: string) => columns.replace(/\s/g, "");

function restRead(
  api: string,
  table: string,
  params: Array<[string, string]>,
  prefer?: string,
): EarlyRequest {
  const url = new URL(`${api}/rest/v1/${table}`);
  for (const [name, value] of params) url.searchParams.append(name, value);
  const headers: Record<string, string> = { "accept-profile": "public" };
  if (prefer) headers.prefer = prefer;
  return { method: "GET", url: url.toString(), headers };
}

/**
 * The topic overview and the micro-learning overview both show the topic and its outline (the overview's
 * hub links read the course from it).
 */
const TOPIC_PAGE = /^\/studymap\/topics\/([^/]+)\/(?:overview|microlearning)\/?$/;

function topicPageReads(api: string, topicId: string): EarlyRequest[] {
  return [
    restRead(api, "topics", [
      ["select", selectList(TOPIC_COLUMNS)],
      ["id", `eq.${topicId}`],
    ]),
    {
      method: "POST",
      url: `${api}/rest/v1/rpc/${OUTLINE_RPC}`,
      headers: { "content-profile": "public", "content-type": "application/json" },
      body: JSON.stringify({ p_topic_id: topicId }),
    },
  ];
}

/**
 * The dashboard's first page without filters: the collections, subjects and first topics of the
 * organisation, and the user's subscriptions and favourites (the cards' stars).
 */
function dashboardReads(api: string, { userId, entityId }: StoredUser): EarlyRequest[] {
  const byUser: [string, string] = ["user_id", `eq.${userId}`];
  const ofEntity: [string, string] = ["entity_id", `eq.${entityId}`];
  const forEntity = entityId
    ? [
        restRead(api, "modules", [
          ["select", selectList(COLLECTION_SUMMARY_COLUMNS)],
          ofEntity,
          ["order", "title.asc"],
        ]),
        restRead(
          api,
          "topics",
          [
            ["select", selectList(TOPIC_CARD_COLUMNS)],
            ofEntity,
            ["order", "updated_at.desc"],
            ["offset", "0"],
            ["limit", String(PAGE_SIZE)],
          ],
          "count=exact",
        ),
      ]
    : [];
  return [
    ...forEntity,
    restRead(api, "subjects", [
      ["select", selectList(SUBJECT_COLUMNS)],
      ["order", "title.asc"],
    ]),
    restRead(api, "topic_subscriptions", [
      ["select", selectList(SUBSCRIBED_TOPIC_COLUMNS)],
      byUser,
      ["order", "created_at.desc"],
    ]),
    restRead(api, "favorites", [["select", FAVORITE_ID_COLUMNS], byUser]),
  ];
}

/** The requests supabase-js makes for the first page at `path` (pathname and search; none for most pages). */
export function earlyRequestsFor(path: string, api: string, user: StoredUser): EarlyRequest[] {
  if (path === "/studymap") return dashboardReads(api, user);
  const [, topicId = ""] = path.match(TOPIC_PAGE) ?? [];
  return isUuid(topicId) ? topicPageReads(api, topicId) : [];
}

/** supabase-js's stored session (its storage key is derived from the API's host name). */
function storedSession(
  api: string,
  storage: Pick<Storage, "getItem">,
  now: number,
): { token: string; userId: string } | null {
  const key = `sb-${new URL(api).hostname.split(".")[0]}-auth-token`;
  try {
    const session = JSON.parse(storage.getItem(key) ?? "null") as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown };
    } | null;
    const token = session?.access_token;
    const expiresAt = session?.expires_at;
    const userId = session?.user?.id;
    if (typeof token !== "string" || typeof expiresAt !== "number" || typeof userId !== "string") return null;
    return expiresAt * 1000 - now > EXPIRY_MARGIN_MS ? { token, userId } : null;
  } catch {
    return null; // not JSON: supabase-js will say so itself
  }
}

/** The entity of the membership the app will open (AuthStore: the stored choice among the stored memberships). */
function storedEntityId(storage: Pick<Storage, "getItem">, userId: string): string | null {
  try {
    const memberships = JSON.parse(
      storage.getItem(MEMBERSHIP_CACHE_KEY_PREFIX + userId) ?? "[]",
    ) as Membership[];
    if (!Array.isArray(memberships)) return null;
    const active = resolveActiveMembershipId(
      memberships,
      storage.getItem(MEMBERSHIP_CHOICE_KEY_PREFIX + userId),
    );
    const entityId = memberships.find((membership) => membership.membershipId === active)?.entityId;
    return isUuid(entityId) ? entityId : null;
  } catch {
    return null; // the app reads the memberships itself
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
  path: string,
  storage: Pick<Storage, "getItem">,
  now = Date.now(),
): void {
  const session = storedSession(api.url, storage, now);
  if (!session) return;
  const { token, userId } = session;
  const requests = earlyRequestsFor(path, api.url, { userId, entityId: storedEntityId(storage, userId) });
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

import { createClient } from "@supabase/supabase-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchCollections } from "@/lib/collections/api";
import type { StudymapClient } from "@/lib/database";
import { fetchFavoriteIds } from "@/lib/favorites/api";
import { fetchOutline } from "@/lib/outline";
import { fetchSubscribedTopics } from "@/lib/subscriptions/api";
import { fetchSubjects, fetchTopic, fetchTopicPage } from "@/lib/topics/api";
import { clearEarlyReads, EARLY_READ_FRESH_MS, fetchWithEarlyReads, sendEarlyReads } from "./early-reads";

const API = { url: "http://127.0.0.1:54321", anonKey: "anon-key" };
const TOPIC_ID = "55555555-5555-4555-8555-555555555555";
const TOKEN = "stored-access-token";
const OUTLINE = { course: null, chapters: [] };
const USER_ID = "11111111-1111-4111-8111-111111111111";
const ENTITY_ID = "22222222-2222-4222-8222-222222222222";
const OTHER_ENTITY_ID = "33333333-3333-4333-8333-333333333333";

afterEach(() => {
  clearEarlyReads();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The network: answers the topic and the outline, and records every request. */
function network() {
  const send = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(new Request(input, init).url);
    const body = pathname.endsWith("/get_microlearning_outline")
      ? OUTLINE
      : pathname.endsWith("/topics")
        ? [{ id: TOPIC_ID }]
        : [];
    return Response.json(body);
  });
  vi.stubGlobal("fetch", send);
  return send;
}

/** supabase-js's storage with a session, under the key it derives from the API's address. */
function storageWithSession(expiresInSeconds = 3600) {
  const items = new Map([
    [
      "sb-127-auth-token",
      JSON.stringify({
        access_token: TOKEN,
        refresh_token: "refresh",
        token_type: "bearer",
        expires_in: expiresInSeconds,
        expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
        user: {
          id: USER_ID,
          aud: "authenticated",
          role: "authenticated",
          app_metadata: {},
          user_metadata: {},
        },
      }),
    ],
  ]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** The app's client as src/lib/supabase.ts makes it, on the same storage. */
function appClient(storage: ReturnType<typeof storageWithSession>): StudymapClient {
  return createClient(API.url, API.anonKey, {
    global: { fetch: fetchWithEarlyReads },
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
  }) as unknown as StudymapClient;
}

/** The memberships and choice a return visit finds stored (src/lib/auth/current-user.ts). */
function withMemberships(storage: ReturnType<typeof storageWithSession>, chosenEntityId: string) {
  const membership = (entityId: string) => ({
    membershipId: `membership-${entityId}`,
    entityId,
    entityName: "School",
    entityKind: "school",
    memberRole: "member",
    status: "active",
    entityMetadata: null,
  });
  storage.setItem(
    `studymap.memberships.${USER_ID}`,
    JSON.stringify([membership(OTHER_ENTITY_ID), membership(ENTITY_ID)]),
  );
  storage.setItem(`studymap.active-membership.${USER_ID}`, `membership-${chosenEntityId}`);
  return storage;
}

describe("the first page's early reads", () => {
  it("go out for the dashboard's first page, of the chosen organisation, and supabase-js takes them", async () => {
    const send = network();
    const storage = withMemberships(storageWithSession(), ENTITY_ID);
    sendEarlyReads(API, "/studymap", storage);
    expect(send).toHaveBeenCalledTimes(5);

    const client = appClient(storage);
    await fetchCollections(client, ENTITY_ID);
    await fetchTopicPage(client, { entityId: ENTITY_ID, page: 1 });
    await fetchSubjects(client);
    await fetchSubscribedTopics(client, USER_ID);
    await fetchFavoriteIds(client, USER_ID);
    expect(send).toHaveBeenCalledTimes(5);
  });

  it("ask for the user's own reads only when no organisation is stored", async () => {
    const send = network();
    const storage = storageWithSession();
    sendEarlyReads(API, "/studymap", storage);
    const client = appClient(storage);
    await fetchSubjects(client);
    await fetchSubscribedTopics(client, USER_ID);
    await fetchFavoriteIds(client, USER_ID);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("go out for the micro-learning overview with the stored token, and supabase-js takes them", async () => {
    const send = network();
    const storage = storageWithSession();
    sendEarlyReads(API, `/studymap/topics/${TOPIC_ID}/microlearning/`, storage);
    expect(send).toHaveBeenCalledTimes(2);
    expect(new Headers(send.mock.calls[0]?.[1]?.headers).get("authorization")).toBe(`Bearer ${TOKEN}`);

    // Identical requests, so the app's reads are answered without asking again.
    const client = appClient(storage);
    await expect(fetchTopic(client, TOPIC_ID)).resolves.toEqual({ id: TOPIC_ID });
    await expect(fetchOutline(client, TOPIC_ID)).resolves.toEqual(OUTLINE);
    expect(send).toHaveBeenCalledTimes(2);

    // Each answer is taken once: a later read asks the server.
    await fetchTopic(client, TOPIC_ID);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("go out for the topic overview too: its hub reads the same outline", async () => {
    const send = network();
    const storage = storageWithSession();
    sendEarlyReads(API, `/studymap/topics/${TOPIC_ID}/overview`, storage);
    expect(send).toHaveBeenCalledTimes(2);
    const client = appClient(storage);
    await fetchTopic(client, TOPIC_ID);
    await fetchOutline(client, TOPIC_ID);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["another page", "/studymap/collections", storageWithSession()],
    ["the dashboard with a filter", "/studymap?q=cells", storageWithSession()],
    ["an address that cannot be a topic", "/studymap/topics/not-a-topic/overview", storageWithSession()],
    ["no stored session", `/studymap/topics/${TOPIC_ID}/overview`, { getItem: () => null }],
    ["a session about to expire", `/studymap/topics/${TOPIC_ID}/overview`, storageWithSession(30)],
    ["a stored session that is not JSON", `/studymap/topics/${TOPIC_ID}/overview`, { getItem: () => "{" }],
  ])("are not sent for %s", (_case, pathname, storage) => {
    const send = network();
    sendEarlyReads(API, pathname, storage);
    expect(send).not.toHaveBeenCalled();
  });

  it("are not used once stale", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const send = network();
    const storage = storageWithSession();
    sendEarlyReads(API, `/studymap/topics/${TOPIC_ID}/overview`, storage);
    vi.advanceTimersByTime(EARLY_READ_FRESH_MS + 1);
    await fetchTopic(appClient(storage), TOPIC_ID);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("are asked again when they failed", async () => {
    const send = network();
    send.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const storage = storageWithSession();
    sendEarlyReads(API, `/studymap/topics/${TOPIC_ID}/overview`, storage);
    await expect(fetchTopic(appClient(storage), TOPIC_ID)).resolves.toEqual({ id: TOPIC_ID });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("are not used for a request with another token", async () => {
    const send = network();
    sendEarlyReads(API, `/studymap/topics/${TOPIC_ID}/overview`, storageWithSession());
    const other = storageWithSession();
    other.setItem(
      "sb-127-auth-token",
      JSON.stringify({ ...JSON.parse(other.getItem("sb-127-auth-token") ?? "{}"), access_token: "other" }),
    );
    await fetchTopic(appClient(other), TOPIC_ID);
    expect(send).toHaveBeenCalledTimes(3);
  });
});

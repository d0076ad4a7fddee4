import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Membership } from "@/domain/access";
import {
  ENTITY_ID,
  membershipRow,
  memoryChoices,
  SECOND_ENTITY_ID,
  signIn,
  USER_ID,
} from "@/testing/accounts";
import { authUser, createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";
import { AuthStore } from "./auth-store";
import { type MembershipCache, MembershipsUnavailableError } from "./current-user";

let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  stub = createSupabaseStub();
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => errors.mockRestore());

describe("AuthStore", () => {
  it("is loading until the session check ends, then ready without a user", async () => {
    const store = new AuthStore(stub.client, memoryChoices());
    expect(store.getSnapshot()).toEqual({ status: "loading", user: null });
    await store.start();
    expect(store.getSnapshot()).toEqual({ status: "ready", user: null });
  });

  it("loads the user with memberships from the RPC and entity metadata (docs/product.md §7)", async () => {
    await signIn(stub, {
      memberships: [
        membershipRow({ status: "invited", membership_id: "m-invited", entity_id: SECOND_ENTITY_ID }),
        membershipRow({ membership_id: "m-active" }),
      ],
    });
    const store = new AuthStore(stub.client, memoryChoices());
    await store.start();

    expect(stub.calls("POST /rest/v1/rpc/get_user_memberships")[0]?.body).toEqual({
      p_auth_user_id: USER_ID,
    });
    const entities = stub.calls("GET /rest/v1/core_entities")[0];
    expect(entities?.query.get("select")).toBe("id,metadata");
    expect(entities?.query.get("id")).toBe(`in.(${SECOND_ENTITY_ID},${ENTITY_ID})`);
    expect(store.getSnapshot().user).toEqual({
      id: USER_ID,
      email: "ada@studymap.test",
      activeMembershipId: "m-active",
      memberships: [
        {
          membershipId: "m-invited",
          entityId: SECOND_ENTITY_ID,
          entityName: "Acme Academy",
          entityKind: "organisation",
          memberRole: "creator",
          status: "invited",
          entityMetadata: { color: "green" },
        },
        expect.objectContaining({ membershipId: "m-active", entityMetadata: { color: "green" } }),
      ],
    });
  });

  it("gives no user when the user lookup fails, and logs it (docs/product.md §8)", async () => {
    await signIn(stub);
    stub.on("GET /auth/v1/user", { status: 500, body: { code: "unexpected_failure", message: "boom" } });
    const store = new AuthStore(stub.client, memoryChoices());
    await store.start();
    expect(store.getSnapshot()).toEqual({ status: "ready", user: null });
    expect(errors).toHaveBeenCalledWith("Failed to fetch user:", expect.anything());
  });

  it("logs failed membership and metadata reads and carries on", async () => {
    await signIn(stub);
    stub.on("POST /rest/v1/rpc/get_user_memberships", {
      status: 500,
      body: { code: "XX000", message: "down" },
    });
    const store = new AuthStore(stub.client, memoryChoices());
    await store.start();
    expect(store.getSnapshot().user?.memberships).toEqual([]);
    // Unknown, not none: the guards must not take this user for one without memberships.
    expect(store.getSnapshot().membershipsError).toBeInstanceOf(MembershipsUnavailableError);
    expect(errors).toHaveBeenCalledWith(
      "Failed to fetch memberships:",
      expect.objectContaining({ message: "down" }),
    );

    stub.on("POST /rest/v1/rpc/get_user_memberships", { body: [membershipRow()] });
    stub.on("GET /rest/v1/core_entities", { status: 500, body: { code: "XX000", message: "metadata down" } });
    await store.refresh();
    expect(store.getSnapshot().membershipsError).toBeUndefined();
    expect(store.getSnapshot().user?.memberships[0]?.entityMetadata).toBeNull();
    expect(errors).toHaveBeenCalledWith(
      "Failed to fetch entity metadata:",
      expect.objectContaining({ message: "metadata down" }),
    );
  });

  it("switches the active membership and remembers the choice per user (docs/product.md §4)", async () => {
    await signIn(stub, {
      memberships: [
        membershipRow({ membership_id: "first" }),
        membershipRow({ membership_id: "second", entity_id: SECOND_ENTITY_ID }),
      ],
    });
    const choices = memoryChoices();
    const store = new AuthStore(stub.client, choices);
    await store.start();
    expect(store.getSnapshot().user?.activeMembershipId).toBe("first");

    store.selectMembership("second");
    expect(store.getSnapshot().user?.activeMembershipId).toBe("second");
    expect(choices.read(USER_ID)).toBe("second");

    const later = new AuthStore(stub.client, choices);
    await later.start();
    expect(later.getSnapshot().user?.activeMembershipId).toBe("second");
  });

  it("refuses to make an inactive membership active", async () => {
    await signIn(stub, {
      memberships: [
        membershipRow({ membership_id: "first" }),
        membershipRow({ membership_id: "old", status: "inactive" }),
      ],
    });
    const store = new AuthStore(stub.client, memoryChoices());
    await store.start();
    store.selectMembership("old");
    expect(store.getSnapshot().user?.activeMembershipId).toBe("first");
  });

  it("clears the user and the stored session on sign-out, also when signing out fails, and logs the failure (docs/product.md §8)", async () => {
    await signIn(stub);
    stub.on("POST /auth/v1/logout", { status: 500, body: { code: "unexpected_failure", message: "down" } });
    const store = new AuthStore(stub.client, memoryChoices());
    await store.start();
    expect(store.getSnapshot().user).not.toBeNull();

    await store.signOut();
    expect(store.getSnapshot()).toEqual({ status: "ready", user: null });
    expect(stub.calls("POST /auth/v1/logout")).toHaveLength(1);
    expect(errors).toHaveBeenCalledWith("Failed to sign out:", expect.anything());
    // A reload must not sign the user back in from a session left in storage.
    expect((await stub.client.auth.getSession()).data.session).toBeNull();
  });

  it("signs out this device only, as the settings screen says", async () => {
    await signIn(stub);
    stub.on("POST /auth/v1/logout", { status: 204 });
    const store = new AuthStore(stub.client, memoryChoices());
    await store.start();
    await store.signOut();
    expect(stub.calls("POST /auth/v1/logout")[0]?.query.get("scope")).toBe("local");
  });

  it("tells listeners when the session ends elsewhere", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      await signIn(stub);
      stub.on("POST /auth/v1/logout", { status: 204 });
      const store = new AuthStore(stub.client, memoryChoices());
      await store.start();
      const ended = vi.fn();
      store.onSessionEnded(ended);
      await stub.client.auth.signOut();
      await vi.runAllTimersAsync();
      expect(ended).toHaveBeenCalledOnce();
      expect(store.getSnapshot().user).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("resolves ready() only after the first session check", async () => {
    const store = new AuthStore(stub.client, memoryChoices());
    let ready = false;
    void store.ready().then(() => {
      ready = true;
    });
    await Promise.resolve();
    expect(ready).toBe(false);
    await store.start();
    await Promise.resolve();
    expect(ready).toBe(true);
  });

  it("asks for the memberships while the user lookup is still on the way", async () => {
    await signIn(stub);
    let answerUser = () => {};
    const userAnswered = new Promise<void>((resolve) => {
      answerUser = resolve;
    });
    stub.on("GET /auth/v1/user", async () => {
      await userAnswered;
      return { body: authUser(USER_ID, "ada@studymap.test") };
    });
    const store = new AuthStore(stub.client, memoryChoices());
    const started = store.start();
    await vi.waitFor(() => expect(stub.calls("POST /rest/v1/rpc/get_user_memberships")).toHaveLength(1));
    expect(store.getSnapshot().status).toBe("loading");
    answerUser();
    await started;
    expect(store.getSnapshot().user?.memberships).toHaveLength(1);
    expect(stub.calls("POST /rest/v1/rpc/get_user_memberships")).toHaveLength(1);
  });

  it("lets the guards pass once the memberships are in, and adds the entity metadata when it answers", async () => {
    await signIn(stub);
    let answerMetadata = () => {};
    const metadataAnswered = new Promise<void>((resolve) => {
      answerMetadata = resolve;
    });
    stub.on("GET /rest/v1/core_entities", async () => {
      await metadataAnswered;
      return { body: [{ id: ENTITY_ID, metadata: { color: "green" } }] };
    });
    const store = new AuthStore(stub.client, memoryChoices());
    const started = store.start();
    const { user } = await store.ready();
    expect(user?.memberships).toEqual([
      expect.objectContaining({ entityId: ENTITY_ID, entityMetadata: null }),
    ]);
    answerMetadata();
    await started;
    expect(store.getSnapshot().user?.memberships[0]?.entityMetadata).toEqual({ color: "green" });
  });

  it("drops the early memberships when the user lookup fails", async () => {
    await signIn(stub);
    stub.on("GET /auth/v1/user", { status: 500, body: { code: "unexpected_failure", message: "boom" } });
    const store = new AuthStore(stub.client, memoryChoices());
    await store.start();
    expect(store.getSnapshot()).toEqual({ status: "ready", user: null });
  });
});

describe("AuthStore with the last visit's memberships", () => {
  function memoryCache(): MembershipCache & { stored: Map<string, Membership[]> } {
    const stored = new Map<string, Membership[]>();
    return {
      stored,
      read: (userId) => stored.get(userId) ?? null,
      write: (userId, memberships) => void stored.set(userId, memberships),
      clear: (userId) => void stored.delete(userId),
    };
  }

  it("remembers the memberships it read, and forgets them on sign-out", async () => {
    await signIn(stub);
    stub.on("POST /auth/v1/logout", { status: 204 });
    const cache = memoryCache();
    const store = new AuthStore(stub.client, memoryChoices(), cache);
    await store.start();
    expect(cache.stored.get(USER_ID)).toEqual(store.getSnapshot().user?.memberships);
    await store.signOut();
    expect(cache.stored.has(USER_ID)).toBe(false);
  });

  it("is ready on a return visit before any request answers, then reads again and reports a change", async () => {
    await signIn(stub, { memberships: [membershipRow({ membership_id: "now" })] });
    const cache = memoryCache();
    const lastVisit = [
      {
        membershipId: "before",
        entityId: ENTITY_ID,
        entityName: "Acme Academy",
        entityKind: "organisation",
        memberRole: "creator",
        status: "active",
        entityMetadata: null,
      },
    ];
    cache.write(USER_ID, lastVisit);
    let answerUser = () => {};
    const userAnswered = new Promise<void>((resolve) => {
      answerUser = resolve;
    });
    stub.on("GET /auth/v1/user", async () => {
      await userAnswered;
      return { body: authUser(USER_ID, "ada@studymap.test") };
    });
    const store = new AuthStore(stub.client, memoryChoices(), cache);
    const changed = vi.fn();
    store.onMembershipsChanged(changed);

    await store.start();
    expect(store.getSnapshot()).toMatchObject({
      status: "ready",
      user: { id: USER_ID, memberships: lastVisit, activeMembershipId: "before" },
    });
    expect(changed).not.toHaveBeenCalled();

    answerUser();
    await vi.waitFor(() => expect(changed).toHaveBeenCalledOnce());
    expect(store.getSnapshot().user?.activeMembershipId).toBe("now");
    expect(cache.stored.get(USER_ID)?.[0]?.membershipId).toBe("now");
  });

  it("leaves the re-read of a return visit to the background scheduler", async () => {
    await signIn(stub);
    const cache = memoryCache();
    await new AuthStore(stub.client, memoryChoices(), cache).start();
    const lookups = stub.calls("GET /auth/v1/user").length;
    const waiting: (() => void)[] = [];
    const store = new AuthStore(stub.client, memoryChoices(), cache);

    await store.start({ background: (task) => void waiting.push(task) });
    expect(store.getSnapshot().status).toBe("ready");
    expect(stub.calls("GET /auth/v1/user")).toHaveLength(lookups);

    expect(waiting).toHaveLength(1);
    waiting[0]?.();
    await vi.waitFor(() => expect(stub.calls("GET /auth/v1/user")).toHaveLength(lookups + 1));
  });

  it("keeps the same snapshot when the background read finds what the last visit read", async () => {
    await signIn(stub);
    const cache = memoryCache();
    await new AuthStore(stub.client, memoryChoices(), cache).start();
    const store = new AuthStore(stub.client, memoryChoices(), cache);
    await store.start();
    const shown = store.getSnapshot();
    const published = vi.fn();
    store.subscribe(published);
    const reads = stub.calls("GET /rest/v1/core_entities").length;
    await vi.waitFor(() => expect(stub.calls("GET /rest/v1/core_entities").length).toBe(reads + 1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getSnapshot()).toBe(shown);
    expect(published).not.toHaveBeenCalled();
  });

  it.each([
    ["the server fails", { status: 503, body: { code: "unexpected_failure", message: "busy" } }],
    [
      "the request is cut off (a reload leaving the page)",
      () => Promise.reject(new TypeError("Failed to fetch")),
    ],
  ])(
    "keeps the last visit's user and memberships when the background read fails because %s",
    async (_, answer) => {
      await signIn(stub);
      const cache = memoryCache();
      await new AuthStore(stub.client, memoryChoices(), cache).start();
      const remembered = cache.stored.get(USER_ID);
      stub.on("GET /auth/v1/user", answer);
      const store = new AuthStore(stub.client, memoryChoices(), cache);
      const ended = vi.fn();
      store.onSessionEnded(ended);
      await store.start();
      const shown = store.getSnapshot();
      await vi.waitFor(() => expect(errors).toHaveBeenCalledWith("Failed to fetch user:", expect.anything()));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(ended).not.toHaveBeenCalled();
      expect(store.getSnapshot()).toBe(shown);
      expect(cache.stored.get(USER_ID)).toEqual(remembered);
    },
  );

  it("ends the session when the background read finds no user", async () => {
    await signIn(stub);
    stub.on("GET /auth/v1/user", { status: 401, body: { code: "bad_jwt", message: "expired" } });
    const cache = memoryCache();
    cache.write(USER_ID, []);
    const store = new AuthStore(stub.client, memoryChoices(), cache);
    const ended = vi.fn();
    store.onSessionEnded(ended);
    await store.start();
    await vi.waitFor(() => expect(ended).toHaveBeenCalledOnce());
    expect(store.getSnapshot().user).toBeNull();
    expect(cache.stored.has(USER_ID)).toBe(false);
  });
});

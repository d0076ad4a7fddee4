import { describe, expect, it } from "vitest";
import { DRAFT_LIFETIME_MS, discardDraft, draftKey, openDraft, sweepExpiredDrafts } from "./topic-draft";

/** The Web Storage interface over a Map, as the browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const ADA = "11111111-1111-4111-8111-111111111111";
const MIA = "22222222-2222-4222-8222-222222222222";
const SCHOOL = "33333333-3333-4333-8333-333333333333";
const ACADEMY = "44444444-4444-4444-8444-444444444444";
const NOW = Date.UTC(2026, 10, 23, 12);

describe("new-topic drafts", () => {
  it("gives the same ids back on every opening until the draft is discarded", () => {
    const storage = memoryStorage();
    const draft = openDraft(storage, ADA, SCHOOL, NOW);
    expect(openDraft(storage, ADA, SCHOOL, NOW + 60_000)).toEqual(draft);
    discardDraft(storage, ADA, SCHOOL);
    expect(openDraft(storage, ADA, SCHOOL, NOW).topicId).not.toBe(draft.topicId);
  });

  it("keeps one draft per user and organisation, so another user on this browser never continues it", () => {
    const storage = memoryStorage();
    const ids = [
      openDraft(storage, ADA, SCHOOL, NOW),
      openDraft(storage, MIA, SCHOOL, NOW),
      openDraft(storage, ADA, ACADEMY, NOW),
    ].map((draft) => draft.topicId);
    expect(new Set(ids).size).toBe(3);
  });

  it("starts afresh once Storage would have let the draft's uploads expire", () => {
    const storage = memoryStorage();
    const draft = openDraft(storage, ADA, SCHOOL, NOW);
    expect(openDraft(storage, ADA, SCHOOL, NOW + DRAFT_LIFETIME_MS).topicId).not.toBe(draft.topicId);
  });

  it("starts afresh from a stored value it cannot read", () => {
    const storage = memoryStorage();
    storage.setItem(draftKey(ADA, SCHOOL), '{"topicId":"../../other"}');
    const draft = openDraft(storage, ADA, SCHOOL, NOW);
    expect(draft.topicId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(storage.getItem(draftKey(ADA, SCHOOL)) ?? "")).toEqual(draft);
  });

  it("sweeps every user's expired drafts and names their folders, leaving the rest", () => {
    const storage = memoryStorage();
    const old = openDraft(storage, MIA, ACADEMY, NOW - DRAFT_LIFETIME_MS);
    const fresh = openDraft(storage, ADA, SCHOOL, NOW);
    storage.setItem(draftKey(ADA, ACADEMY), "not json");
    storage.setItem("unrelated", "kept");
    expect(sweepExpiredDrafts(storage, NOW)).toEqual([{ entityId: ACADEMY, topicId: old.topicId }]);
    expect(storage.getItem(draftKey(MIA, ACADEMY))).toBeNull();
    expect(storage.getItem(draftKey(ADA, ACADEMY))).toBeNull();
    expect(openDraft(storage, ADA, SCHOOL, NOW)).toEqual(fresh);
    expect(storage.getItem("unrelated")).toBe("kept");
  });
});

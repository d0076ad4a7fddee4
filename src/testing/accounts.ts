import type { Analytics } from "@/lib/analytics";
import type { MembershipChoiceStore } from "@/lib/auth/current-user";
import { authUser, type SupabaseStub, seedSession } from "./supabase-stub";

export const USER_ID = "11111111-1111-4111-8111-111111111111";
export const ENTITY_ID = "22222222-2222-4222-8222-222222222222";
export const SECOND_ENTITY_ID = "33333333-3333-4333-8333-333333333333";

/** A row of RPC get_user_memberships (docs/product.md §7). */
export interface MembershipRow {
  membership_id: string;
  entity_id: string;
  entity_name: string;
  entity_kind: string;
  member_role: string;
  status: string;
}

export function membershipRow(overrides: Partial<MembershipRow> = {}): MembershipRow {
  return {
    membership_id: "44444444-4444-4444-8444-444444444444",
    entity_id: ENTITY_ID,
    entity_name: "Acme Academy",
    entity_kind: "organisation",
    member_role: "creator",
    status: "active",
    ...overrides,
  };
}

export interface TestAccount {
  id?: string;
  email?: string;
  memberships?: MembershipRow[];
}

/** Answers the user lookup, memberships and entity metadata of an account. */
export function authUserRoutes(stub: SupabaseStub, account: TestAccount = {}): void {
  const memberships = account.memberships ?? [membershipRow()];
  stub.on("GET /auth/v1/user", {
    body: authUser(account.id ?? USER_ID, account.email ?? "ada@studymap.test"),
  });
  stub.on("POST /rest/v1/rpc/get_user_memberships", { body: memberships });
  stub.on("GET /rest/v1/core_entities", {
    body: [...new Set(memberships.map((row) => row.entity_id))].map((id) => ({
      id,
      metadata: { color: "green" },
    })),
  });
}

/** A signed-in account: a stored session plus its user, memberships and entity metadata. */
export async function signIn(stub: SupabaseStub, account: TestAccount = {}): Promise<void> {
  await seedSession(stub, account.id ?? USER_ID, account.email ?? "ada@studymap.test");
  authUserRoutes(stub, account);
}

export function memoryChoices(): MembershipChoiceStore {
  const chosen = new Map<string, string>();
  return { read: (userId) => chosen.get(userId) ?? null, write: (userId, id) => void chosen.set(userId, id) };
}

export function recordingAnalytics() {
  const pageviews: string[] = [];
  const events: Array<{ name: string; props?: Record<string, string> }> = [];
  const analytics: Analytics = {
    pageview: (url) => void pageviews.push(url),
    event: (name, props) => void events.push({ name, props }),
  };
  return { analytics, pageviews, events };
}

/** Empty answers for the lists the signed-in screens read. */
export function stubEmptyLists(stub: SupabaseStub): void {
  for (const table of ["modules", "subjects", "favorites", "topic_subscriptions"]) {
    stub.on(`GET /rest/v1/${table}`, { body: [] });
  }
  stub.on("GET /rest/v1/topics", { body: [], headers: { "content-range": "*/0" } });
}

/** A topic row as the card query returns it. */
export function topicRow(overrides: Record<string, unknown> = {}) {
  return {
    id: "55555555-5555-4555-8555-555555555555",
    entity_id: ENTITY_ID,
    module_id: null,
    title: "Photosynthesis",
    description: "How plants make sugar from light.",
    level: "CEFR B1",
    thumbnail_image_url: null,
    processing_status: "completed",
    processing_progress: 100,
    visibility: "entity",
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-02T00:00:00Z",
    subject: { id: "66666666-6666-4666-8666-666666666666", title: "Biology" },
    ...overrides,
  };
}

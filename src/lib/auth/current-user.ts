import { isAuthRetryableFetchError, isAuthSessionMissingError } from "@supabase/supabase-js";
import { type AppUser, type Membership, resolveActiveMembershipId } from "@/domain/access";
import type { StudymapClient } from "@/lib/database";
import { MEMBERSHIP_CACHE_KEY_PREFIX, MEMBERSHIP_CHOICE_KEY_PREFIX } from "./stored-keys";

/**
 * The row schemas (zod) load beside the requests rather than before the first paint: the sign-in
 * screen never needs zod, and a signed-in page gets it while its memberships are on the way.
 */
const rowSchemas = () => import("./membership-rows.ts");

/** Remembers which membership a user last chose, per user (docs/product.md §4: switchable, remembered). */
export interface MembershipChoiceStore {
  read(userId: string): string | null;
  write(userId: string, membershipId: string): void;
}

export const localMembershipChoice: MembershipChoiceStore = {
  read(userId) {
    try {
      return localStorage.getItem(MEMBERSHIP_CHOICE_KEY_PREFIX + userId);
    } catch {
      return null;
    }
  },
  write(userId, membershipId) {
    try {
      localStorage.setItem(MEMBERSHIP_CHOICE_KEY_PREFIX + userId, membershipId);
    } catch {
      // Without storage the choice lasts for this visit only.
    }
  },
};

/**
 * The memberships could not be read. Treating that as "no memberships" would send an existing admin
 * to onboarding to create a second organisation, so the guards show it with a way to retry instead.
 */
export class MembershipsUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("Your memberships could not be loaded.", options);
    this.name = "MembershipsUnavailableError";
  }
}

export interface CurrentUser {
  user: AppUser | null;
  /** Set when the user is known but their memberships are not (the user then has none listed). */
  membershipsError: MembershipsUnavailableError | null;
  /** The same user once entity metadata is in (`user` has it null); absent without memberships. */
  complete?: Promise<AppUser>;
  /**
   * Set when there is no user because the lookup never got an answer about the session (no network, a
   * request cut off by leaving the page, a failing server): it says nothing about being signed out.
   */
  unreachable?: true;
}

/** The memberships of the last visit, per user, so a return visit need not wait for them. */
export interface MembershipCache {
  read(userId: string): Membership[] | null;
  write(userId: string, memberships: Membership[]): void;
  clear(userId: string): void;
}

function isMembership(value: unknown): value is Membership {
  if (typeof value !== "object" || value === null) return false;
  const row = value as Record<string, unknown>;
  const texts = ["membershipId", "entityId", "entityName", "entityKind", "memberRole", "status"];
  return (
    texts.every((key) => typeof row[key] === "string") &&
    (row.entityMetadata === null ||
      (typeof row.entityMetadata === "object" && !Array.isArray(row.entityMetadata)))
  );
}

/**
 * localStorage, per user. What it holds only decides which screen opens first: every read the screen
 * then makes is checked by Postgres (RLS) with the session's token, and the memberships are read again
 * in the background on every visit (AuthStore.start).
 */
export const localMembershipCache: MembershipCache = {
  read(userId) {
    try {
      const stored: unknown = JSON.parse(
        localStorage.getItem(MEMBERSHIP_CACHE_KEY_PREFIX + userId) ?? "null",
      );
      return Array.isArray(stored) && stored.every(isMembership) ? stored : null;
    } catch {
      return null;
    }
  },
  write(userId, memberships) {
    try {
      localStorage.setItem(MEMBERSHIP_CACHE_KEY_PREFIX + userId, JSON.stringify(memberships));
    } catch {
      // Without storage the next visit reads the memberships first, as before.
    }
  },
  clear(userId) {
    try {
      localStorage.removeItem(MEMBERSHIP_CACHE_KEY_PREFIX + userId);
    } catch {
      // Nothing stored.
    }
  },
};

type MembershipsRead =
  | { memberships: Membership[]; withMetadata: Promise<Membership[]> }
  | { failure: MembershipsUnavailableError };

function readMemberships(client: StudymapClient, userId: string): Promise<MembershipsRead> {
  return fetchMembershipRows(client, userId).then(
    (read) => read,
    (failure: unknown) => ({
      failure:
        failure instanceof MembershipsUnavailableError
          ? failure
          : new MembershipsUnavailableError({ cause: failure }),
    }),
  );
}

/**
 * The signed-in user with memberships (docs/product.md §3). docs/product.md §8: failures are logged to the console; a failed
 * user lookup gives null, a failed metadata read gives none, and a failed membership read is reported
 * beside the user so nobody mistakes it for having no memberships.
 *
 * The memberships are requested with the user id of the stored session at the same time as the user
 * lookup, not after it: one round trip fewer before the first page. The lookup still decides: when it
 * fails there is no user, and the memberships read with the session's token are dropped.
 */
export async function fetchCurrentUser(
  client: StudymapClient,
  choices: MembershipChoiceStore,
): Promise<CurrentUser> {
  const { data: stored } = await client.auth.getSession();
  const sessionUserId = stored.session?.user.id;
  const early = sessionUserId ? readMemberships(client, sessionUserId) : null;
  const { data, error } = await client.auth.getUser();
  if (error || !data.user) {
    // No session is not a failure: there is simply nobody signed in.
    if (error && !isAuthSessionMissingError(error)) console.error("Failed to fetch user:", error);
    return isAuthRetryableFetchError(error)
      ? { user: null, membershipsError: null, unreachable: true }
      : { user: null, membershipsError: null };
  }
  const read = await (data.user.id === sessionUserId && early
    ? early
    : readMemberships(client, data.user.id));
  const userOf = (memberships: Membership[]): AppUser => ({
    id: data.user.id,
    email: data.user.email ?? "",
    memberships,
    activeMembershipId: resolveActiveMembershipId(memberships, choices.read(data.user.id)),
  });
  if ("failure" in read) return { user: userOf([]), membershipsError: read.failure };
  return { user: userOf(read.memberships), membershipsError: null, complete: read.withMetadata.then(userOf) };
}

/** The user's memberships; throws MembershipsUnavailableError when they cannot be read. */
export async function fetchMemberships(client: StudymapClient, userId: string): Promise<Membership[]> {
  return (await fetchMembershipRows(client, userId)).withMetadata;
}

/**
 * The memberships as soon as the RPC answers (entity metadata still null: no screen shows it, and the
 * guards need only the memberships), and the same memberships once the metadata read has answered.
 * Throws MembershipsUnavailableError when the memberships cannot be read; a failed metadata read is
 * logged and gives none (docs/product.md §8).
 */
export async function fetchMembershipRows(
  client: StudymapClient,
  userId: string,
): Promise<{ memberships: Membership[]; withMetadata: Promise<Membership[]> }> {
  const schemas = rowSchemas();
  const { data, error } = await client.rpc("get_user_memberships", { p_auth_user_id: userId });
  if (error) {
    console.error("Failed to fetch memberships:", error);
    throw new MembershipsUnavailableError({ cause: error });
  }
  const rows = (await schemas).membershipRowsSchema.parse(data ?? []);
  const memberships: Membership[] = rows.map((row) => ({
    membershipId: row.membership_id,
    entityId: row.entity_id,
    entityName: row.entity_name,
    entityKind: row.entity_kind,
    memberRole: row.member_role,
    status: row.status,
    entityMetadata: null,
  }));
  const withMetadata = fetchEntityMetadata(client, [...new Set(rows.map((row) => row.entity_id))])
    .catch((error: unknown) => {
      console.error("Failed to fetch entity metadata:", error);
      return new Map<string, Record<string, unknown> | null>();
    })
    .then((metadata) =>
      memberships.map((membership) => ({
        ...membership,
        entityMetadata: metadata.get(membership.entityId) ?? null,
      })),
    );
  return { memberships, withMetadata };
}

async function fetchEntityMetadata(
  client: StudymapClient,
  entityIds: string[],
): Promise<Map<string, Record<string, unknown> | null>> {
  if (entityIds.length === 0) return new Map();
  const schemas = rowSchemas();
  const { data, error } = await client.from("core_entities").select("id, metadata").in("id", entityIds);
  if (error) {
    console.error("Failed to fetch entity metadata:", error);
    return new Map();
  }
  const { entityMetadataRowsSchema } = await schemas;
  return new Map(entityMetadataRowsSchema.parse(data ?? []).map((row) => [row.id, row.metadata]));
}

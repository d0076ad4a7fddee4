// Generated from src/domain/access.ts by scripts/functions-domain.ts: edit that file, then run
// `npm run functions:domain` (the edge functions deploy only what lives under supabase/functions).
/** Every membership role (core_memberships.member_role; a test ties the two). */
export const MEMBER_ROLES = ["admin", "creator", "manager", "member"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The roles that may manage an entity's content (docs/product.md, "Roles"). */
export const CONTENT_MANAGER_ROLES = ["creator", "admin", "manager"] as const satisfies readonly MemberRole[];

/**
 * docs/product.md §3's Membership. A plain type: the guards read this module on every first load, and
 * the rows are checked where they are read (lib/auth/membership-rows.ts).
 */
export interface Membership {
  membershipId: string;
  entityId: string;
  entityName: string;
  entityKind: string;
  memberRole: string;
  status: string;
  entityMetadata: Record<string, unknown> | null;
}

/** docs/product.md §3's User. */
export interface AppUser {
  id: string;
  email: string;
  memberships: Membership[];
  activeMembershipId: string | null;
}

/** Only active memberships count (docs/product.md §4). */
export function activeMemberships(memberships: readonly Membership[]): Membership[] {
  return memberships.filter((membership) => membership.status === "active");
}

export function hasActiveMembership(memberships: readonly Membership[]): boolean {
  return activeMemberships(memberships).length > 0;
}

/** The roles of the user's active memberships, optionally within one entity. */
export function activeRoles(memberships: readonly Membership[], entityId?: string): string[] {
  return activeMemberships(memberships)
    .filter((membership) => entityId === undefined || membership.entityId === entityId)
    .map((membership) => membership.memberRole);
}

/**
 * docs/product.md §6 access check: an active admin may access anything; otherwise the required role must be among
 * the active roles; no required role means denied.
 */
export function hasAccess(roles: readonly string[], requiredRole?: string | null): boolean {
  if (roles.includes("admin")) return true;
  if (!requiredRole) return false;
  return roles.includes(requiredRole);
}

/** docs/product.md §6: content management is allowed when any active role is creator, admin or manager. */
export function canManageContent(roles: readonly string[]): boolean {
  return roles.some((role) => (CONTENT_MANAGER_ROLES as readonly string[]).includes(role));
}

/**
 * docs/product.md §4: the active membership is the one the user chose (while it is still active), else the first
 * active one, else the first membership, else none.
 */
export function resolveActiveMembershipId(
  memberships: readonly Membership[],
  chosenId?: string | null,
): string | null {
  const chosen = memberships.find((membership) => membership.membershipId === chosenId);
  if (chosen?.status === "active") return chosen.membershipId;
  return (activeMemberships(memberships)[0] ?? memberships[0])?.membershipId ?? null;
}

export function activeMembershipOf(user: AppUser | null): Membership | null {
  return user?.memberships.find((membership) => membership.membershipId === user.activeMembershipId) ?? null;
}

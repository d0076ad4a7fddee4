import { inviteMemberAnswerSchema } from "@/domain/invitation";
import type { StudymapClient, Tables } from "@/lib/database";
import { invokeEdgeFunction } from "@/lib/edge-function";
import { unwrap } from "@/lib/query";

export type Profile = Pick<Tables<"profiles">, "id" | "email" | "display_name">;

export async function fetchProfile(client: StudymapClient, userId: string): Promise<Profile | null> {
  return unwrap(
    await client.from("profiles").select("id, email, display_name").eq("id", userId).maybeSingle(),
  );
}

export async function updateDisplayName(
  client: StudymapClient,
  userId: string,
  displayName: string,
): Promise<void> {
  unwrap(
    await client
      .from("profiles")
      .update({ display_name: displayName || null })
      .eq("id", userId),
  );
}

export const INVITABLE_ROLES = ["member", "creator", "manager", "admin"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export type Invitation = Pick<
  Tables<"core_memberships">,
  "id" | "invited_email" | "member_role" | "created_at"
>;

/** Open invitations of an entity (visible to its admins and managers). */
export async function fetchInvitations(client: StudymapClient, entityId: string): Promise<Invitation[]> {
  const data = unwrap(
    await client
      .from("core_memberships")
      .select("id, invited_email, member_role, created_at")
      .eq("entity_id", entityId)
      .eq("status", "invited")
      .order("created_at", { ascending: false }),
  );
  return data ?? [];
}

/**
 * Invites and mails the invitation through the invite-member edge function; a refusal (not an admin,
 * already a member, over the daily limit) throws with the function's sentence.
 */
export async function inviteMember(
  client: StudymapClient,
  entityId: string,
  email: string,
  role: InvitableRole,
): Promise<void> {
  await invokeEdgeFunction(client, "invite-member", { entityId, email, role }, inviteMemberAnswerSchema);
}

export interface Member {
  membershipId: string;
  userId: string;
  role: string;
  name: string | null;
  email: string | null;
}

/**
 * The active members of an entity with their names and addresses. RLS decides who sees whom: admins and
 * managers see every membership, anyone else only their own; profiles open between active co-members.
 */
export async function fetchMembers(client: StudymapClient, entityId: string): Promise<Member[]> {
  const data = unwrap(
    await client
      .from("core_memberships")
      .select("id, user_id, member_role, profiles(display_name, email)")
      .eq("entity_id", entityId)
      .eq("status", "active")
      .order("created_at"),
  );
  return (data ?? []).flatMap((row) =>
    row.user_id
      ? [
          {
            membershipId: row.id,
            userId: row.user_id,
            role: row.member_role,
            name: row.profiles?.display_name ?? null,
            email: row.profiles?.email ?? null,
          },
        ]
      : [],
  );
}

/**
 * Changes an active member's role (change_member_role): admins only, and never the organisation's last
 * admin away from admin; each refusal is Postgres's sentence.
 */
export async function changeMemberRole(
  client: StudymapClient,
  membershipId: string,
  role: InvitableRole,
): Promise<void> {
  unwrap(await client.rpc("change_member_role", { p_membership_id: membershipId, p_role: role }));
}

export const INVITATION_GONE = "This invitation was already accepted or revoked.";

/** Withdraws an open invitation; only the entity's admins may (RLS), anyone else changes nothing. */
export async function revokeInvitation(client: StudymapClient, membershipId: string): Promise<void> {
  const removed = unwrap(
    await client
      .from("core_memberships")
      .delete()
      .eq("id", membershipId)
      .eq("status", "invited")
      .select("id"),
  );
  if (!removed?.length) throw new Error(INVITATION_GONE);
}

export function lastAdminMessage(entityName: string): string {
  return `You are the last admin of ${entityName}. Make another member an admin before you leave.`;
}

/**
 * Leaves an organisation by removing one's own membership. Postgres refuses the last active admin
 * (check_violation, 23514, from the membership guard trigger); that refusal gets a sentence here.
 */
export async function leaveOrganisation(
  client: StudymapClient,
  membershipId: string,
  entityName: string,
): Promise<void> {
  const { data, error } = await client.from("core_memberships").delete().eq("id", membershipId).select("id");
  if (error?.code === "23514") throw new Error(lastAdminMessage(entityName));
  if (error) throw error;
  if (!data.length) throw new Error(`You are no longer a member of ${entityName}.`);
}

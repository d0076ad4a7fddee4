import type { StudymapClient, Tables } from "@/lib/database";
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

export async function inviteMember(
  client: StudymapClient,
  entityId: string,
  email: string,
  role: InvitableRole,
): Promise<void> {
  unwrap(await client.rpc("invite_member", { p_entity_id: entityId, p_email: email, p_role: role }));
}

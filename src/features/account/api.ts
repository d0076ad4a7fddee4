import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { unwrap } from "@/lib/query";

const profileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  display_name: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export async function fetchProfile(client: SupabaseClient, userId: string): Promise<Profile | null> {
  const data = unwrap(
    await client.from("profiles").select("id, email, display_name").eq("id", userId).maybeSingle(),
  );
  return data ? profileSchema.parse(data) : null;
}

export async function updateDisplayName(
  client: SupabaseClient,
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

const invitationSchema = z.object({
  id: z.string(),
  invited_email: z.string().nullable(),
  member_role: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Open invitations of an entity (visible to its admins and managers). */
export async function fetchInvitations(client: SupabaseClient, entityId: string): Promise<Invitation[]> {
  const data = unwrap(
    await client
      .from("core_memberships")
      .select("id, invited_email, member_role, created_at")
      .eq("entity_id", entityId)
      .eq("status", "invited")
      .order("created_at", { ascending: false }),
  );
  return z.array(invitationSchema).parse(data ?? []);
}

export async function inviteMember(
  client: SupabaseClient,
  entityId: string,
  email: string,
  role: InvitableRole,
): Promise<void> {
  unwrap(await client.rpc("invite_member", { p_entity_id: entityId, p_email: email, p_role: role }));
}

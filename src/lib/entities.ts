import type { StudymapClient } from "@/lib/database";
import { unwrap } from "./query";

/** The kinds of entity a learner can create (core_entities.kind). */
export const ENTITY_KINDS = [
  { value: "organisation", label: "Organisation" },
  { value: "school", label: "School" },
  { value: "company", label: "Company" },
  { value: "personal", label: "Personal" },
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number]["value"];

/** Creates an entity; the caller becomes its active admin. */
export async function createEntity(client: StudymapClient, name: string, kind: EntityKind): Promise<void> {
  unwrap(await client.rpc("create_entity", { p_name: name, p_kind: kind }));
}

export async function acceptInvitation(client: StudymapClient, membershipId: string): Promise<void> {
  unwrap(await client.rpc("accept_invitation", { p_membership_id: membershipId }));
}

import { z } from "zod";

/** SPEC §7: the rows of RPC get_user_memberships. */
export const membershipRowsSchema = z.array(
  z.object({
    membership_id: z.string(),
    entity_id: z.string(),
    entity_name: z.string(),
    entity_kind: z.string(),
    member_role: z.string(),
    status: z.string(),
  }),
);

export const entityMetadataRowsSchema = z.array(
  z.object({
    id: z.string(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
  }),
);

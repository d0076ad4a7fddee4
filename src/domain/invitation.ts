import { z } from "zod";
import { MEMBER_ROLES } from "./access.ts";

/**
 * Invitations by e-mail (docs/security.md, "Invitation e-mails"): the body of the invite-member edge
 * function, which the settings screen and other tools send. The database decides who may invite and
 * how often (invite_member); this only says what a well-formed request is.
 */
export const inviteMemberBodySchema = z.object({
  entityId: z.uuid().describe("The organisation (public.core_entities.id)."),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email().max(320))
    .describe("The address to invite; matched against the invitee's sign-in address on accept."),
  role: z.enum(MEMBER_ROLES).default("member").describe("The role the invitee gets on accepting."),
});
export type InviteMemberBody = z.input<typeof inviteMemberBodySchema>;

export const inviteMemberAnswerSchema = z.object({
  membershipId: z.uuid().describe("The open invitation (public.core_memberships.id)."),
  runId: z
    .string()
    .describe("The Trigger.dev run that mails it; the same run for a repeated call within the hour."),
});

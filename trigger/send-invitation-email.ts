import { schemaTask } from "@trigger.dev/sdk";
import { SEND_INVITATION_EMAIL, sendInvitationEmailSchema } from "../src/domain/tasks.ts";
import { mailEnv } from "./env.ts";
import { sendInvitation } from "./invitation-mail.ts";
import { serviceClient } from "./supabase.ts";

/**
 * Mails one invitation (invitation-mail.ts), started by the invite-member edge function. Retries cover a
 * mail server that is briefly down; the idempotency key the function sets keeps it to one mail.
 */
export const sendInvitationEmail = schemaTask({
  id: SEND_INVITATION_EMAIL,
  schema: sendInvitationEmailSchema,
  retry: { maxAttempts: 5, factor: 2, minTimeoutInMs: 5_000, maxTimeoutInMs: 120_000, randomize: true },
  maxDuration: 120,
  run: ({ membershipId }) => sendInvitation(serviceClient(), mailEnv(), membershipId),
});

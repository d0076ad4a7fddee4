import { tasks } from "@trigger.dev/sdk";
import { inviteMemberBodySchema } from "../_shared/domain/invitation.ts";
import {
  invitationRunOptions,
  SEND_INVITATION_EMAIL,
  type SendInvitationEmailPayload,
} from "../_shared/domain/tasks.ts";
import { configureTrigger } from "../_shared/generation.ts";
import { HttpError, postHandler, readBody } from "../_shared/http.ts";
import { databaseError, requireCaller } from "../_shared/supabase.ts";

/**
 * Invites an address to an organisation and mails the invitation (docs/security.md, "Invitation
 * e-mails"). invite_member runs as the caller, so Postgres decides who may invite and how often; only
 * after it wrote the invitation is the mail task started. The mail leaves from the task, not from here:
 * hosted edge functions cannot open SMTP ports, and the task retries a mail server that is down.
 */
const NOT_AN_ADMIN = "Only an admin of this organisation can invite members.";

Deno.serve(
  postHandler(async (request) => {
    const caller = await requireCaller(request);
    const { entityId, email, role } = await readBody(request, inviteMemberBodySchema);
    const invited = await caller.client.rpc("invite_member", {
      p_entity_id: entityId,
      p_email: email,
      p_role: role,
    });
    if (invited.error?.code === "42501") throw new HttpError(403, NOT_AN_ADMIN);
    if (invited.error?.code === "23505") {
      throw new HttpError(409, `${email} is already a member of this organisation.`);
    }
    if (invited.error) throw databaseError(invited.error);
    const membershipId = invited.data;

    configureTrigger();
    const payload = { membershipId } satisfies SendInvitationEmailPayload;
    let runId: string;
    try {
      runId = (await tasks.trigger(SEND_INVITATION_EMAIL, payload, invitationRunOptions(payload))).id;
    } catch (error) {
      // The invitation stands and can be accepted from the settings screen; inviting again retries the mail.
      console.error("triggering the invitation mail failed", error);
      throw new HttpError(502, "The invitation was saved, but its e-mail could not be sent. Try again.");
    }
    return { membershipId, runId };
  }),
);

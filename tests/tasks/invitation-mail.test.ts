import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../supabase/types/database.types.ts";
import { sendInvitation } from "../../trigger/invitation-mail.ts";
import { Fixtures } from "../functions/support.ts";

/**
 * The send-invitation-email task's work (trigger/invitation-mail.ts) called directly against the real
 * database with the service role: it reads the invitation as it is when the run starts. The mail server
 * named here is not there, so any attempt to send fails the call.
 */
const fixtures = new Fixtures();
let entityId: string;

beforeAll(async () => {
  const entity = await fixtures.db.query<{ id: string }>(
    "insert into public.core_entities (name) values ($1) returning id",
    [`Invitation task ${randomUUID()}`],
  );
  entityId = entity.rows[0]?.id as string;
});
afterAll(() => fixtures.end());

describe("sendInvitation", () => {
  it("tries to mail an open invitation, and sends nothing once it is revoked or accepted", async () => {
    const env = { SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: "a@studymap.local", SITE_URL: "http://x.test" };
    const service = createClient<Database>(fixtures.stack.supabaseUrl, fixtures.stack.serviceRoleKey, {
      auth: { persistSession: false },
    });
    const revoked = await fixtures.db.query<{ id: string }>(
      `insert into public.core_memberships (entity_id, member_role, status, invited_email)
       values ($1, 'member', 'invited', $2) returning id`,
      [entityId, `revoked.${randomUUID().slice(0, 8)}@invite.studymap.test`],
    );
    const revokedId = revoked.rows[0]?.id as string;
    await expect(sendInvitation(service, env, revokedId)).rejects.toThrow();
    await fixtures.db.query("delete from public.core_memberships where id = $1", [revokedId]);
    expect(await sendInvitation(service, env, revokedId)).toEqual({
      sent: false,
      reason: "the invitation no longer exists",
    });
    const accepted = await fixtures.user("accepted");
    const row = await fixtures.db.query<{ id: string }>(
      `insert into public.core_memberships (entity_id, user_id, member_role, status)
       values ($1, $2, 'member', 'active') returning id`,
      [entityId, accepted.id],
    );
    expect(await sendInvitation(service, env, row.rows[0]?.id as string)).toEqual({
      sent: false,
      reason: "the membership is active",
    });
  });
});

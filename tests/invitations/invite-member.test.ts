import { randomUUID } from "node:crypto";
import { auth, runs } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fixtures, failure, type TestUser, triggerSecretKey } from "../functions/support.ts";
import { type InboxMail, inbox } from "../support/clients.ts";

/**
 * Invitation e-mails end to end on the real stack: the invite-member function as the caller, Postgres
 * deciding, the send-invitation-email task on the stack's worker, nodemailer to the inbox's SMTP
 * listener, and the mail read back through the inbox's JSON endpoint.
 */
const fixtures = new Fixtures();
let admin: TestUser;
let member: TestUser;
let entityId: string;
let organisation: string;

beforeAll(async () => {
  [admin, member] = await Promise.all([fixtures.user("admin"), fixtures.user("member")]);
  organisation = `Harbour & "Sons" <${randomUUID().slice(0, 6)}>`;
  const entity = await fixtures.db.query<{ id: string }>(
    "insert into public.core_entities (name) values ($1) returning id",
    [organisation],
  );
  entityId = entity.rows[0]?.id as string;
  await fixtures.db.query(
    `insert into public.core_memberships (entity_id, user_id, member_role, status)
     values ($1, $2, 'admin', 'active'), ($1, $3, 'member', 'active')`,
    [entityId, admin.id, member.id],
  );
  await fixtures.db.query("update public.profiles set display_name = 'Ada <Lovelace>' where id = $1", [
    admin.id,
  ]);
});
afterAll(() => fixtures.end());

interface Invited {
  membershipId: string;
  runId: string;
}

const invite = (caller: TestUser, email: string, role = "member") =>
  caller.supabase.functions.invoke<Invited>("invite-member", { body: { entityId, email, role } });

async function invited(caller: TestUser, email: string, role?: string): Promise<Invited> {
  const { data, error } = await invite(caller, email, role);
  if (error || !data) throw error ?? new Error("no answer");
  return data;
}

/** Waits for the mail task's run to end and returns how it ended, through the stack's task API. */
function finished(runId: string) {
  return auth.withAuth({ baseURL: fixtures.stack.supabaseUrl, accessToken: triggerSecretKey }, () =>
    runs.poll(runId, { pollIntervalMs: 200 }),
  );
}

async function sendRunCount(): Promise<number> {
  const result = await fixtures.db.query<{ count: number }>(
    "select count(*)::int as count from trigger_local.runs where task_identifier = 'send-invitation-email'",
  );
  return result.rows[0]?.count ?? 0;
}

function expectInvitationMail(mail: InboxMail | undefined, email: string) {
  expect(mail?.to).toBe(email);
  expect(mail?.subject).toBe(`Ada <Lovelace> invited you to ${organisation} on Studymap`);
  expect(mail?.text).toContain(`Ada <Lovelace> invited you to join ${organisation} on Studymap`);
  expect(mail?.text).toContain(`${fixtures.stack.siteUrl}/account/settings`);
  // The names are escaped in the HTML part; the link leads to the settings screen of the site.
  expect(mail?.html).toContain("Ada &#60;Lovelace&#62;");
  expect(mail?.html).not.toContain("<Lovelace>");
  expect(mail?.html).toContain(`href="${fixtures.stack.siteUrl}/account/settings"`);
}

describe("invite-member", () => {
  it("mails an invitation to a new address, naming the organisation and the inviter", async () => {
    const email = `new.${randomUUID().slice(0, 8)}@invite.studymap.test`;
    const answer = await invited(admin, email.toUpperCase(), "creator");
    expect((await finished(answer.runId)).status).toBe("COMPLETED");

    const mails = await inbox(email);
    expect(mails).toHaveLength(1);
    expectInvitationMail(mails[0], email);
    expect(mails[0]?.text).toContain("as a creator");
    const row = await fixtures.db.query(
      "select invited_email, member_role, status from public.core_memberships where id = $1",
      [answer.membershipId],
    );
    expect(row.rows).toEqual([{ invited_email: email, member_role: "creator", status: "invited" }]);
  });

  it("mails an invitation to someone who already has an account", async () => {
    const existing = await fixtures.user("existing");
    const answer = await invited(admin, existing.email);
    expect((await finished(answer.runId)).status).toBe("COMPLETED");
    const mails = await inbox(existing.email);
    expect(mails).toHaveLength(1);
    expectInvitationMail(mails[0], existing.email);
    expect(mails[0]?.text).toContain("as a member");
  });

  it("sends one mail for a double click and a repeated call", async () => {
    const email = `twice.${randomUUID().slice(0, 8)}@invite.studymap.test`;
    const [first, second] = await Promise.all([invited(admin, email), invited(admin, email)]);
    const third = await invited(admin, email);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect((await finished(first.runId)).status).toBe("COMPLETED");
    expect(await inbox(email)).toHaveLength(1);
  });

  it("refuses a member who is not an admin: 403, no invitation and no mail", async () => {
    const email = `refused.${randomUUID().slice(0, 8)}@invite.studymap.test`;
    const before = await sendRunCount();
    const result = await invite(member, email);
    expect(await failure(result)).toEqual({
      status: 403,
      body: { error: "Only an admin of this organisation can invite members." },
    });
    const rows = await fixtures.db.query("select 1 from public.core_memberships where invited_email = $1", [
      email,
    ]);
    expect(rows.rowCount).toBe(0);
    expect(await sendRunCount()).toBe(before);
    expect(await inbox(email)).toEqual([]);
  });

  it("answers an active member's address with 409 and a sentence", async () => {
    const result = await invite(admin, member.email);
    expect(await failure(result)).toEqual({
      status: 409,
      body: { error: `${member.email} is already a member of this organisation.` },
    });
  });

  it("answers a malformed address with 400 before touching the database", async () => {
    const result = await invite(admin, "not-an-address");
    const { status, body } = await failure(result);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "Invalid request body", details: [{ path: "email" }] });
  });

  it("refuses an inviter over the daily limit with 429, no invitation and no mail", async () => {
    const limited = await fixtures.user("limited");
    await fixtures.db.query(
      `insert into public.core_memberships (entity_id, user_id, member_role, status)
       values ($1, $2, 'admin', 'active')`,
      [entityId, limited.id],
    );
    // Fifty invitations earlier today, as invite_member logs them.
    await fixtures.db.query(
      "insert into private.invitations_sent (inviter_id) select $1 from generate_series(1, 50)",
      [limited.id],
    );
    const email = `over.${randomUUID().slice(0, 8)}@invite.studymap.test`;
    const before = await sendRunCount();
    const result = await invite(limited, email);
    expect(await failure(result)).toEqual({
      status: 429,
      body: { error: "You can send at most 50 invitations a day. Try again tomorrow." },
    });
    const rows = await fixtures.db.query("select 1 from public.core_memberships where invited_email = $1", [
      email,
    ]);
    expect(rows.rowCount).toBe(0);
    expect(await sendRunCount()).toBe(before);
  });
});

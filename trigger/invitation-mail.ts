import nodemailer from "nodemailer";
import type { MailEnv } from "./env.ts";
import type { TaskClient } from "./generation/pipelines/db.ts";

/**
 * The invitation mail (docs/security.md, "Invitation e-mails"): what the send-invitation-email task
 * does, as plain functions the tests call directly.
 */

export interface InvitationDetails {
  invitedEmail: string;
  role: string;
  organisation: string;
  inviter: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A short English mail naming the organisation and the inviter, linking to the settings screen, where
 * a signed-in invitee sees the invitation and accepts it; a signed-out one signs in first and comes
 * back there (the sign-in keeps redirectTo). The names are the users' own words: escaped in the HTML.
 */
export function renderInvitation(details: InvitationDetails, siteUrl: string): RenderedMail {
  const link = new URL("/account/settings", siteUrl).href;
  const article = /^[aeiou]/i.test(details.role) ? "an" : "a";
  const subject = `${details.inviter} invited you to ${details.organisation} on Studymap`;
  const invitation = `${details.inviter} invited you to join ${details.organisation} on Studymap as ${article} ${details.role}.`;
  const howTo = `Sign in with this address (${details.invitedEmail}) and accept the invitation:`;
  const text = `${invitation}\n\n${howTo}\n${link}\n\nIf you did not expect this invitation, you can ignore this mail.\n`;
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328">
<p>${escapeHtml(invitation)}</p>
<p>${escapeHtml(howTo)}</p>
<p><a href="${escapeHtml(link)}">Open Studymap and accept the invitation</a></p>
<p style="color: #59636e">If you did not expect this invitation, you can ignore this mail.</p>
</body>
</html>`;
  return { subject, text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type SendOutcome = { sent: true; messageId: string } | { sent: false; reason: string };

/**
 * Reads the invitation as it is now and mails it. An invitation revoked or accepted before the task ran
 * gets no mail. A failing mail server throws, so Trigger.dev retries the run.
 */
export async function sendInvitation(
  client: TaskClient,
  env: MailEnv,
  membershipId: string,
): Promise<SendOutcome> {
  const { data, error } = await client.rpc("invitation_mail", { p_membership_id: membershipId });
  if (error) throw new Error(`reading invitation ${membershipId} failed: ${error.message}`);
  const row = data[0];
  if (!row) return { sent: false, reason: "the invitation no longer exists" };
  if (row.status !== "invited") return { sent: false, reason: `the membership is ${row.status}` };
  const mail = renderInvitation(
    {
      invitedEmail: row.invited_email,
      role: row.member_role,
      organisation: row.entity_name,
      inviter: row.inviter_name,
    },
    env.SITE_URL,
  );
  const transport = nodemailer.createTransport(env.SMTP_URL);
  try {
    const info = await transport.sendMail({ from: env.MAIL_FROM, to: row.invited_email, ...mail });
    return { sent: true, messageId: info.messageId };
  } finally {
    transport.close();
  }
}

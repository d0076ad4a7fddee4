import { createClient } from "@supabase/supabase-js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./support/accessibility.ts";
import {
  type InboxMessage,
  inboxMessages,
  launchChromium,
  openPage,
  screenshot,
  signedInContext,
  signInWithCode,
  signUpByCode,
  uniqueEmail,
} from "./support/browser.ts";

/**
 * An invitation by e-mail in Chromium against the real stack: an admin invites an address in settings,
 * the mail reaches the local inbox through the invitation task and the inbox's SMTP listener, and the
 * invitee follows its link, signs in with a code, accepts and is a member.
 */

const UI = { timeout: 30_000, interval: 250 };
const stack = inject("stack");
let browser: Browser;

async function invitationMail(email: string): Promise<InboxMessage | undefined> {
  return (await inboxMessages(email)).find((message) => message.subject.includes("invited you to"));
}

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe("an invitation by e-mail", () => {
  it("goes from the admin's settings through the inbox to an accepted membership", async () => {
    const admin = await signUpByCode("inviter");
    const school = `Mail School ${Date.now().toString(36)}`;
    const created = await admin.client.rpc("create_entity", { p_name: school });
    expect(created.error).toBeNull();
    const named = await admin.client
      .from("profiles")
      .update({ display_name: "Ada Inviter" })
      .eq("id", admin.session.user.id);
    expect(named.error).toBeNull();

    const adminPage = (await openPage(await signedInContext(browser, admin.session))).page;
    await adminPage.goto("/account/settings");
    const invitee = uniqueEmail("invitee");
    const form = adminPage.getByRole("region", { name: "Invite members" });
    await form.getByLabel("E-mail address").fill(invitee);
    await form.getByRole("button", { name: "Invite" }).click();
    await adminPage.getByText(`Invitation sent to ${invitee}`).waitFor(UI);
    await adminPage.getByRole("button", { name: `Revoke the invitation to ${invitee}` }).waitFor(UI);
    await screenshot(adminPage, "invitation-01-sent");
    expect(await seriousViolations(adminPage)).toEqual([]);
    await adminPage.context().close();

    // The mail is sent by a task, so it arrives a moment after the answer.
    await expect.poll(() => invitationMail(invitee), UI).toBeDefined();
    const message = (await invitationMail(invitee)) as InboxMessage;
    expect(message.subject).toBe(`Ada Inviter invited you to ${school} on Studymap`);
    const link = /(https?:\/\/\S+\/account\/settings)/.exec(message.text)?.[1];
    expect(link).toBe(`${stack.siteUrl}/account/settings`);

    // The invitee has no account yet: the link leads through sign-in back to the settings screen.
    const context = await browser.newContext({
      baseURL: inject("webUrl"),
      viewport: { width: 1280, height: 900 },
    });
    const page = (await openPage(context)).page;
    await page.goto(`${stack.inboxUrl}?email=${encodeURIComponent(invitee)}`);
    await page.getByRole("heading", { name: message.subject }).waitFor(UI);
    await screenshot(page, "invitation-02-inbox");
    // The mail's own link, clicked in the inbox (its HTML part opens links in the top window).
    await page
      .frameLocator("iframe")
      .getByRole("link", { name: "Open Studymap and accept the invitation" })
      .click();
    await page.waitForURL((url) => url.pathname === "/login", UI);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/account/settings");
    await signInWithCode(page, invitee);
    await page.waitForURL((url) => url.pathname === "/account/settings", UI);

    const accept = page.getByRole("button", { name: "Accept" });
    await accept.waitFor(UI);
    await screenshot(page, "invitation-03-to-accept");
    expect(await seriousViolations(page)).toEqual([]);
    await accept.click();
    await page.getByText(`You joined ${school}`).waitFor(UI);
    await screenshot(page, "invitation-04-accepted");
    expect(await seriousViolations(page)).toEqual([]);

    const service = createClient(stack.supabaseUrl, stack.serviceRoleKey, {
      auth: { persistSession: false },
    });
    const { data } = await service
      .from("core_memberships")
      .select("status, member_role, profiles(email)")
      .eq("invited_email", invitee);
    expect(data).toEqual([{ status: "active", member_role: "member", profiles: { email: invitee } }]);
    await context.close();
  });
});

import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sampleStructure } from "../tests/functions/support.ts";
import { seriousViolations } from "./support/accessibility.ts";
import {
  launchChromium,
  openPage,
  readSignInCode,
  screenshot as saveScreenshot,
  signInWithCode,
  uniqueEmail,
} from "./support/browser.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Membership and sign-in in Chromium against the real local stack: a deep link survives sign-in and
 * onboarding, an unavailable OAuth provider is a banner, accepting an invitation keeps the active
 * organisation (with a switch), a member sees no manager-only actions on the structure review, and an
 * admin lists members, revokes an invitation and is kept from leaving as the last admin.
 */

const UI = { timeout: 20_000, interval: 250 };
const stack = inject("stack");
let browser: Browser;

interface Account {
  email: string;
  client: SupabaseClient;
  session: Session;
}

async function signUp(label: string): Promise<Account> {
  const email = uniqueEmail(label);
  const client = createClient(stack.supabaseUrl, stack.anonKey, { auth: { persistSession: false } });
  const sent = new Date(Date.now() - 1000);
  expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
  const verified = await client.auth.verifyOtp({
    email,
    token: await readSignInCode(email, sent),
    type: "email",
  });
  expect(verified.error).toBeNull();
  return { email, client, session: verified.data.session as Session };
}

async function createOrganisation(account: Account, name: string): Promise<string> {
  const { data, error } = await account.client.rpc("create_entity", { p_name: name });
  expect(error).toBeNull();
  return data as string;
}

async function invite(admin: Account, entityId: string, email: string): Promise<string> {
  const { data, error } = await admin.client.rpc("invite_member", {
    p_entity_id: entityId,
    p_email: email,
    p_role: "member",
  });
  expect(error).toBeNull();
  return data as string;
}

/** A page in its own browser context, signed in as the account (or signed out without one). */
async function pageFor(account: Account | null): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject("webUrl"),
    viewport: { width: 1280, height: 900 },
  });
  if (account) {
    const storageKey = `sb-${new URL(stack.supabaseUrl).hostname.split(".")[0]}-auth-token`;
    await context.addInitScript(
      ([key, value]) => {
        if (!window.localStorage.getItem(key as string))
          window.localStorage.setItem(key as string, value as string);
      },
      [storageKey, JSON.stringify(account.session)],
    );
  }
  return (await openPage(context)).page;
}

function screenshot(page: Page, name: string) {
  return saveScreenshot(page, `membership-${name}`);
}

let admin: Account;
let member: Account;
let schoolId: string;
let topicId: string;
let pendingEmail: string;

beforeAll(async () => {
  mkdirSync(path.join(ROOT, "test-results", "screenshots"), { recursive: true });
  [admin, member] = await Promise.all([signUp("admin"), signUp("member")]);
  schoolId = await createOrganisation(admin, "Membership School");
  await createOrganisation(member, "Own Lab");
  await invite(admin, schoolId, member.email);
  pendingEmail = uniqueEmail("pending");
  await invite(admin, schoolId, pendingEmail);

  // A topic with a structure awaiting review, written as the service would after generation.
  const service = createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const topic = await service
    .from("topics")
    .insert({
      entity_id: schoolId,
      title: "Rivers",
      processing_status: "awaiting_structure_review",
      processing_progress: 100,
      structure: sampleStructure(),
    })
    .select("id")
    .single();
  expect(topic.error).toBeNull();
  topicId = (topic.data as { id: string }).id;

  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe("signing in", () => {
  it("takes a new user from a deep link through sign-in and onboarding to that link", async () => {
    const page = await pageFor(null);
    await page.goto("/explore?q=rivers");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/explore?q=rivers");

    await signInWithCode(page, uniqueEmail("newcomer"));
    await page.waitForURL((url) => url.pathname === "/onboarding", UI);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/explore?q=rivers");
    await page.getByRole("heading", { name: "Welcome to studymap" }).waitFor();
    await screenshot(page, "01-onboarding-with-deep-link");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Organisation name").fill("Newcomer School");
    await page.getByRole("button", { name: "Create organisation" }).click();
    await page.waitForURL((url) => url.pathname === "/explore", UI);
    expect(new URL(page.url()).searchParams.get("q")).toBe("rivers");
    await page.context().close();
  });

  it("shows an OAuth provider's failure as a banner, not on the e-mail field", async () => {
    const page = await pageFor(null);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    const banner = page.getByRole("alert").filter({ hasText: "Google" });
    await banner.waitFor(UI);
    expect(await banner.textContent()).toBe(
      "Signing in with Google is not available for studymap. Use an e-mail code instead.",
    );
    expect(await page.getByLabel("E-mail address").getAttribute("aria-invalid")).toBeNull();
    await screenshot(page, "02-oauth-banner");
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("a member", () => {
  it("accepts an invitation, stays in their organisation and may switch", async () => {
    const page = await pageFor(member);
    await page.goto("/account/settings");
    await page.getByRole("button", { name: "Accept" }).click();
    const notice = page.getByText("You joined Membership School. You are still working in Own Lab.");
    await notice.waitFor(UI);
    const active = page
      .getByRole("region", { name: "Organisations" })
      .getByRole("combobox", { name: "Active organisation" });
    expect(await active.locator("option:checked").textContent()).toBe("Own Lab");
    await screenshot(page, "03-invitation-accepted");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Switch to Membership School" }).click();
    await expect.poll(() => active.locator("option:checked").textContent(), UI).toBe("Membership School");
    await page.context().close();
  });

  it("subscribes to a topic on behalf of the organisation, and a second visit finds it subscribed", async () => {
    const page = await pageFor(member);
    await page.goto(`/subscribe/topic/${topicId}?entityId=${schoolId}&entityKind=organisation`);
    await page.getByText("You subscribe on behalf of Membership School.").waitFor(UI);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL((url) => url.pathname === `/studymap/topics/${topicId}/overview`, UI);
    const stored = await member.client
      .from("topic_subscriptions")
      .select("topic_id, entity_id, entity_kind")
      .eq("topic_id", topicId);
    expect(stored.error).toBeNull();
    expect(stored.data).toEqual([{ topic_id: topicId, entity_id: schoolId, entity_kind: "organisation" }]);

    await page.goto(`/subscribe/topic/${topicId}`);
    await page.getByRole("link", { name: "Already subscribed — open topic" }).waitFor(UI);
    await screenshot(page, "03b-subscribed");
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("sees the structure review without Regenerate or Accept Structure", async () => {
    const page = await pageFor(member);
    const asked = page.waitForResponse((response) => response.url().includes("/rpc/can_manage_topic"));
    await page.goto(`/studymap/topics/${topicId}/structure-review`);
    await page.getByRole("heading", { name: "Rivers of Europe" }).waitFor(UI);
    // Once the database has answered, the actions would be on screen if it had said yes.
    expect(await (await asked).json()).toBe(false);
    expect(await page.getByRole("button", { name: "Regenerate" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Accept Structure" }).count()).toBe(0);
    await screenshot(page, "04-structure-review-as-member");
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("an admin", () => {
  it("sees the structure review with its actions", async () => {
    const page = await pageFor(admin);
    await page.goto(`/studymap/topics/${topicId}/structure-review`);
    await page.getByRole("button", { name: "Accept Structure" }).waitFor(UI);
    expect(await page.getByRole("button", { name: "Regenerate" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("lists members, revokes an invitation and cannot leave as the last admin", async () => {
    const page = await pageFor(admin);
    await page.goto("/account/settings");
    const members = page.getByRole("region", { name: "Members", exact: true });
    await members.getByText(member.email).waitFor(UI);
    await members.getByText(admin.email).waitFor(UI);

    const revoke = page.getByRole("button", { name: `Revoke the invitation to ${pendingEmail}` });
    await screenshot(page, "05-members-and-invitations");
    expect(await seriousViolations(page)).toEqual([]);
    await revoke.click();
    await expect.poll(() => revoke.count(), UI).toBe(0);
    const { data: left } = await admin.client
      .from("core_memberships")
      .select("id")
      .eq("invited_email", pendingEmail);
    expect(left).toEqual([]);

    await page.getByRole("button", { name: "Leave Membership School" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave Membership School?" });
    await dialog.getByRole("button", { name: "Leave organisation" }).click();
    await dialog
      .getByText(
        "You are the last admin of Membership School. Make another member an admin before you leave.",
      )
      .waitFor(UI);
    await screenshot(page, "06-last-admin-cannot-leave");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.context().close();
  });
});

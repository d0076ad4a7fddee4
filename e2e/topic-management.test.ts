import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, openPage, screenshot, signedInContext, signUpByCode } from "./support/browser.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Managing topics and roles in Chromium against the real local stack: an admin renames, moves and
 * deletes a topic (its file queued for the cleanup), the topic page on a phone opens without an empty
 * thumbnail, and the admin changes a colleague's role but cannot demote the last admin.
 */

const UI = { timeout: 20_000, interval: 250 };
const stack = inject("stack");
const service = createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
let browser: Browser;
let admin: { client: SupabaseClient; session: Session };
let colleague: { client: SupabaseClient; session: Session };
let schoolId: string;
let collections: { first: string; second: string };
let topicId: string;
let sourceFile: string;

async function rpc<T>(client: SupabaseClient, name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(name, args);
  expect(error).toBeNull();
  return data as T;
}

async function collection(title: string): Promise<string> {
  const { data, error } = await admin.client
    .from("modules")
    .insert({ entity_id: schoolId, title, created_by: admin.session.user.id })
    .select("id")
    .single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

/** A topic in the first collection with one uploaded source file, as the new-topic form leaves it. */
async function topicWithFile(): Promise<void> {
  const { data, error } = await admin.client
    .from("topics")
    .insert({
      entity_id: schoolId,
      module_id: collections.first,
      title: "Rivers",
      created_by: admin.session.user.id,
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  topicId = (data as { id: string }).id;
  sourceFile = `${schoolId}/${topicId}/rivers.txt`;
  const upload = await admin.client.storage
    .from("sources")
    .upload(sourceFile, new Blob(["Rivers carry sand."], { type: "text/plain" }));
  expect(upload.error).toBeNull();
}

/** A new profile's display name: its address before the "@". */
const displayName = (session: Session) => session.user.email?.split("@")[0];

async function page(session: Session, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await signedInContext(browser, session);
  const { page: tab } = await openPage(context);
  await tab.setViewportSize(viewport);
  return tab;
}

beforeAll(async () => {
  mkdirSync(path.join(ROOT, "test-results", "screenshots"), { recursive: true });
  [admin, colleague] = await Promise.all([signUpByCode("tm-admin"), signUpByCode("tm-colleague")]);
  schoolId = await rpc<string>(admin.client, "create_entity", { p_name: "Topic Management School" });
  const invitation = await rpc<string>(admin.client, "invite_member", {
    p_entity_id: schoolId,
    p_email: colleague.session.user.email,
    p_role: "member",
  });
  await rpc(colleague.client, "accept_invitation", { p_membership_id: invitation });
  collections = { first: await collection("Water"), second: await collection("Landscapes") };
  await topicWithFile();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe("managing a topic", () => {
  it("renames and describes it from the topic page", async () => {
    const tab = await page(admin.session);
    await tab.goto(`/studymap/topics/${topicId}/overview`);
    await tab.getByRole("button", { name: "Edit details" }).click();
    const dialog = tab.getByRole("dialog", { name: "Edit topic details" });
    await dialog.getByLabel("Title").fill("Rivers of Europe");
    await dialog.getByLabel("Description").fill("Rhine, Danube and Rhône.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await tab.getByRole("heading", { level: 1, name: "Rivers of Europe" }).waitFor(UI);
    const { data } = await service.from("topics").select("title, description").eq("id", topicId).single();
    expect(data).toEqual({ title: "Rivers of Europe", description: "Rhine, Danube and Rhône." });
  });

  it("shows a phone the title first, without an empty thumbnail", async () => {
    const tab = await page(admin.session, { width: 390, height: 844 });
    await tab.goto(`/studymap/topics/${topicId}/overview`);
    const heading = tab.getByRole("heading", { level: 1, name: "Rivers of Europe" });
    await heading.waitFor(UI);
    expect(await tab.getByTestId("topic-thumbnail").isVisible()).toBe(false);
    expect((await heading.boundingBox())?.y).toBeLessThan(300);
    await screenshot(tab, "topic-management-phone-390");
  });

  it("moves it to another collection of the organisation", async () => {
    const tab = await page(admin.session);
    await tab.goto(`/studymap/topics/${topicId}/overview`);
    await tab.getByRole("button", { name: "Move" }).click();
    const dialog = tab.getByRole("dialog", { name: "Move topic" });
    await dialog.getByLabel("Collection").selectOption({ label: "Landscapes" });
    await dialog.getByRole("button", { name: "Move topic" }).click();
    await dialog.waitFor({ state: "detached", timeout: UI.timeout });
    const { data } = await service.from("topics").select("module_id").eq("id", topicId).single();
    expect(data?.module_id).toBe(collections.second);
  });

  it("is not offered to a plain member", async () => {
    const tab = await page(colleague.session);
    await tab.goto(`/studymap/topics/${topicId}/overview`);
    await tab.getByRole("heading", { level: 1, name: "Rivers of Europe" }).waitFor(UI);
    await tab.waitForLoadState("networkidle");
    expect(await tab.getByRole("button", { name: "Edit details" }).count()).toBe(0);
  });

  it("deletes it after a confirmation, queueing its file for the cleanup", async () => {
    const tab = await page(admin.session);
    await tab.goto(`/studymap/topics/${topicId}/overview`);
    await tab.getByRole("button", { name: "Delete" }).click();
    const dialog = tab.getByRole("dialog", { name: "Delete Rivers of Europe?" });
    await screenshot(tab, "topic-management-delete-dialog");
    await dialog.getByRole("button", { name: "Delete topic" }).click();
    await tab.waitForURL((url) => url.pathname === "/studymap", UI);
    const { data: rows } = await service.from("topics").select("id").eq("id", topicId);
    expect(rows).toEqual([]);
    const queued = await rpc<Array<{ object_name: string }>>(service, "orphaned_files", { p_limit: 1000 });
    expect(queued.map((file) => file.object_name)).toContain(sourceFile);
  });
});

describe("changing a member's role", () => {
  it("lets the admin make a colleague manager, and keeps the last admin an admin", async () => {
    const tab = await page(admin.session);
    await tab.goto("/account/settings");
    const members = tab.getByRole("region", { name: "Members", exact: true });
    await members.getByLabel(`Role of ${displayName(colleague.session)}`).selectOption("manager");
    await expect
      .poll(async () => {
        const { data } = await service
          .from("core_memberships")
          .select("member_role")
          .eq("entity_id", schoolId)
          .eq("user_id", colleague.session.user.id)
          .single();
        return data?.member_role;
      }, UI)
      .toBe("manager");

    await members.getByLabel(`Role of ${displayName(admin.session)}`).selectOption("member");
    await members
      .getByRole("alert")
      .filter({
        hasText: "Topic Management School needs at least one admin. Make another member an admin first.",
      })
      .waitFor(UI);
    expect(await members.getByLabel(`Role of ${displayName(admin.session)}`).inputValue()).toBe("admin");
    await screenshot(tab, "topic-management-roles");
  });
});

import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DAILY_LIMIT_MESSAGE, NOT_IN_SOURCES } from "../src/domain/ask.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { launchChromium, openPage, screenshot, signedInContext, signUpByCode } from "./support/browser.ts";

/**
 * "Ask your sources" in Debian's Chromium (docs/ask.md): from the topic's hub to the chat, a question
 * answered offline with the best passages, a citation chip opening the "Source Citation" dialog with the
 * exact lines, an answer the sources do not hold, the daily limit's message, and the screen on a phone.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const stack = inject("stack");
const UI = { timeout: 30_000 };

const LINES = [
  "Rivers begin at a source high in the mountains.",
  "Where a river meets the sea it often forms a delta.",
  "A delta is built from sand and mud the river carries.",
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let learner: { client: SupabaseClient; session: Session };
let topicId: string;

const service = () =>
  createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });

/** The learner's own organisation and topic, with one pasted source cut into a chunk as ingestion would. */
async function createTopicWithSource(client: SupabaseClient): Promise<string> {
  const entity = await client.rpc("create_entity", { p_name: "Ask School" });
  expect(entity.error).toBeNull();
  const entityId = typeof entity.data === "string" ? entity.data : (entity.data as { id: string }).id;
  const topic = await client
    .from("topics")
    .insert({ entity_id: entityId, title: "Rivers" })
    .select("id")
    .single();
  expect(topic.error).toBeNull();
  const id = topic.data?.id as string;
  const source = await service()
    .from("topic_sources")
    .insert({
      topic_id: id,
      kind: "pasted",
      file_name: "Rivers.txt",
      pasted_text: LINES.join("\n"),
      status: "ingested",
      created_by: learner.session.user.id,
    })
    .select("id")
    .single();
  expect(source.error).toBeNull();
  const chunk = await service()
    .from("source_chunks")
    .insert({
      source_id: source.data?.id as string,
      topic_id: id,
      file_name: "Rivers.txt",
      line_start: 0,
      line_end: LINES.length - 1,
      content: LINES.join("\n"),
    });
  expect(chunk.error).toBeNull();
  return id;
}

async function ask(question: string) {
  await page.getByLabel("Your question").fill(question);
  await page.getByRole("button", { name: "Ask", exact: true }).click();
}

beforeAll(async () => {
  mkdirSync(path.join(ROOT, "test-results", "screenshots"), { recursive: true });
  learner = await signUpByCode("ask");
  topicId = await createTopicWithSource(learner.client);
  browser = await launchChromium();
  context = await signedInContext(browser, learner.session);
  ({ page, consoleErrors } = await openPage(context));
});

afterAll(async () => {
  await browser?.close();
});

describe("Ask your sources", () => {
  it("is reached from the topic's hub and starts with an empty conversation", async () => {
    await page.goto(`/studymap/topics/${topicId}/overview`);
    await page.getByRole("link", { name: "Ask your sources" }).click(UI);
    await page.getByRole("heading", { name: "Ask your sources", level: 1 }).waitFor(UI);
    expect(page.url()).toContain(`/studymap/topics/${topicId}/ask`);
    await page.getByText("Ask anything about this topic.").waitFor(UI);
  });

  it("answers with the best passage, whose chip opens the Source Citation dialog at the exact lines", async () => {
    await ask("What is a delta made of?");
    const answer = page.getByTestId("answer-sentence").first();
    await answer.waitFor(UI);
    expect(await answer.textContent()).toContain("A delta is built from sand and mud the river carries.");
    await expect.poll(() => page.getByLabel("Your question").inputValue()).toBe("");

    // A pasted source has no file name nor address: its chip says "Web", as everywhere (docs/product.md §2).
    await answer.getByRole("button", { name: "Web" }).click();
    const dialog = page.getByRole("dialog", { name: "Source Citation" });
    await dialog.waitFor(UI);
    const dialogText = (await dialog.textContent()) ?? "";
    expect(dialogText).toContain("A delta is built from sand and mud the river carries.");
    expect(dialogText).toMatch(/Lines: \d+-3/);
    await screenshot(page, "ask-sources-citation");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden", ...UI });
  });

  it("says so when the sources do not hold the answer", async () => {
    await ask("Who won the football match?");
    await page.getByText(NOT_IN_SOURCES).waitFor(UI);
    expect(await page.getByRole("listitem").filter({ hasText: "football" }).count()).toBe(1);
  });

  it("keeps the conversation across visits", async () => {
    await page.reload();
    await page.getByText("What is a delta made of?").waitFor(UI);
    expect(await page.getByText(NOT_IN_SOURCES).count()).toBe(1);
  });

  it("fits a phone and has no serious accessibility violation", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByText("What is a delta made of?").waitFor(UI);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "ask-sources-phone");
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
  it("tells the learner when the daily limit is reached", async () => {
    const conversation = await service()
      .from("ask_conversations")
      .select("id")
      .eq("topic_id", topicId)
      .single();
    expect(conversation.error).toBeNull();
    const filler = Array.from({ length: 48 }, (_, n) => ({
      conversation_id: conversation.data?.id as string,
      role: "question",
      content: `Earlier question ${n}`,
      status: "answered",
    }));
    expect((await service().from("ask_messages").insert(filler)).error).toBeNull();
    await ask("One question too many?");
    await page.getByText(DAILY_LIMIT_MESSAGE).waitFor(UI);
    expect(await page.getByLabel("Your question").inputValue()).toBe("One question too many?");
    // The refused request is the only console error: the browser logs every 429 it receives.
    expect(consoleErrors.filter((error) => !error.includes("429"))).toEqual([]);
  });
});

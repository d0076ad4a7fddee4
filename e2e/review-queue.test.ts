import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { PhaseKind } from "../src/domain/phase.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { launchChromium, openPage, screenshot, signedInContext, signUpByCode } from "./support/browser.ts";

/**
 * The diagnostic seeds spaced repetition and the review queue across topics (issue 23, point 6), in
 * Chromium against the real local stack: a learner answers a chapter's diagnostic with one subtopic right
 * and one wrong; the cards of the right one are scheduled days ahead, those of the wrong one stay due;
 * /review then counts the due cards per topic (with a second topic's due card), and grading one there
 * lowers its topic's count.
 */

const UI = { timeout: 20_000, interval: 250 };
const DAY_MS = 24 * 60 * 60 * 1000;
const stack = inject("stack");
let browser: Browser;
let page: Page;
let consoleErrors: string[];
let learner: SupabaseClient;
let userId: string;
const topicIds: Record<string, string> = {};
const chapterIds: Record<string, string> = {};

const question = (id: string, subtopic: string, stem: string, options: string[]) => ({
  id,
  stem,
  options,
  correct_option: 0,
  explanation: "",
  difficulty: "easy",
  subtopic_id: subtopic,
  citations: [],
});
const card = (id: string, subtopic: string | null, q: string) => ({
  id,
  q,
  a: `Antwoord op: ${q}`,
  hint: null,
  subtopic_id: subtopic,
  citations: [],
});

const RIVERS = {
  diagnostic: {
    questions: [
      question("q-loop", "loop", "Hoe heten de grote bochten in de benedenloop?", ["Meanders", "Kribben"]),
      question("q-delta", "delta", "Wat vormt een rivier bij haar monding?", ["Een delta", "Een bron"]),
    ],
  },
  practice: {
    cards: [
      card("c-loop-1", "loop", "Wat is een meander?"),
      card("c-loop-2", "loop", "Waar stroomt een rivier het snelst?"),
      card("c-delta", "delta", "Hoe ontstaat een delta?"),
      card("c-general", null, "Wat is een stroomgebied?"),
    ],
  },
};
const MOUNTAINS = { practice: { cards: [card("c-berg", "top", "Wat is een boomgrens?")] } };

/** A topic of the learner's own school with one chapter of these phases, saved as the generation task saves. */
async function topicWithCourse(
  entityId: string,
  title: string,
  payloads: Partial<Record<PhaseKind, unknown>>,
) {
  const topic = await learner.from("topics").insert({ entity_id: entityId, title }).select("id").single();
  expect(topic.error).toBeNull();
  const topicId = (topic.data as { id: string }).id;
  const service = createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const saved = await service.rpc("save_generated_course", {
    p_topic_id: topicId,
    p_created_by: userId,
    p_title: title,
    p_publish: true,
    p_chapters: [
      {
        title: `${title}: hoofdstuk 1`,
        summary: null,
        section_id: null,
        activities: Object.entries(payloads).map(([kind, payload], index) => ({
          kind,
          title: `${title}: ${kind}`,
          position: index + 1,
          payload,
          citations: [],
        })),
      },
    ],
  });
  expect(saved.error).toBeNull();
  const outline = await learner.rpc("get_microlearning_outline", { p_topic_id: topicId });
  expect(outline.error).toBeNull();
  const [chapter] = (outline.data as { chapters: Array<{ id: string }> }).chapters;
  if (!chapter) throw new Error(`no chapter in ${title}`);
  topicIds[title] = topicId;
  chapterIds[title] = chapter.id;
}

async function activityId(title: string, kind: PhaseKind): Promise<string> {
  const { data, error } = await learner
    .from("activities")
    .select("id")
    .eq("chapter_id", chapterIds[title] as string)
    .eq("kind", kind)
    .single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

/** The learner's card states of a practice activity: card id → days until due (rounded; due now is 0). */
async function daysUntilDue(practiceId: string): Promise<Record<string, number>> {
  const { data, error } = await learner
    .from("practice_card_states")
    .select("card_id, due_at")
    .eq("activity_id", practiceId);
  expect(error).toBeNull();
  return Object.fromEntries(
    (data ?? []).map((row) => [row.card_id, Math.round((Date.parse(row.due_at) - Date.now()) / DAY_MS) || 0]),
  );
}

beforeAll(async () => {
  const signedUp = await signUpByCode("review-queue");
  learner = signedUp.client;
  userId = signedUp.session.user.id;
  const entity = await learner.rpc("create_entity", { p_name: "Herhaalschool" });
  expect(entity.error).toBeNull();
  await topicWithCourse(entity.data as string, "Rivieren", RIVERS);
  await topicWithCourse(entity.data as string, "Bergen", MOUNTAINS);
  // A card of the other topic the learner graded "Opnieuw" earlier: due now.
  const bergen = await activityId("Bergen", "practice");
  const past = new Date(Date.now() - DAY_MS).toISOString();
  const earlier = await learner.from("practice_card_states").insert({
    user_id: userId,
    activity_id: bergen,
    card_id: "c-berg",
    card: {
      due: past,
      stability: 0.2,
      difficulty: 6,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 0,
      reps: 1,
      lapses: 0,
      state: 1,
      last_review: past,
    },
    due_at: past,
  });
  expect(earlier.error).toBeNull();

  browser = await launchChromium();
  ({ page, consoleErrors } = await openPage(await signedInContext(browser, signedUp.session)));
});

afterEach(async ({ task }) => {
  if (task.result?.state === "fail" && page) {
    await screenshot(page, `review-queue-failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
    console.error("console errors:", consoleErrors);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe("the diagnostic seeds the review queue", () => {
  it("schedules the cards of a subtopic answered right days ahead and keeps the others due", async () => {
    await page.goto(`/studymap/topics/${topicIds.Rivieren}/microlearning/diagnostic/${chapterIds.Rivieren}/`);
    const groups = page.getByRole("group");
    await expect.poll(() => groups.count(), UI).toBe(2);
    await groups.nth(0).getByRole("radio", { name: "Meanders", exact: true }).check();
    await groups.nth(1).getByRole("radio", { name: "Een bron", exact: true }).check();
    await page.getByRole("button", { name: "Controleer antwoorden" }).click();
    await expect.poll(() => page.getByText("Score: 1 van 2").count(), UI).toBe(1);

    const practice = await activityId("Rivieren", "practice");
    await expect
      .poll(() => daysUntilDue(practice), UI)
      .toEqual({ "c-loop-1": 3, "c-loop-2": 3, "c-delta": 0 });
  });

  it("shows the due cards per topic on /review, reached from the navigation", async () => {
    await page.goto("/studymap");
    await page.getByRole("link", { name: "Review" }).first().click();
    await expect.poll(() => new URL(page.url()).pathname, UI).toBe("/review");
    await expect.poll(() => page.getByText("2 kaarten te herhalen uit 2 onderwerpen.").count(), UI).toBe(1);
    const rivers = page.getByRole("region", { name: "Rivieren" });
    expect(await rivers.getByText("1 kaart te herhalen").count()).toBe(1);
    expect(await rivers.getByRole("listitem").count()).toBe(1);
    expect(await rivers.getByText("Hoe ontstaat een delta?").count()).toBe(1);
    const mountains = page.getByRole("region", { name: "Bergen" });
    expect(await mountains.getByText("1 kaart te herhalen").count()).toBe(1);
    await screenshot(page, "review-queue");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("grading a card there schedules it and lowers its topic's count", async () => {
    const rivers = page.getByRole("region", { name: "Rivieren" });
    await rivers.getByRole("button", { name: /Hoe ontstaat een delta\?/ }).click();
    await rivers.getByRole("button", { name: /Goed/ }).click();
    await expect.poll(() => rivers.getByText("0 kaarten te herhalen").count(), UI).toBe(1);
    const practice = await activityId("Rivieren", "practice");
    await expect.poll(async () => ((await daysUntilDue(practice))["c-delta"] ?? -1) >= 0, UI).toBe(true);
    const { data } = await learner.rpc("due_practice_cards");
    expect((data ?? []).map((row: { card_id: string }) => row.card_id)).toEqual(["c-berg"]);
    expect(consoleErrors).toEqual([]);
  });
});

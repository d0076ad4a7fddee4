import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { Question } from "../src/domain/activity-payload.ts";
import type { PhaseKind } from "../src/domain/phase.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { launchChromium, openPage, screenshot, signUpByCode } from "./support/browser.ts";

/** Where the other e2e screenshots go (e2e/support/browser.ts), git-ignored. */

/**
 * The phases as a path and the study screens on a phone (issue 24), in Chromium at 390 px with touch
 * against the real local stack: "Volgende" and "Vorige" through a course whose second chapter lacks
 * some phases, "Start where you left off" from the overview, and a practice card, a question and a
 * slide that fit the screen, turn by a tap and a swipe, and offer targets of at least 44 px.
 */

const UI = { timeout: 20_000, interval: 250 };
const PHONE = { width: 390, height: 844 };
const MIN_TARGET_PX = 44;
const stack = inject("stack");
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let learner: SupabaseClient;
let topicId: string;
let chapterIds: string[];

const question = (id: string, stem: string, options: string[], correct: number): Question => ({
  id,
  stem,
  options,
  correct_option: correct,
  explanation: "De grote bochten in de benedenloop heten meanders.",
  difficulty: "easy",
  subtopic_id: null,
  citations: [],
});

const QUESTION = question(
  "q1",
  "Hoe heten de grote bochten die een rivier in haar benedenloop maakt?",
  ["Meanders", "Uiterwaarden", "Kribben"],
  0,
);
const CARD = {
  id: "card-1",
  q: "Waarom stroomt het water in de bovenloop van een rivier sneller dan in de benedenloop?",
  a: "Omdat het verval in de bergen groter is.",
  hint: "Denk aan de helling.",
};

// The second chapter has no diagnostic and no mastery check: the path skips them.
const CHAPTERS: Array<{ title: string; kinds: PhaseKind[] }> = [
  {
    title: "De loop van een rivier",
    kinds: ["overview", "diagnostic", "study", "practice", "mastery", "recap"],
  },
  { title: "Delta's en dijken", kinds: ["overview", "study", "practice", "recap"] },
];

function payloadOf(kind: PhaseKind) {
  switch (kind) {
    case "overview":
      return {
        objectives: ["Je kunt de loop van een rivier beschrijven."],
        slides: [
          {
            title: "De bovenloop en de benedenloop",
            bullets: ["Snel stromend water in een V-dal", "Langzaam water dat meanders vormt"],
          },
        ],
      };
    case "diagnostic":
    case "mastery":
      return { questions: [QUESTION] };
    case "study":
      return {
        blocks: [
          {
            type: "text",
            content: "Een rivier begint bij een bron.",
            question: null,
            subtopic_id: null,
            citations: [],
          },
        ],
      };
    case "practice":
      return { cards: [{ ...CARD, subtopic_id: null, citations: [] }] };
    case "recap":
      return { transcript: "Een rivier loopt van de bron naar de zee.", bullets: [] };
  }
}

/** The learner's own draft course, saved by the service role as the generation task saves it. */
async function saveCourse(createdBy: string): Promise<void> {
  const service = createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const { error } = await service.rpc("save_generated_course", {
    p_topic_id: topicId,
    p_created_by: createdBy,
    p_title: "Rivieren",
    p_publish: false,
    p_chapters: CHAPTERS.map((chapter) => ({
      title: chapter.title,
      summary: null,
      section_id: null,
      activities: chapter.kinds.map((kind, index) => ({
        kind,
        title: `${chapter.title}: ${kind}`,
        position: index + 1,
        payload: payloadOf(kind),
        citations: [],
      })),
    })),
  });
  expect(error).toBeNull();
}

/** A phone: 390 px wide, touch, signed in with the learner's session. */
async function phoneContext(session: Session): Promise<BrowserContext> {
  const phone = await browser.newContext({
    baseURL: inject("webUrl"),
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const storageKey = `sb-${new URL(stack.supabaseUrl).hostname.split(".")[0]}-auth-token`;
  await phone.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key as string))
        window.localStorage.setItem(key as string, value as string);
    },
    [storageKey, JSON.stringify(session)],
  );
  return phone;
}

/**
 * The screen as the phone shows it. Not a full-page capture: for that Chromium re-emulates the device,
 * and the page briefly reports a fine pointer, which would show the keyboard hints a phone never sees.
 */
function shoot(name: string) {
  return screenshot(page, `study-path-${name}`, { fullPage: false });
}

const phasePath = (kind: PhaseKind, chapter: number) =>
  `/studymap/topics/${topicId}/microlearning/${kind}/${chapterIds[chapter]}`;

async function expectPath(path: string) {
  await expect.poll(() => new URL(page.url()).pathname.replace(/\/$/, ""), UI).toBe(path);
}

/** The page is no wider than the screen: nothing to scroll sideways. */
async function horizontalOverflow(): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The elements sticking out past the screen's right edge, to name the culprit when there is one. */
async function overflowingElements(): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
}

async function expectFitsTheScreen() {
  expect({ overflow: await horizontalOverflow(), culprits: await overflowingElements() }).toEqual({
    overflow: 0,
    culprits: [],
  });
}

async function height(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? 0;
}

/** A finger moving sideways across an element, as the touch screen reports it. */
async function swipe(locator: Locator, dx: number) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("nothing to swipe");
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step++)
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: x + (dx * step) / 5, y }],
    });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

beforeAll(async () => {
  const signedUp = await signUpByCode("study-path");
  learner = signedUp.client;
  const entity = await learner.rpc("create_entity", { p_name: "Rivierschool" });
  expect(entity.error).toBeNull();
  const topic = await learner
    .from("topics")
    .insert({ entity_id: entity.data as string, title: "Rivieren" })
    .select("id")
    .single();
  expect(topic.error).toBeNull();
  topicId = (topic.data as { id: string }).id;
  await saveCourse(signedUp.session.user.id);
  const outline = await learner.rpc("get_microlearning_outline", { p_topic_id: topicId });
  expect(outline.error).toBeNull();
  const chapters = (
    outline.data as {
      chapters: Array<{ id: string; position: number; activities: Array<{ id: string; kind: string }> }>;
    }
  ).chapters.sort((a, b) => a.position - b.position);
  chapterIds = chapters.map((chapter) => chapter.id);
  expect(chapterIds).toHaveLength(2);

  // The learner has done the first chapter's overview and diagnostic: study is where they left off.
  const done = chapters[0]?.activities.filter((activity) =>
    ["overview", "diagnostic"].includes(activity.kind),
  );
  for (const activity of done ?? []) {
    const saved = await learner.from("activity_progress").insert({
      activity_id: activity.id,
      user_id: signedUp.session.user.id,
      status: "completed",
    });
    expect(saved.error).toBeNull();
  }

  browser = await launchChromium();
  context = await phoneContext(signedUp.session);
  ({ page, consoleErrors } = await openPage(context));
});

afterEach(async ({ task }) => {
  if (task.result?.state === "fail" && page) {
    await shoot(`failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
    console.error("console errors:", consoleErrors);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe("the phases as a path, on a phone", () => {
  it("resumes from the overview at the first unfinished activity", async () => {
    await page.goto(`/studymap/topics/${topicId}/microlearning/`);
    await page.getByRole("link", { name: "Start where you left off" }).click();
    await expectPath(phasePath("study", 0));
    await expect
      .poll(() => page.getByRole("heading", { name: `${CHAPTERS[0]?.title}: study` }).count(), UI)
      .toBe(1);
  });

  it("walks Volgende through both chapters, skipping missing phases, and Vorige back", async () => {
    await page.goto(phasePath("overview", 0));
    const walked: string[] = [phasePath("overview", 0)];
    const expected = CHAPTERS.flatMap((chapter, index) =>
      chapter.kinds.map((kind) => phasePath(kind, index)),
    );
    for (const next of expected.slice(1)) {
      // Right after a step the previous phase's link may still be on screen (the next phase's code and
      // rows are loading): clicking it would go nowhere, so wait for the link that leads on from here.
      const link = page.getByRole("link", { name: /^Volgende/ });
      await expect.poll(async () => (await link.getAttribute("href"))?.replace(/\/$/, ""), UI).toBe(next);
      await link.click();
      await expectPath(next);
      walked.push(next);
    }
    expect(walked).toEqual(expected);
    expect(consoleErrors).toEqual([]);
    // After the last phase the way on is the overview; there is no Volgende.
    await expect.poll(() => page.getByRole("link", { name: "Terug naar overzicht" }).count(), UI).toBe(1);
    expect(await page.getByRole("link", { name: /^Volgende/ }).count()).toBe(0);

    // Back across the chapter boundary: the second chapter's overview leads to the first one's recap.
    await page.goto(phasePath("study", 1));
    await page.getByRole("link", { name: /^Vorige/ }).click();
    await expectPath(phasePath("overview", 1));
    const previous = page.getByRole("link", { name: /^Vorige/ });
    await expect.poll(() => previous.textContent(), UI).toBe("VorigeOnderdeel 1 · Recap");
    expect(await height(previous)).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    await previous.click();
    await expectPath(phasePath("recap", 0));
    await expectFitsTheScreen();
  });

  it("shows a practice card readable at 390 px, turned by a tap and a swipe, with no key hint", async () => {
    await page.goto(phasePath("practice", 0));
    const card = page.getByRole("button", { name: new RegExp(CARD.q.slice(0, 30)) });
    await expect.poll(() => card.count(), UI).toBe(1);
    const stem = page.getByText(CARD.q, { exact: true });
    // The question has the card's width, not a sliver beside its badges.
    expect((await stem.boundingBox())?.width ?? 0).toBeGreaterThan(PHONE.width * 0.7);
    expect(await page.evaluate(() => window.matchMedia("(pointer: coarse)").matches)).toBe(true);
    expect(await page.getByText("(spatie)").isVisible()).toBe(false);
    expect(await page.getByText("(tik of veeg)").isVisible()).toBe(true);
    await expectFitsTheScreen();
    await shoot("01-practice-card");

    await card.tap();
    await expect.poll(() => card.getAttribute("aria-expanded"), UI).toBe("true");
    await expect.poll(() => page.getByText(CARD.a, { exact: true }).isVisible(), UI).toBe(true);
    const good = page.getByRole("button", { name: "Goed" });
    expect(await height(good)).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    await expectFitsTheScreen();
    await shoot("02-practice-card-turned");
    expect(await seriousViolations(page)).toEqual([]);

    // Turned and due, a swipe to the right grades it Goed and turns it back for the next review.
    await swipe(card, 150);
    await expect.poll(() => page.getByText("Beoordeeld als Goed").count(), UI).toBe(1);
    await expect.poll(() => card.getAttribute("aria-expanded"), UI).toBe("false");
    // Unturned, a swipe turns it over.
    await swipe(card, -150);
    await expect.poll(() => card.getAttribute("aria-expanded"), UI).toBe("true");
  });

  it("shows a question at 390 px with 44 px options, marking a wrong answer in words", async () => {
    await page.goto(phasePath("mastery", 0));
    const wrong = page.getByRole("radio", { name: QUESTION.options[1] });
    await expect.poll(() => wrong.count(), UI).toBe(1);
    const option = page.locator("label").filter({ has: wrong });
    expect(await height(option)).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    await expectFitsTheScreen();
    await shoot("03-question");

    await option.tap();
    await page.getByRole("button", { name: "Controleer antwoorden" }).tap();
    await expect.poll(() => option.textContent(), UI).toContain("Jouw antwoord — fout");
    await expectFitsTheScreen();
    await shoot("04-question-checked");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows a slide at 390 px", async () => {
    await page.goto(phasePath("overview", 0));
    await expect
      .poll(() => page.getByRole("heading", { name: "De bovenloop en de benedenloop" }).count(), UI)
      .toBe(1);
    await expectFitsTheScreen();
    await shoot("05-slide");
  });

  it("fits the dashboard's topic grid in 360 px, a title of one long word included", async () => {
    // A topic named after its file: the grid's implicit column grew to this word (issue 24's 9 px).
    const entityId = (await learner.from("topics").select("entity_id").eq("id", topicId).single()).data
      ?.entity_id as string;
    const long = await learner
      .from("topics")
      .insert({ entity_id: entityId, title: "Samenvatting_hoofdstuk_3_waterbeheer.pdf" });
    expect(long.error).toBeNull();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/studymap");
    await expect.poll(() => page.getByRole("heading", { name: "Rivieren" }).count(), UI).toBe(1);
    await expectFitsTheScreen();
    await shoot("06-dashboard-360");
  });
});

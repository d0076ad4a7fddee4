import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { Question } from "../src/domain/activity-payload.ts";
import type { Citation } from "../src/domain/citation.ts";
import { PHASE_KINDS } from "../src/domain/phase.ts";
import { seriousViolations } from "./support/accessibility.ts";
import {
  launchChromium,
  openPage,
  screenshot as saveScreenshot,
  signedInContext,
  signUpByCode,
} from "./support/browser.ts";

/**
 * The topic hub's finished screens in Chromium against the real local stack, on a course saved the way
 * the generation task saves one (`save_generated_course`): a topic quiz taken to a score, its mistakes
 * reviewed with their source lines and retried, the score kept on the list; a slide deck presented full
 * screen with keys, counter and speaker notes, and printed one slide per landscape page; flash cards
 * flipped and rated from the keyboard.
 */

const UI = { timeout: 20_000, interval: 250 };
const stack = inject("stack");
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let learner: SupabaseClient;
let topicId: string;
let chapterIds: string[];

const citation = (line: number, text: string): Citation => ({
  chunk_id: `chunk-${line}`,
  file_path: null,
  page_number: null,
  line_start: line,
  line_end: line,
  exactLines: [text],
  snippet: text,
  source_url: null,
});

function question(id: string, stem: string, options: string[], correct: number, source: string): Question {
  return {
    id,
    stem,
    options,
    correct_option: correct,
    explanation: `Zie de bron: ${source}`,
    difficulty: "easy",
    subtopic_id: null,
    citations: [citation(Number(id.replace(/\D/g, "")), source)],
  };
}

const CHAPTERS = [
  {
    title: "De loop van een rivier",
    slides: [
      { title: "De bovenloop", bullets: ["Snel stromend water", "V-dal"] },
      { title: "De benedenloop", bullets: ["Langzaam water", "Meanders"] },
    ],
    notes: "De bovenloop van een rivier ligt hoog in de bergen.",
    questions: [
      question(
        "q1",
        "Waar ligt de bovenloop?",
        ["In zee", "Hoog in de bergen", "In een delta"],
        1,
        "De bovenloop ligt hoog in de bergen.",
      ),
      question(
        "q2",
        "Hoe heten de grote bochten?",
        ["Meanders", "Dijken", "Uiterwaarden"],
        0,
        "De grote bochten heten meanders.",
      ),
    ],
  },
  {
    title: "Delta's en dijken",
    slides: [
      { title: "Delta's", bullets: ["Slib", "Armen"] },
      { title: "Dijken", bullets: ["Bescherming tegen hoog water"] },
    ],
    notes: "Dijken beschermen het land achter de rivier tegen hoog water.",
    questions: [
      question(
        "q3",
        "Wat beschermt het land tegen hoog water?",
        ["Meanders", "Dijken", "Slib"],
        1,
        "Dijken beschermen het land.",
      ),
      question(
        "q4",
        "Waar ontstaat een delta?",
        ["Waar een rivier in zee uitmondt", "In de bergen"],
        0,
        "Een delta ontstaat waar een rivier in zee uitmondt.",
      ),
    ],
  },
];
const QUESTIONS = CHAPTERS.flatMap((chapter) => chapter.questions);
const CARDS = [{ id: "card-1", q: "Wat is een meander?", a: "Een grote bocht in de rivier.", hint: null }];

function payloadOf(chapter: (typeof CHAPTERS)[number], kind: (typeof PHASE_KINDS)[number]) {
  switch (kind) {
    case "overview":
      return { slides: chapter.slides, objectives: [] };
    case "diagnostic":
    case "mastery":
      return { questions: kind === "diagnostic" ? chapter.questions : [] };
    case "study":
      return { blocks: [] };
    case "practice":
      return { cards: CARDS.map((card) => ({ ...card, subtopic_id: null, citations: [] })) };
    case "recap":
      return { transcript: "Samenvatting.", bullets: [] };
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
      activities: PHASE_KINDS.map((kind, index) => ({
        kind,
        title: kind,
        position: index + 1,
        payload: payloadOf(chapter, kind),
        citations: kind === "overview" ? [{ snippet: chapter.notes, line_start: 0, line_end: 0 }] : [],
      })),
    })),
  });
  expect(error).toBeNull();
}

function screenshot(name: string) {
  return saveScreenshot(page, `topic-hub-${name}`);
}

/** The question on screen, by its stem. */
async function currentQuestion(): Promise<Question> {
  const legend = page.getByRole("group").locator("legend span").nth(1);
  await expect.poll(() => legend.count(), UI).toBe(1);
  const stem = await legend.textContent();
  const found = QUESTIONS.find((candidate) => candidate.stem === stem);
  if (!found) throw new Error(`unknown question on screen: ${stem}`);
  return found;
}

async function answer(question: Question, correctly: boolean) {
  const option = correctly
    ? question.correct_option
    : (question.correct_option + 1) % question.options.length;
  await page.getByRole("radio", { name: question.options[option], exact: true }).check();
  await page.getByRole("button", { name: "Check answer" }).click();
  await expect.poll(() => page.getByText(correctly ? /^Correct\.$/ : /^Not quite\./).count(), UI).toBe(1);
}

beforeAll(async () => {
  const signedUp = await signUpByCode("topic-hub");
  learner = signedUp.client;
  const entity = await learner.rpc("create_entity", { p_name: "Hub School" });
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
  chapterIds = (outline.data as { chapters: Array<{ id: string; position: number }> }).chapters
    .sort((a, b) => a.position - b.position)
    .map((chapter) => chapter.id);
  expect(chapterIds).toHaveLength(2);

  browser = await launchChromium();
  context = await signedInContext(browser, signedUp.session);
  ({ page, consoleErrors } = await openPage(context));
});

afterEach(async ({ task }) => {
  if (task.result?.state === "fail" && page) {
    await screenshot(`failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
    console.error("console errors:", consoleErrors);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe("the topic hub's screens", () => {
  it("opens the micro-learning overview on the reads index.html sent, each read once", async () => {
    // Who sent each read: index.html's inline script (the document) or the app's code (a script file).
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const reads: { url: string; sentBy: string | undefined }[] = [];
    cdp.on("Network.requestWillBeSent", ({ request, initiator }) => {
      const isRead = request.url.includes(`/rest/v1/topics?`) && request.url.includes(`id=eq.${topicId}`);
      // Each read's CORS preflight (OPTIONS) is the browser's, not a second read.
      if (request.method !== "OPTIONS" && (isRead || request.url.includes("/rpc/get_microlearning_outline")))
        reads.push({ url: request.url, sentBy: initiator.stack?.callFrames[0]?.url });
    });
    await page.goto(`/studymap/topics/${topicId}/microlearning/`);
    await expect.poll(() => page.getByRole("heading", { name: CHAPTERS[0]?.title }).count(), UI).toBe(1);
    await cdp.detach();

    const overviewUrl = `${inject("webUrl")}/studymap/topics/${topicId}/microlearning/`;
    expect(reads.map(({ url }) => new URL(url).pathname).sort()).toEqual([
      "/rest/v1/rpc/get_microlearning_outline",
      "/rest/v1/topics",
    ]);
    expect(reads.map(({ sentBy }) => sentBy)).toEqual([overviewUrl, overviewUrl]);
  });

  it("opens the dashboard on the reads index.html sent, each read once", async () => {
    // The first visit stores the memberships; the return visit's script knows the organisation from them.
    await page.goto("/studymap");
    await expect.poll(() => page.getByRole("heading", { name: "Topics", level: 2 }).count(), UI).toBe(1);
    // The memberships are stored once their organisations' metadata is in, which can follow the page.
    const stored = () =>
      page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("studymap.memberships.")));
    await expect.poll(stored, UI).toBe(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const reads: { table: string; sentBy: string | undefined; url: string }[] = [];
    const dashboardTables = ["modules", "subjects", "topics", "topic_subscriptions", "favorites"];
    cdp.on("Network.requestWillBeSent", ({ request, initiator }) => {
      const table = new URL(request.url).pathname.replace("/rest/v1/", "");
      if (request.method === "GET" && dashboardTables.includes(table))
        reads.push({ table, sentBy: initiator.stack?.callFrames[0]?.url, url: request.url });
    });
    await page.reload();
    await expect.poll(() => page.getByText("Rivieren").count(), UI).toBeGreaterThan(0);
    // A read the app had to send itself (its request differing from the early one) would come now.
    await page.waitForLoadState("networkidle");
    await cdp.detach();

    const dashboardUrl = `${inject("webUrl")}/studymap`;
    expect(reads.map(({ table }) => table).sort()).toEqual([...dashboardTables].sort());
    expect(new Set(reads.map(({ sentBy }) => sentBy)), JSON.stringify(reads, null, 1)).toEqual(
      new Set([dashboardUrl]),
    );
  });

  it("takes the topic quiz to a score, reviews the mistake with its source lines and retries it", async () => {
    await page.goto(`/studymap/topics/${topicId}/quizzes`);
    await expect.poll(() => page.getByText(/Not taken yet/).count(), UI).toBe(1);
    await page.getByRole("link", { name: "Topic quiz" }).click();
    // Each item after the first starts with its "/" separator.
    const trail = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
    await expect
      .poll(() => trail.allTextContents(), UI)
      .toEqual(["Studymap", "/Rivieren", "/Quizzes", "/Topic quiz"]);

    let missed: Question | null = null;
    for (let index = 0; index < QUESTIONS.length; index++) {
      await expect
        .poll(() => page.getByText(`Question ${index + 1} of ${QUESTIONS.length}`).count(), UI)
        .toBe(1);
      const shown = await currentQuestion();
      if (index === 0) await screenshot("01-quiz-question");
      await answer(shown, index !== 0);
      if (index === 0) {
        missed = shown;
        expect(await page.getByText(shown.explanation).count()).toBe(1);
        await screenshot("02-quiz-feedback");
        expect(await seriousViolations(page)).toEqual([]);
      }
      if (index < QUESTIONS.length - 1) await page.getByRole("button", { name: "Next question" }).click();
    }
    if (!missed) throw new Error("no question was missed");

    const score = page.getByRole("heading", {
      name: `Score: ${QUESTIONS.length - 1} of ${QUESTIONS.length}`,
    });
    await expect.poll(() => score.count(), UI).toBe(1);
    const mistakes = page.getByRole("list", { name: "Your mistakes" });
    expect(await mistakes.getByText(`Correct answer: ${missed.options[missed.correct_option]}`).count()).toBe(
      1,
    );
    const cited = missed.citations[0] as Citation;
    expect(await mistakes.getByText(cited.exactLines[0] as string, { exact: true }).count()).toBe(1);
    expect(await mistakes.getByText(`Lines: ${cited.line_start + 1}-${cited.line_end + 1}`).count()).toBe(1);
    await screenshot("03-quiz-score-review");
    expect(await seriousViolations(page)).toEqual([]);

    // Stored for this learner once, through RLS.
    await expect
      .poll(
        async () => (await learner.from("quiz_attempts").select("score, total").eq("topic_id", topicId)).data,
        UI,
      )
      .toEqual([{ score: QUESTIONS.length - 1, total: QUESTIONS.length }]);

    await page.getByRole("button", { name: "Retry the missed ones" }).click();
    await expect.poll(() => page.getByText("Question 1 of 1").count(), UI).toBe(1);
    expect((await currentQuestion()).id).toBe(missed.id);
    await answer(missed, true);
    await expect.poll(() => page.getByRole("heading", { name: "Score: 1 of 1" }).count(), UI).toBe(1);
    await screenshot("04-quiz-retry");

    await page.goto(`/studymap/topics/${topicId}/quizzes`);
    await expect
      .poll(
        () =>
          page
            .getByText(`Last score: ${QUESTIONS.length - 1} of ${QUESTIONS.length}`, { exact: false })
            .count(),
        UI,
      )
      .toBe(1);
    await screenshot("05-quizzes-last-score");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("presents the slide deck full screen with keys, a counter and speaker notes", async () => {
    await page.goto(`/studymap/topics/${topicId}/overview/slide-deck`);
    await page.getByRole("button", { name: "Present" }).click();
    const presentation = page.getByRole("dialog", { name: "Presentation" });
    await expect.poll(() => presentation.isVisible(), UI).toBe(true);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null), UI).toBe(true);
    const counter = (text: string) => presentation.getByText(text, { exact: true });
    await expect.poll(() => counter("1 / 4").count(), UI).toBe(1);
    await expect.poll(() => presentation.getByText(CHAPTERS[0]?.notes as string).count(), UI).toBe(1);
    await screenshot("06-deck-present");
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter("2 / 4").count(), UI).toBe(1);
    await page.keyboard.press("PageDown");
    await expect.poll(() => counter("3 / 4").count(), UI).toBe(1);
    // The second chapter's slides carry its own cited lines.
    await expect.poll(() => presentation.getByText(CHAPTERS[1]?.notes as string).count(), UI).toBe(1);
    await page.keyboard.press("Space");
    await expect.poll(() => counter("4 / 4").count(), UI).toBe(1);
    await page.keyboard.press("PageUp");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter("2 / 4").count(), UI).toBe(1);
    await screenshot("07-deck-present-slide-2");

    await page.keyboard.press("Escape");
    await expect.poll(() => presentation.count(), UI).toBe(0);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null), UI).toBe(true);
  });

  it("prints the deck one slide per landscape page from the Print / PDF button", async () => {
    await page.goto(`/studymap/topics/${topicId}/overview/slide-deck`);
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Print / PDF" }).click();
    await expect.poll(() => page.locator("body[data-printed=yes]").count(), UI).toBe(1);

    await page.emulateMedia({ media: "print" });
    expect(await page.locator("#root").isVisible()).toBe(false);
    expect(
      await page
        .locator(".print-slide")
        .evaluateAll((slides) => slides.map((slide) => slide.querySelector("h3")?.textContent)),
    ).toEqual(CHAPTERS.flatMap((chapter) => chapter.slides.map((slide) => slide.title)));
    await screenshot("08-deck-print-view");

    // The PDF Chromium prints: one page per slide, wider than tall.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    await page.emulateMedia({ media: null });
    const pages = [...pdf.matchAll(/\/Type\s*\/Page[^s]/g)];
    expect(pages).toHaveLength(4);
    const box = pdf.match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/);
    expect(Number(box?.[1])).toBeGreaterThan(Number(box?.[2]));
  });

  it("flips and rates a flash card from the keyboard", async () => {
    await page.goto(`/studymap/topics/${topicId}/microlearning/practice/${chapterIds[0]}/`);
    const card = CARDS[0] as (typeof CARDS)[number];
    const question = page.getByRole("button", { name: new RegExp(card.q.replace("?", "\\?")) });
    await expect.poll(() => question.count(), UI).toBe(1);
    await question.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByText(card.a, { exact: true }).count(), UI).toBe(1);
    await screenshot("09-flashcard-flipped");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("3");
    await expect.poll(() => page.getByText("Beoordeeld als Goed").count(), UI).toBe(1);
    await expect.poll(() => page.getByText(/Volgende herhaling/).count(), UI).toBe(1);
    await screenshot("10-flashcard-rated");
    const { data } = await learner.from("practice_card_states").select("card_id");
    expect(data).toEqual([{ card_id: card.id }]);
    expect(consoleErrors).toEqual([]);
  });
});

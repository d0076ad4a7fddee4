import { mkdirSync } from "node:fs";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAYLOAD_SCHEMAS, type Question } from "../src/domain/activity-payload.ts";
import { outlineFromCourse, outlineRpcSchema, overallProgress } from "../src/domain/outline.ts";
import { PHASE_KINDS, type PhaseKind } from "../src/domain/phase.ts";
import { type Structure, structureSchema } from "../src/domain/structure.ts";
import { citationLabel } from "../src/lib/citation-display.ts";
import { seriousViolations } from "./support/accessibility.ts";
import {
  launchChromium,
  openPage,
  screenshot as saveScreenshot,
  signedInContext,
  signUpByCode,
} from "./support/browser.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * The learner's whole journey in Chromium against the real local stack: a new topic with a source →
 * structure generated → the citation dialog shows the source's own lines → accept → "Genereer leerpad"
 * → six phases per chapter → the diagnostic answered (its sources only after checking) → study and
 * practice show the gaps and what the diagnostic never asked → progress rises and persists after a
 * reload → a perfect diagnostic skips study and practice ("Overgeslagen") unless they teach what it never
 * asked → every phase done or skipped makes 100 %.
 */

const SOURCE_FILE = "rivieren.md";
const SOURCE = `# Rivieren

## De loop van een rivier

### De bovenloop

De bovenloop van een rivier ligt hoog in de bergen. Het water stroomt daar snel en neemt stenen en zand mee.
Door die snelle stroming slijt de rivier een smal en diep V-dal uit. Watervallen komen vooral in de bovenloop voor.

### De benedenloop

In de benedenloop stroomt de rivier langzaam door een vlak land. Het water zet daar klei en zand af op de oevers.
De rivier maakt in de benedenloop grote bochten die meanders heten. Een meander verschuift langzaam door erosie in de buitenbocht.

## Delta's en dijken

### Delta's

Een delta ontstaat waar een rivier in zee uitmondt en veel slib achterlaat. De Rijn en de Maas vormen samen een grote delta.
In een delta splitst de rivier zich in verschillende armen. Het land in een delta is vruchtbaar door de klei die de rivier aanvoert.

### Dijken

Dijken beschermen het land achter de rivier tegen hoog water. In Nederland liggen duizenden kilometers dijken langs rivieren en zee.
Bij hoog water in het voorjaar kan een rivier buiten haar zomerbed treden. Uiterwaarden geven de rivier dan extra ruimte.
`;
const SOURCE_LINES = SOURCE.split("\n");

/** Long enough that the header's old fixed width cut it short on a wide screen. */
const ORGANISATION = "Stedelijk Gymnasium Journey School voor Aardrijkskunde";

const GENERATION_TIMEOUT_MS = 90_000;
/** How long a screen may take to answer a click (edge functions start in Deno on first use). */
const UI = { timeout: 20_000, interval: 250 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let learner: SupabaseClient;
let topicId: string;

/** A topic in the learner's own organisation with one Markdown source in the private bucket. */
async function createTopicWithSource(client: SupabaseClient): Promise<string> {
  const entity = await client.rpc("create_entity", { p_name: ORGANISATION });
  expect(entity.error).toBeNull();
  const entityId = typeof entity.data === "string" ? entity.data : (entity.data as { id: string }).id;
  const topic = await client
    .from("topics")
    .insert({
      entity_id: entityId,
      title: "Rivieren",
      description: "Van bron tot delta",
      processing_status: "pending",
    })
    .select("id")
    .single();
  expect(topic.error).toBeNull();
  const id = (topic.data as { id: string }).id;
  const filePath = `${entityId}/${id}/${SOURCE_FILE}`;
  const upload = await client.storage
    .from("sources")
    .upload(filePath, new Blob([SOURCE], { type: "text/markdown" }), { contentType: "text/markdown" });
  expect(upload.error).toBeNull();
  const source = await client.from("topic_sources").insert({
    topic_id: id,
    kind: "markdown",
    file_name: SOURCE_FILE,
    file_path: filePath,
    mime_type: "text/markdown",
  });
  expect(source.error).toBeNull();
  return id;
}

async function readStructure(): Promise<Structure> {
  const { data, error } = await learner.from("topics").select("structure").eq("id", topicId).single();
  expect(error).toBeNull();
  return structureSchema.parse((data as { structure: unknown }).structure);
}

async function readOutline() {
  const { data, error } = await learner.rpc("get_microlearning_outline", { p_topic_id: topicId });
  expect(error).toBeNull();
  return outlineRpcSchema.parse(data);
}

type CheckKind = "diagnostic" | "mastery";

async function activityOf(chapterId: string, kind: PhaseKind): Promise<{ id: string; payload: unknown }> {
  const { data, error } = await learner
    .from("activities")
    .select("id, payload")
    .eq("chapter_id", chapterId)
    .eq("kind", kind)
    .single();
  expect(error).toBeNull();
  return data as { id: string; payload: unknown };
}

async function questionsOf(chapterId: string, kind: CheckKind): Promise<Question[]> {
  return PAYLOAD_SCHEMAS[kind].parse((await activityOf(chapterId, kind)).payload).questions;
}

/** The study blocks and practice cards of a chapter that teach a subtopic its diagnostic never asks about. */
async function unprobedOf(chapterId: string): Promise<Array<{ subtopic_id: string | null }>> {
  const probed = await askedSubtopics(chapterId);
  const blocks = PAYLOAD_SCHEMAS.study.parse((await activityOf(chapterId, "study")).payload).blocks;
  const cards = PAYLOAD_SCHEMAS.practice.parse((await activityOf(chapterId, "practice")).payload).cards;
  return [...blocks, ...cards].filter((item) => item.subtopic_id !== null && !probed.has(item.subtopic_id));
}

/** The subtopics a chapter's diagnostic asks about; none when the chapter has no diagnostic. */
async function askedSubtopics(chapterId: string): Promise<Set<string>> {
  const { data, error } = await learner
    .from("activities")
    .select("payload")
    .eq("chapter_id", chapterId)
    .eq("kind", "diagnostic")
    .maybeSingle();
  expect(error).toBeNull();
  const questions = data ? PAYLOAD_SCHEMAS.diagnostic.parse(data.payload).questions : [];
  return new Set(questions.flatMap((question) => (question.subtopic_id ? [question.subtopic_id] : [])));
}

/**
 * A chapter whose diagnostic asks about at least `subtopics` subtopics, other than `except`: the one
 * the learner misses a subtopic of needs two, so one is a gap and another is not (a diagnostic asks
 * only where a question is worth asking).
 */
async function chapterAsking(
  subtopics: number,
  except?: string,
): Promise<{ id: string; position: number; title: string }> {
  const { chapters } = await readOutline();
  for (const chapter of chapters) {
    if (chapter.id !== except && (await askedSubtopics(chapter.id)).size >= subtopics) return chapter;
  }
  throw new Error(`no chapter whose diagnostic asks about ${subtopics} subtopics`);
}

/** What study and practice say they show after a diagnostic with a gap (phase-content.tsx). */
async function gapNote(chapterId: string, label: "Studie" | "Oefenen"): Promise<string> {
  return (await unprobedOf(chapterId)).length > 0
    ? `${label}: jouw hiaten en wat de diagnostiek niet heeft gevraagd`
    : `${label}: alleen voor jouw hiaten`;
}

function phaseUrl(chapterId: string, kind: PhaseKind): string {
  return `/studymap/topics/${topicId}/microlearning/${kind}/${chapterId}/`;
}

/** Answers every question of an opened check correctly, except `missed` (answered wrongly). */
async function answerQuestions(questions: readonly Question[], missed: Question | null = null) {
  const groups = page.getByRole("group");
  await expect.poll(() => groups.count(), UI).toBe(questions.length);
  for (const [index, question] of questions.entries()) {
    const wrongOption = question === missed ? (question.correct_option + 1) % question.options.length : null;
    const option = question.options[wrongOption ?? question.correct_option] as string;
    await groups.nth(index).getByRole("radio", { name: option, exact: true }).check();
  }
}

/** Opens a chapter's check, answers it, checks it and waits for the score. */
async function takeCheck(chapterId: string, kind: CheckKind, missed: Question | null = null) {
  const questions = await questionsOf(chapterId, kind);
  await page.goto(phaseUrl(chapterId, kind));
  await answerQuestions(questions, missed);
  await page.getByRole("button", { name: "Controleer antwoorden" }).click();
  const correct = questions.length - (missed ? 1 : 0);
  await expect.poll(() => page.getByText(`Score: ${correct} van ${questions.length}`).count(), UI).toBe(1);
}

/** Opens a phase and finishes it with Afronden. */
async function finishPhase(chapterId: string, kind: PhaseKind) {
  await page.goto(phaseUrl(chapterId, kind));
  await page.getByRole("button", { name: "Afronden" }).click();
  await expect.poll(() => page.getByText("Voltooid", { exact: true }).count(), UI).toBe(1);
}

function screenshot(name: string) {
  return saveScreenshot(page, `journey-${name}`);
}

function toast(text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

beforeAll(async () => {
  mkdirSync(path.join(ROOT, "test-results", "screenshots"), { recursive: true });

  const signedUp = await signUpByCode("journey");
  learner = signedUp.client;
  topicId = await createTopicWithSource(learner);

  browser = await launchChromium();
  // The browser starts signed in as the learner.
  context = await signedInContext(browser, signedUp.session);
  ({ page, consoleErrors } = await openPage(context));
});

afterEach(async ({ task }) => {
  if (task.result?.state !== "fail" || !page) return;
  // Leave what the learner saw and where the topic stood, to tell a UI failure from a backend one.
  await screenshot(`failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  const { data } = await learner
    .from("topics")
    .select("processing_status, processing_progress, processing_error")
    .eq("id", topicId)
    .single();
  console.error("Topic at failure:", data, "console errors:", consoleErrors);
});

afterAll(async () => {
  await browser?.close();
});

describe("a learner's journey from a source to adaptive study", () => {
  it("generates the structure on opening the review, with the exact source lines behind a citation", async () => {
    await page.goto(`/studymap/topics/${topicId}/structure-review`);
    const accept = page.getByRole("button", { name: "Accept Structure" });
    await expect
      .poll(() => accept.isEnabled(), { timeout: GENERATION_TIMEOUT_MS, interval: 1000 })
      .toBe(true);
    await screenshot("01-structure-review");
    expect(await seriousViolations(page)).toEqual([]);

    const structure = await readStructure();
    expect(structure.sections.length).toBeGreaterThanOrEqual(2);
    const citation = structure.sections
      .flatMap((section) => section.subtopics)
      .flatMap((s) => s.citations)[0];
    expect(citation).toBeDefined();
    if (!citation) return;

    await page
      .getByRole("button", { name: citationLabel(citation), exact: true })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Source Citation" });
    await expect.poll(() => dialog.isVisible(), UI).toBe(true);
    const expectedLines = SOURCE_LINES.slice(citation.line_start, citation.line_end + 1);
    expect(citation.exactLines).toEqual(expectedLines);
    const shown = await dialog.getByRole("listitem").allTextContents();
    expect(shown).toEqual(expectedLines.map((line, index) => `${citation.line_start + 1 + index}${line}`));
    expect(await dialog.getByText(`Lines: ${citation.line_start + 1}-${citation.line_end + 1}`).count()).toBe(
      1,
    );
    expect(await dialog.getByText(SOURCE_FILE, { exact: true }).count()).toBe(1);
    await screenshot("02-citation-dialog");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  it("accepts the structure and goes to the topic", async () => {
    await page.getByRole("button", { name: "Accept Structure" }).click();
    await expect.poll(() => toast("Structure accepted").count(), UI).toBe(1);
    await page.waitForURL(new RegExp(`/studymap/topics/${topicId}/overview`));
    const { data } = await learner.from("topics").select("processing_status").eq("id", topicId).single();
    expect(data).toEqual({ processing_status: "completed" });
  });

  it("generates the learning path and shows six phases per chapter without a reload", async () => {
    await page.goto(`/studymap/topics/${topicId}/microlearning/`);
    await page.getByRole("button", { name: "Genereer leerpad" }).click();
    await expect.poll(() => toast("Generatie gestart").count(), UI).toBe(1);
    // The summary counts the new course's activities instead of docs/product.md §9's fallback 15 once it is there.
    await expect
      .poll(() => page.getByText(/^\d+ lessons$/).textContent(), {
        timeout: GENERATION_TIMEOUT_MS,
        interval: 1000,
      })
      .not.toBe("15 lessons");

    const outline = await readOutline();
    expect(outline.course).not.toBeNull();
    expect(outline.chapters.length).toBeGreaterThanOrEqual(2);
    for (const chapter of outline.chapters) {
      const heading = page.getByRole("heading", { name: `Onderdeel ${chapter.position} — ${chapter.title}` });
      expect(await heading.count()).toBe(1);
      const rows = page
        .getByRole("region", { name: `Onderdeel ${chapter.position} — ${chapter.title}` })
        .getByRole("link");
      expect(await rows.count()).toBe(6);
      expect(
        (await rows.allTextContents()).map(
          (text) => text.match(/^(Overzicht|Diagnostiek|Studie|Oefenen|Mastery|Recap)/)?.[0],
        ),
      ).toEqual(["Overzicht", "Diagnostiek", "Studie", "Oefenen", "Mastery", "Recap"]);
    }
    expect(await page.getByText("0%", { exact: true }).count()).toBe(1);
    await screenshot("03-microlearning-overview");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("names topic, quiz, episode and phase by title in the breadcrumbs, with the screen's language", async () => {
    const outline = await readOutline();
    const chapter = outline.chapters[0];
    if (!chapter) throw new Error("no chapter");
    const activity = (kind: PhaseKind) => chapter.activities.find((candidate) => candidate.kind === kind);
    const quiz = activity("diagnostic");
    const recap = activity("recap");
    if (!quiz || !recap) throw new Error("no diagnostic or recap");
    const trail = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
    // Each item starts with its aria-hidden "/" separator.
    const labels = async () => (await trail.allTextContents()).map((text) => text.replace(/^\//, ""));
    const screens = [
      {
        url: `/studymap/topics/${topicId}/quizzes/${quiz.id}`,
        trail: ["Quizzes", quiz.title || chapter.title],
      },
      {
        url: `/studymap/topics/${topicId}/podcast/episodes/${recap.id}`,
        trail: ["Podcast", recap.title || chapter.title],
      },
      {
        url: `/studymap/topics/${topicId}/microlearning/phase/${chapter.id}-study`,
        trail: ["Micro-learning", `Studie: ${chapter.title}`],
      },
      { url: phaseUrl(chapter.id, "practice"), trail: ["Micro-learning", chapter.title] },
    ];
    for (const [index, screen] of screens.entries()) {
      await page.goto(screen.url);
      await expect.poll(labels, UI).toEqual(["Studymap", "Rivieren", ...screen.trail]);
      const lang = screen.url.includes("/microlearning/") ? "nl" : "en";
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      await screenshot(`03b-breadcrumbs-${index + 1}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it("shows the full organisation name in the header where there is room, with a tooltip", async () => {
    await page.goto("/studymap");
    const name = page.getByTitle(ORGANISATION, { exact: true });
    await expect.poll(() => name.textContent(), UI).toBe(ORGANISATION);
    const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
    await screenshot("03c-organisation-name");
  });

  it("answers the diagnostic, and study then shows only the gaps", async () => {
    const chapter = await chapterAsking(2);
    const diagnostic = await learner
      .from("activities")
      .select("payload")
      .eq("chapter_id", chapter.id)
      .eq("kind", "diagnostic")
      .single();
    const questions = PAYLOAD_SCHEMAS.diagnostic.parse(
      (diagnostic.data as { payload: unknown }).payload,
    ).questions;
    const missed = questions[0];
    if (!missed?.subtopic_id) throw new Error("the first diagnostic question names no subtopic");
    const others = questions.filter((question) => question.subtopic_id !== missed.subtopic_id);
    expect(others.length).toBeGreaterThan(0);

    const { data: cited } = await learner
      .from("activity_citations")
      .select("id")
      .eq("activity_id", (await activityOf(chapter.id, "diagnostic")).id);
    const sources = page.getByRole("heading", { name: "Bronnen", exact: true });

    await page.goto(phaseUrl(chapter.id, "diagnostic"));
    // The first question's gap is the learner's; every other question is answered correctly.
    await answerQuestions(questions, missed);
    // The sources quote the sentences the questions were made from: hidden until the answers are checked.
    expect(await sources.count()).toBe(0);
    expect(await page.getByText("Uitleg", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Controleer antwoorden" }).click();
    await expect
      .poll(() => page.getByText(`Score: ${questions.length - 1} van ${questions.length}`).count(), UI)
      .toBe(1);
    if ((cited ?? []).length > 0) expect(await sources.count()).toBe(1);
    await screenshot("04-diagnostic");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/studymap/topics/${topicId}/microlearning/study/${chapter.id}/`);
    const studyNote = await gapNote(chapter.id, "Studie");
    await expect.poll(() => page.getByText(studyNote).count(), UI).toBe(1);
    const study = await learner
      .from("activities")
      .select("payload")
      .eq("chapter_id", chapter.id)
      .eq("kind", "study")
      .single();
    const blocks = PAYLOAD_SCHEMAS.study.parse((study.data as { payload: unknown }).payload).blocks;
    const headingOf = (subtopicId: string) =>
      blocks.find((block) => block.type === "heading" && block.subtopic_id === subtopicId)?.content;
    const gapHeading = headingOf(missed.subtopic_id);
    const skippedSubtopic = others.find((question) => question.subtopic_id)?.subtopic_id as string;
    const skippedHeading = headingOf(skippedSubtopic);
    expect(gapHeading).toBeDefined();
    expect(skippedHeading).toBeDefined();
    expect(await page.getByRole("heading", { name: gapHeading, exact: true }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: skippedHeading, exact: true }).count()).toBe(0);
    await screenshot("05-study-gaps");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Afronden" }).click();
    await expect.poll(() => page.getByText("Voltooid", { exact: true }).count(), UI).toBe(1);
  });

  it("raises the progress percentage, and it persists after a reload", async () => {
    const expected = overallProgress(outlineFromCourse(await readOutline(), await readStructure()));
    expect(expected).toBeGreaterThan(0);
    await page.goto(`/studymap/topics/${topicId}/microlearning/`);
    const bar = page.getByRole("progressbar", { name: "Progressie" });
    await expect.poll(() => bar.getAttribute("aria-valuenow"), UI).toBe(String(expected));
    expect(await page.getByText(`${expected}%`, { exact: true }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => bar.getAttribute("aria-valuenow"), UI).toBe(String(expected));
    await screenshot("06-progress-after-reload");
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("practises only the gap, with the hint before the answer", async () => {
    const chapter = await chapterAsking(2);
    const diagnostic = await learner
      .from("activity_progress")
      .select("result")
      .eq("activity_id", (await activityOf(chapter.id, "diagnostic")).id)
      .single();
    const gaps = (diagnostic.data as { result: { gaps: string[] } }).result.gaps;
    expect(gaps).toHaveLength(1);
    const cards = PAYLOAD_SCHEMAS.practice.parse((await activityOf(chapter.id, "practice")).payload).cards;
    // A card of a subtopic the diagnostic never asked about stays too: the learner showed nothing there.
    const unprobed = await unprobedOf(chapter.id);
    const shown = cards.filter(
      (card) => card.subtopic_id === null || gaps.includes(card.subtopic_id) || unprobed.includes(card),
    );
    const hidden = cards.filter((card) => !shown.includes(card));

    await page.goto(phaseUrl(chapter.id, "practice"));
    const practiceNote = await gapNote(chapter.id, "Oefenen");
    await expect.poll(() => page.getByText(practiceNote).count(), UI).toBe(1);
    for (const card of hidden) {
      expect(await page.getByRole("listitem").filter({ hasText: card.q }).count()).toBe(0);
    }
    for (const card of shown) {
      const item = page.getByRole("listitem").filter({ hasText: card.q }).first();
      const answer = item.getByText(card.a, { exact: true });
      if (card.hint) {
        await item.getByRole("button", { name: "Toon hint" }).click();
        await expect.poll(() => item.getByText(card.hint as string).count(), UI).toBe(1);
        expect(await answer.count()).toBe(0);
      }
      await item.getByRole("button", { name: card.q }).first().click();
      await expect.poll(() => answer.count(), UI).toBe(1);
      await item.getByRole("button", { name: "Goed" }).click();
      await expect.poll(() => item.getByText(/Volgende herhaling/).count(), UI).toBe(1);
    }
    if (shown.length === 0) await page.getByRole("button", { name: "Afronden" }).click();
    await expect.poll(() => page.getByText("Voltooid", { exact: true }).count(), UI).toBe(1);
    await screenshot("07-practice-gaps");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("after a perfect diagnostic, skips study and practice unless they teach what it never asked", async () => {
    const chapter = await chapterAsking(1, (await chapterAsking(2)).id);
    // What the diagnostic never asked about, the learner has shown nothing of: that stays to study.
    const teachesUnprobed = (await unprobedOf(chapter.id)).length > 0;
    await takeCheck(chapter.id, "diagnostic");
    const outcome = teachesUnprobed
      ? "Geen hiaten gevonden: Studie en Oefenen tonen nog wat de diagnostiek niet heeft gevraagd."
      : "Geen hiaten gevonden: je kunt Studie en Oefenen overslaan.";
    expect(await page.getByText(outcome).count()).toBe(1);

    await page.goto(`/studymap/topics/${topicId}/microlearning/`);
    const rows = page
      .getByRole("region", { name: `Onderdeel ${chapter.position} — ${chapter.title}` })
      .getByRole("link");
    await expect
      .poll(async () => (await rows.allTextContents()).filter((text) => text.endsWith("Overgeslagen")), UI)
      .toEqual(teachesUnprobed ? [] : [expect.stringMatching(/^Studie/), expect.stringMatching(/^Oefenen/)]);
    await screenshot("08-after-perfect-diagnostic");
    expect(await seriousViolations(page)).toEqual([]);
    if (teachesUnprobed) {
      await page.goto(phaseUrl(chapter.id, "study"));
      await expect
        .poll(() => page.getByText("Studie: wat de diagnostiek niet heeft gevraagd").count(), UI)
        .toBe(1);
    }
  });

  it("reaches 100 % once every phase is done or skipped", async () => {
    const { chapters } = await readOutline();
    for (const chapter of chapters) {
      for (const kind of PHASE_KINDS) {
        // Read again each time: a perfect diagnostic completes study and practice by itself.
        const current = (await readOutline()).chapters.find((candidate) => candidate.id === chapter.id);
        const activity = current?.activities.find((candidate) => candidate.kind === kind);
        // A chapter lacks a phase its section gives nothing to (a mastery check without material).
        if (!activity || activity.status === "completed") continue;
        if (kind === "diagnostic" || kind === "mastery") await takeCheck(chapter.id, kind);
        else await finishPhase(chapter.id, kind);
      }
    }
    await page.goto(`/studymap/topics/${topicId}/microlearning/`);
    const bar = page.getByRole("progressbar", { name: "Progressie" });
    await expect.poll(() => bar.getAttribute("aria-valuenow"), UI).toBe("100");
    expect(await page.getByText("100%", { exact: true }).count()).toBe(1);
    await screenshot("09-complete");
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

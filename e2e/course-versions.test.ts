import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { outlineFromCourse, outlineRpcSchema, overallProgress } from "../src/domain/outline.ts";
import { structureSchema } from "../src/domain/structure.ts";
import { runCourseGeneration, runStructureGeneration } from "../trigger/generation/index.ts";
import { launchChromium, openPage, screenshot, signedInContext, signUpByCode } from "./support/browser.ts";

/**
 * New versions of a learning path in Chromium against the real local stack (issue 23 point 3, and a
 * manager's "Genereer leerpad" on a published path): regenerating a course with progress asks first,
 * Annuleren starts nothing, Opnieuw genereren runs the real course task and the progress on unchanged
 * activities remains; on a published path the new version waits as a draft the manager previews and
 * publishes, the progress on what did not change included.
 */

const GENERATION_TIMEOUT_MS = 120_000;
const UI = { timeout: 20_000, interval: 250 };
const GENERATION = { timeout: GENERATION_TIMEOUT_MS, interval: 1000 };

const SOURCE_FILE = "rivieren.md";
const SOURCE = `# Rivieren

## De loop van een rivier

De bovenloop van een rivier ligt hoog in de bergen. Het water stroomt daar snel en neemt stenen en zand mee.
Door die snelle stroming slijt de rivier een smal en diep V-dal uit. Watervallen komen vooral in de bovenloop voor.
In de benedenloop stroomt de rivier langzaam door een vlak land. Het water zet daar klei en zand af op de oevers.

## Delta's en dijken

Een delta ontstaat waar een rivier in zee uitmondt en veel slib achterlaat. De Rijn en de Maas vormen samen een grote delta.
Dijken beschermen het land achter de rivier tegen hoog water. In Nederland liggen duizenden kilometers dijken langs rivieren en zee.
Bij hoog water in het voorjaar kan een rivier buiten haar zomerbed treden. Uiterwaarden geven de rivier dan extra ruimte.
`;

const stack = inject("stack");
const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
const service = createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let learner: SupabaseClient;
let userId: string;
let topicId: string;

interface ActivityState {
  id: string;
  section_id: string;
  kind: string;
  payload: unknown;
  status: string | null;
}

/** The activities of a course with the user's progress on each. */
async function activitiesOf(courseId: string): Promise<ActivityState[]> {
  const { rows } = await db.query<ActivityState>(
    `select a.id, ch.section_id, a.kind, a.payload, p.status
     from public.activities a join public.chapters ch on ch.id = a.chapter_id
     left join public.activity_progress p on p.activity_id = a.id and p.user_id = $2
     where ch.course_id = $1 order by ch.position, a.position`,
    [courseId, userId],
  );
  return rows;
}

async function readOutline() {
  const { data, error } = await learner.rpc("get_microlearning_outline", { p_topic_id: topicId });
  expect(error).toBeNull();
  return outlineRpcSchema.parse(data);
}

async function shownCourseId(): Promise<string | undefined> {
  return (await readOutline()).course?.id;
}

async function courseRequests(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from public.generation_requests where topic_id = $1 and task = 'generate-course-content'",
    [topicId],
  );
  return rows[0]?.n ?? 0;
}

/** The percentage the overview shows for the outline as the database has it now. */
async function expectedProgress(): Promise<string> {
  const rpc = await readOutline();
  const { data } = await learner.from("topics").select("structure").eq("id", topicId).single();
  return `${overallProgress(outlineFromCourse(rpc, structureSchema.parse(data?.structure)))}%`;
}

function toast(text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** A topic in the user's own organisation (they are its admin) with a Markdown source, structure accepted. */
async function topicWithStructure(): Promise<string> {
  const entity = await learner.rpc("create_entity", { p_name: "Rivierschool Versies" });
  expect(entity.error).toBeNull();
  const entityId = entity.data as string;
  const topic = await learner
    .from("topics")
    .insert({ entity_id: entityId, title: "Rivieren", description: "Van bron tot delta" })
    .select("id")
    .single();
  expect(topic.error).toBeNull();
  const id = (topic.data as { id: string }).id;
  const filePath = `${entityId}/${id}/${SOURCE_FILE}`;
  const upload = await learner.storage
    .from("sources")
    .upload(filePath, new Blob([SOURCE], { type: "text/markdown" }), { contentType: "text/markdown" });
  expect(upload.error).toBeNull();
  const source = await learner.from("topic_sources").insert({
    topic_id: id,
    kind: "markdown",
    file_name: SOURCE_FILE,
    file_path: filePath,
    mime_type: "text/markdown",
  });
  expect(source.error).toBeNull();
  // The structure as the task writes it, accepted as the review screen does.
  await db.query("update public.topics set processing_status = 'generating_structure' where id = $1", [id]);
  await runStructureGeneration(service, { topicId: id }, async () => {});
  await db.query(
    "update public.topics set processing_status = 'completed', processing_progress = 100 where id = $1",
    [id],
  );
  return id;
}

beforeAll(async () => {
  const signedUp = await signUpByCode("course-versions");
  learner = signedUp.client;
  userId = signedUp.session.user.id;
  topicId = await topicWithStructure();

  // The user's first path, and every activity of it done.
  const first = await runCourseGeneration(
    service,
    { topicId, createdBy: userId, title: "Rivieren", publish: false, mode: "refresh" },
    async () => {},
  );
  for (const activity of await activitiesOf(first.courseId)) {
    const saved = await learner
      .from("activity_progress")
      .insert({ activity_id: activity.id, user_id: userId, status: "completed" });
    expect(saved.error).toBeNull();
  }

  browser = await launchChromium();
  context = await signedInContext(browser, signedUp.session);
  ({ page, consoleErrors } = await openPage(context));
}, GENERATION_TIMEOUT_MS);

afterEach(async ({ task }) => {
  if (task.result?.state !== "fail" || !page) return;
  await screenshot(page, `course-versions-failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  console.error("console errors:", consoleErrors);
});

afterAll(async () => {
  await browser?.close();
  await db.end();
});

describe("Genereer leerpad on a course with progress", () => {
  it("asks first, and Annuleren starts nothing", async () => {
    const before = await shownCourseId();
    await page.goto(`/studymap/topics/${topicId}/microlearning/`);
    await expect.poll(() => page.getByText("100%", { exact: true }).count(), UI).toBe(1);

    await page.getByRole("button", { name: "Genereer leerpad" }).click();
    const dialog = page.getByRole("dialog", { name: "Leerpad opnieuw genereren?" });
    await expect.poll(() => dialog.isVisible(), UI).toBe(true);
    // The path is the user's own draft: the one learner with progress is they themselves.
    expect(await dialog.textContent()).toContain("Je hebt al voortgang in dit leerpad.");
    await screenshot(page, "course-versions-01-regenerate-asks");
    await dialog.getByRole("button", { name: "Annuleren" }).click();
    await expect.poll(() => dialog.count(), UI).toBe(0);

    // Nothing was asked of the server: no run claimed, the same course with all its progress.
    await page.waitForTimeout(1500);
    expect(await courseRequests()).toBe(0);
    expect(await shownCourseId()).toBe(before);
    expect(await page.getByText("100%", { exact: true }).count()).toBe(1);
  });

  it("regenerates once confirmed, keeping the progress of the activities that did not change", async () => {
    const before = await shownCourseId();
    if (!before) throw new Error("no course");
    const old = await activitiesOf(before);
    // The first section is renamed since the first run: its chapter changes, the others do not.
    const { rows } = await db.query<{ structure: unknown }>(
      "select structure from public.topics where id = $1",
      [topicId],
    );
    const structure = structureSchema.parse(rows[0]?.structure);
    const [renamed, ...others] = structure.sections;
    if (!renamed || others.length === 0) throw new Error("the structure needs two sections");
    await db.query("update public.topics set structure = $2 where id = $1", [
      topicId,
      { ...structure, sections: [{ ...renamed, title: "De loop van een rivier, herzien" }, ...others] },
    ]);

    await page.getByRole("button", { name: "Genereer leerpad" }).click();
    const dialog = page.getByRole("dialog", { name: "Leerpad opnieuw genereren?" });
    await dialog.getByRole("button", { name: "Opnieuw genereren" }).click();
    await expect.poll(shownCourseId, GENERATION).not.toBe(before);
    const after = await activitiesOf((await shownCourseId()) as string);

    const kept = after.filter((activity) => activity.section_id !== renamed.section_id);
    expect(kept.map((activity) => [activity.id, activity.status])).toEqual(
      old
        .filter((activity) => activity.section_id !== renamed.section_id)
        .map((activity) => [activity.id, "completed"]),
    );
    const changed = after.filter(
      (activity) => !old.some((previous) => previous.id === activity.id && previous.kind === activity.kind),
    );
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((activity) => activity.status === null)).toBe(true);

    // The overview shows it without a reload: neither 0 % nor the old 100 %.
    const percentage = await expectedProgress();
    expect(["0%", "100%"]).not.toContain(percentage);
    await expect.poll(() => page.getByText(percentage, { exact: true }).count(), GENERATION).toBe(1);
    await screenshot(page, "course-versions-02-progress-kept");
  });
});

describe("a manager's Genereer leerpad on a published path", () => {
  it("saves a new version the manager previews and publishes, keeping the progress on unchanged activities", async () => {
    // The manager's own path, seen by nobody else while nothing is published, is published first.
    const published = (await shownCourseId()) as string;
    await page.goto(`/studymap/topics/${topicId}/microlearning/`);
    const firstVersion = page.getByRole("region", { name: "Publiceren" });
    await expect.poll(() => firstVersion.isVisible(), UI).toBe(true);
    await firstVersion.getByRole("button", { name: "Publiceren" }).click();
    await page
      .getByRole("dialog", { name: "Leerpad publiceren?" })
      .getByRole("button", { name: "Publiceren" })
      .click();
    await expect.poll(() => toast("Leerpad gepubliceerd").count(), UI).toBe(1);
    await expect.poll(() => firstVersion.count(), UI).toBe(0);
    expect((await readOutline()).course).toMatchObject({ id: published, published_at: expect.any(String) });
    const before = await activitiesOf(published);
    const percentage = await expectedProgress();
    await expect.poll(() => page.getByText(percentage, { exact: true }).count(), UI).toBe(1);

    // A published path is not replaced by generating: nothing to ask, and the new version waits.
    await page.getByRole("button", { name: "Genereer leerpad" }).click();
    const notice = page.getByRole("region", { name: "Nieuwe versie" });
    await expect.poll(() => notice.isVisible(), GENERATION).toBe(true);
    expect(await notice.textContent()).toContain("Er staat een nieuwe versie van dit leerpad klaar.");
    await expect.poll(() => page.getByText("Leerpad wordt gegenereerd…").count(), UI).toBe(0);
    expect(await shownCourseId()).toBe(published);

    await notice.getByRole("button", { name: "Bekijk nieuwe versie" }).click();
    await expect
      .poll(() => notice.getByText("Je bekijkt de nieuwe versie.", { exact: false }).count(), UI)
      .toBe(1);
    await screenshot(page, "course-versions-03-new-version-preview");

    await notice.getByRole("button", { name: "Publiceren" }).click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe versie publiceren?" });
    await dialog.getByRole("button", { name: "Publiceren" }).click();
    await expect.poll(() => toast("Nieuwe versie gepubliceerd").count(), UI).toBe(1);
    await expect.poll(() => notice.count(), UI).toBe(0);

    const now = (await readOutline()).course;
    expect(now?.id).not.toBe(published);
    expect(now?.published_at).not.toBeNull();
    // The same structure gave the same activities: every one keeps its id and its progress.
    const after = await activitiesOf(now?.id as string);
    expect(after.map((activity) => [activity.id, activity.status])).toEqual(
      before.map((activity) => [activity.id, activity.status]),
    );
    await expect.poll(() => page.getByText(percentage, { exact: true }).count(), UI).toBe(1);
  });
});

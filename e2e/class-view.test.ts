import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Question } from "../src/domain/activity-payload.ts";
import { quizResult, statusAfterQuiz } from "../src/domain/microlearning.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { launchChromium, openPage, screenshot, signedInContext, signUpByCode } from "./support/browser.ts";

/**
 * The class view in Chromium against the real local stack (docs/teachers.md): ten learners of a school
 * answer a chapter's diagnostic and mastery check through their own clients, as the phase screens do;
 * an eleventh opened the chapter ten days ago and did nothing since. The admin opens the topic's Class
 * screen and sees the counts per chapter and subtopic, the names behind a subtopic, and the flags on a
 * deliberately bad question: only the weakest learner picks its right option, most pick one wrong
 * option, and one option is never picked.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const UI = { timeout: 20_000 };
const stack = inject("stack");
const service = createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
const LEARNERS = 10;

let browser: Browser;
let admin: { client: SupabaseClient; session: Session };
let topicId: string;

async function must<R extends { data: unknown; error: unknown }>(
  result: PromiseLike<R>,
): Promise<NonNullable<R["data"]>> {
  const { data, error } = await result;
  expect(error).toBeNull();
  return data as NonNullable<R["data"]>;
}

const question = (id: string, subtopic: string, stem: string, options: string[]): Question => ({
  id,
  stem,
  options,
  correct_option: 0,
  explanation: "",
  difficulty: "medium",
  subtopic_id: subtopic,
  citations: [],
});

const DIAGNOSTIC = [
  question("d1", "st-rain", "Where does rain come from?", ["Clouds", "Rivers"]),
  question("d2", "st-sea", "Why is the sea salty?", ["Minerals from rock", "Fish"]),
];
// Learner k gets good question gj right when k > j; the bad question is right for learner 1 alone.
const GOOD = [1, 2, 3, 4].map((j) =>
  question(`g${j}`, j % 2 ? "st-rain" : "st-sea", `Good question ${j}`, ["Right", "Wrong"]),
);
const BAD = question("bad", "st-sea", "Which gas do clouds mostly hold?", [
  "Water vapour",
  "Oxygen",
  "Nitrogen",
  "Helium",
]);
const MASTERY = [...GOOD, BAD];

/** Learner k's answers: the diagnostic all right for k > 5, the mastery check as described above. */
function answersOf(k: number) {
  const diagnostic = Object.fromEntries(DIAGNOSTIC.map((q) => [q.id, k > 5 ? 0 : 1]));
  const mastery: Record<string, number> = Object.fromEntries(GOOD.map((q, j) => [q.id, k > j + 1 ? 0 : 1]));
  mastery.bad = k === 1 ? 0 : k <= 3 ? 2 : 1;
  return { diagnostic, mastery };
}

/** A school, a published course of one chapter with two subtopics, written as the generation task writes it. */
async function createCourse(): Promise<{
  entityId: string;
  diagnosticId: string;
  masteryId: string;
  overviewId: string;
}> {
  const entityId = await must(admin.client.rpc("create_entity", { p_name: "Class View School" }));
  const structure = {
    title: "Weather",
    description: "",
    sections: [
      {
        section_id: "s1",
        title: "The water cycle",
        description: "",
        subtopics: [
          { subtopic_id: "st-rain", title: "Rain", description: "", key_points: [], citations: [] },
          { subtopic_id: "st-sea", title: "The sea", description: "", key_points: [], citations: [] },
        ],
      },
    ],
  };
  const topic = await must(
    service
      .from("topics")
      .insert({
        entity_id: entityId as string,
        title: "Weather",
        structure,
        processing_status: "completed",
        created_by: admin.session.user.id,
      })
      .select("id")
      .single(),
  );
  topicId = topic.id;
  const course = await must(
    service
      .from("courses")
      .insert({ topic_id: topicId, title: "Weather", published_at: new Date().toISOString() })
      .select("id")
      .single(),
  );
  const chapter = await must(
    service
      .from("chapters")
      .insert({ course_id: course.id, title: "The water cycle", position: 1, section_id: "s1" })
      .select("id")
      .single(),
  );
  const activities = await must(
    service
      .from("activities")
      .insert([
        {
          chapter_id: chapter.id,
          kind: "overview",
          title: "Overview",
          position: 1,
          payload: { slides: [], objectives: [] },
        },
        {
          chapter_id: chapter.id,
          kind: "diagnostic",
          title: "Diagnostic",
          position: 2,
          payload: { questions: DIAGNOSTIC },
        },
        {
          chapter_id: chapter.id,
          kind: "mastery",
          title: "Mastery",
          position: 5,
          payload: { questions: MASTERY },
        },
      ])
      .select("id, kind"),
  );
  const idOf = (kind: string) => activities.find((activity) => activity.kind === kind)?.id as string;
  return {
    entityId: entityId as string,
    overviewId: idOf("overview"),
    diagnosticId: idOf("diagnostic"),
    masteryId: idOf("mastery"),
  };
}

beforeAll(async () => {
  mkdirSync(path.join(ROOT, "test-results", "screenshots"), { recursive: true });
  admin = await signUpByCode("class-admin");
  const course = await createCourse();
  const learners = await Promise.all(
    Array.from({ length: LEARNERS + 1 }, (_, i) => signUpByCode(`class-l${i + 1}`)),
  );
  // Memberships written as a trusted operator would (docs/admin.md), rather than eleven invitations.
  await must(
    service.from("core_memberships").insert(
      learners.map((learner) => ({
        entity_id: course.entityId,
        user_id: learner.session.user.id,
        member_role: "member",
        status: "active",
      })),
    ),
  );
  await Promise.all(
    learners.slice(0, LEARNERS).map(async (learner, index) => {
      const { diagnostic, mastery } = answersOf(index + 1);
      for (const [activityId, questions, answers, kind] of [
        [course.diagnosticId, DIAGNOSTIC, diagnostic, "diagnostic"],
        [course.masteryId, MASTERY, mastery, "mastery"],
      ] as const) {
        const result = quizResult(kind, questions, answers);
        await must(
          learner.client
            .from("activity_progress")
            .upsert({ activity_id: activityId, status: statusAfterQuiz(result), result })
            .select("activity_id"),
        );
      }
    }),
  );
  // The eleventh opened the overview ten days ago; backdating a row is the service role's to do.
  const idle = learners[LEARNERS] as (typeof learners)[number];
  const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3600 * 1000).toISOString();
  await must(
    service
      .from("activity_progress")
      .insert({
        activity_id: course.overviewId,
        user_id: idle.session.user.id,
        status: "in_progress",
        created_at: tenDaysAgo,
        updated_at: tenDaysAgo,
      })
      .select("activity_id"),
  );
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function classPage(): Promise<{ tab: Page; consoleErrors: string[] }> {
  const context = await signedInContext(browser, admin.session);
  const { page: tab, consoleErrors } = await openPage(context);
  await tab.goto(`/studymap/topics/${topicId}`);
  await tab.getByRole("link", { name: "Class", exact: true }).click();
  await tab.getByRole("table", { name: "Chapter 1: The water cycle" }).waitFor(UI);
  return { tab, consoleErrors };
}

/** A row's five counts: started, excused, passed, failed, stuck. */
async function counts(tab: Page, part: string): Promise<string[]> {
  const row = tab.getByRole("table", { name: "Chapter 1: The water cycle" }).getByRole("row", { name: part });
  return (await row.getByRole("cell").allTextContents()).slice(0, 5);
}

describe("the class view", () => {
  it("shows the admin the counts per chapter and subtopic", async () => {
    const { tab, consoleErrors } = await classPage();
    // Eleven started; learners 6-10 made no diagnostic mistake; 5-10 reach 4 of 5 (80 %) in mastery.
    expect(await counts(tab, "Whole chapter")).toEqual(["11", "5", "6", "4", "1"]);
    // Rain: d1, g1, g3. Excused for 6-10; passed when g1 and g3 are right (k > 3).
    expect(await counts(tab, "Rain")).toEqual(["11", "5", "7", "3", "1"]);
    // The sea: d2, g2, g4 and the bad question, which only learner 1 gets right: nobody passes it.
    expect(await counts(tab, "The sea")).toEqual(["11", "5", "0", "10", "1"]);
    expect(await seriousViolations(tab)).toEqual([]);
    await screenshot(tab, "class-view");
    expect(consoleErrors).toEqual([]);
  });

  it("names the learners behind a subtopic, the idle one first", async () => {
    const { tab } = await classPage();
    await tab.getByRole("button", { name: "Learners of The sea" }).click();
    const idle = tab.getByRole("listitem").filter({ hasText: "class-l11-" });
    await idle.waitFor(UI);
    expect(await idle.textContent()).toContain("Stuck");
    // Stuck learners come first; the ten who answered are listed with them (11 names).
    expect(
      await tab
        .getByRole("listitem")
        .filter({ hasText: /^class-l/ })
        .count(),
    ).toBe(LEARNERS + 1);
    expect(
      await tab
        .getByRole("listitem")
        .filter({ hasText: /^class-l/ })
        .first()
        .textContent(),
    ).toContain("class-l11-");
  });

  it("flags the deliberately bad question in words, and only that one", async () => {
    const { tab } = await classPage();
    const flagged = tab.getByTestId("flagged-question");
    await flagged.first().waitFor(UI);
    expect(await flagged.count()).toBe(1);
    const text = await flagged.first().textContent();
    expect(text).toContain("Which gas do clouds mostly hold?");
    expect(text).toContain("Too hard: fewer than 20 % answer it right");
    expect(text).toContain("Misleading: learners who do well on the rest of the chapter get it wrong");
    expect(text).toContain("Nobody picks “Helium”");
    expect(text).toContain("More learners pick “Oxygen” or “Nitrogen” than the right answer");
  });
});

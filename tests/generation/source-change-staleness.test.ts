import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runQueuedRegenerations } from "../../trigger/course-parts/regenerate.ts";
import { englishText } from "../../trigger/generation/fixtures/sources.ts";
import { PRINTING_PRESS_TEXT } from "../../trigger/generation/fixtures/texts.ts";
import { runCourseGeneration, runStructureGeneration } from "../../trigger/generation/index.ts";
import type { TaskClient } from "../../trigger/generation/pipelines/db.ts";
import { AUTH_USER_FILLERS } from "../support/auth-users.ts";
import { type GenerationTopic, GenerationWorld } from "./support.ts";

/**
 * A source replaced under a published course (docs/teachers.md "When a source changes"), with the real
 * structure and course tasks in-process on a real stack: the new file opens with a paragraph the old one
 * did not have (every line below it moves) and rewrites one paragraph. Exactly the items citing a line
 * of that paragraph are marked stale; the course, its content and the learner's progress stay; citations
 * of unchanged text point at their new lines.
 */

const world = new GenerationWorld();
const service = createClient(world.stack.supabaseUrl, world.stack.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false },
}) as unknown as TaskClient;

const OLD_LINES = PRINTING_PRESS_TEXT.replace(/\n+$/, "").split("\n");
/** The second paragraph: the two lines about printing spreading. */
const CHANGED = new Set(OLD_LINES.filter((line) => /^(Printing spread|Printers competed)/.test(line)));
const NEW_TEXT = `A short note on where these facts come from.\n\n${OLD_LINES.map((line) =>
  CHANGED.has(line) ? `Rewritten: ${line.replace(/[a-z]+/, "changed")}` : line,
).join("\n")}\n`;
const NEW_LINES = NEW_TEXT.replace(/\n+$/, "").split("\n");

interface CitationLike {
  exactLines?: string[];
}
interface ItemLike {
  id?: string;
  citations?: CitationLike[];
}
interface ActivityRow {
  id: string;
  kind: string;
  payload: Record<string, ItemLike[] | unknown>;
}
interface StoredCitationRow {
  id: number;
  activity_id: string;
  chunk_id: string | null;
  line_start: number;
  line_end: number;
}

let topic: GenerationTopic;
let courseId: string;
let learnerId: string;
/** The course's citations as they were before the source changed. */
let citationsBeforeChange: StoredCitationRow[] = [];

const citesChanged = (citation: CitationLike) =>
  (citation.exactLines ?? []).some((line) => CHANGED.has(line));
const citesChangedLines = (row: StoredCitationRow) =>
  OLD_LINES.slice(row.line_start, row.line_end + 1).some((line) => CHANGED.has(line));

function itemsOf(activity: ActivityRow): ItemLike[] {
  for (const key of ["questions", "cards", "blocks"]) {
    const items = activity.payload[key];
    if (Array.isArray(items)) return items as ItemLike[];
  }
  return [];
}

async function activities(): Promise<ActivityRow[]> {
  const { rows } = await world.db.query<ActivityRow>(
    `select a.id, a.kind, a.payload from public.activities a
     join public.chapters ch on ch.id = a.chapter_id where ch.course_id = $1 order by ch.position, a.position`,
    [courseId],
  );
  return rows;
}

async function storedCitations(): Promise<StoredCitationRow[]> {
  const { rows } = await world.db.query<StoredCitationRow>(
    `select ac.id::integer, ac.activity_id, ac.chunk_id, ac.line_start, ac.line_end from public.activity_citations ac
     join public.activities a on a.id = ac.activity_id join public.chapters ch on ch.id = a.chapter_id
     where ch.course_id = $1 order by ac.id`,
    [courseId],
  );
  return rows;
}

async function progress(): Promise<unknown[]> {
  const { rows } = await world.db.query(
    "select * from public.activity_progress where user_id = $1 order by activity_id",
    [learnerId],
  );
  return rows;
}

/** The creator replaces the file: a new object, and the same source row pointed at it, to be read again. */
async function replaceSource() {
  const path = `${topic.entityId}/${topic.topicId}/printing-press-2.txt`;
  const { error } = await world.service.storage
    .from("sources")
    .upload(path, new Blob([NEW_TEXT], { type: "text/plain" }), { contentType: "text/plain" });
  if (error) throw new Error(error.message);
  await world.db.query(
    "update public.topic_sources set file_path = $2, file_name = 'printing-press-2.txt', status = 'pending' where id = $1",
    [topic.sourceIds[0], path],
  );
  // What regenerate_structure does before the task runs.
  await world.db.query(
    "update public.topics set processing_status = 'generating_structure', structure = null where id = $1",
    [topic.topicId],
  );
}

beforeAll(async () => {
  topic = await world.topic([englishText()], { title: "Printing" });
  await runStructureGeneration(service, { topicId: topic.topicId }, async () => {});
  await world.db.query("update public.topics set processing_status = 'completed' where id = $1", [
    topic.topicId,
  ]);
  const course = await runCourseGeneration(
    service,
    { topicId: topic.topicId, createdBy: topic.userId, title: "Printing", publish: false, mode: "refresh" },
    async () => {},
  );
  courseId = course.courseId;
  await world.db.query("update public.courses set published_at = now() where id = $1", [courseId]);
  learnerId = randomUUID();
  await world.db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, ${AUTH_USER_FILLERS.columns})
     values ($1, 'authenticated', 'authenticated', $2, now(), ${AUTH_USER_FILLERS.values})`,
    [learnerId, `learner-${learnerId}@generation-tests.studymap.test`],
  );
  await world.db.query(
    "insert into public.core_memberships (entity_id, user_id, member_role, status) values ($1, $2, 'member', 'active')",
    [topic.entityId, learnerId],
  );
  await world.db.query(
    `insert into public.activity_progress (activity_id, user_id, status, result)
     select a.id, $2, 'completed', '{"answers": {}}'::jsonb
     from public.activities a join public.chapters ch on ch.id = a.chapter_id where ch.course_id = $1`,
    [courseId, learnerId],
  );
}, 180_000);

afterAll(() => world.close());

describe("a source replaced under a published course", () => {
  it("marks exactly the items citing the changed paragraph stale, and keeps the course and progress", async () => {
    const before = await activities();
    const citationsBefore = await storedCitations();
    citationsBeforeChange = citationsBefore;
    const progressBefore = await progress();
    const itemKinds = new Set(["diagnostic", "mastery", "practice"]);
    const expectedItems = before.flatMap((activity) =>
      itemsOf(activity)
        .filter((item) => typeof item.id === "string" && (item.citations ?? []).some(citesChanged))
        .map((item) => `${activity.id}/${item.id}`),
    );
    const allItems = before.flatMap((activity) =>
      itemsOf(activity).filter((item) => typeof item.id === "string"),
    );
    // The source must make the test able to fail both ways: some items cite the paragraph, some do not.
    expect(expectedItems.length).toBeGreaterThan(0);
    expect(expectedItems.length).toBeLessThan(allItems.length);
    const expectedActivities = before
      .filter(
        (activity) =>
          !itemKinds.has(activity.kind) &&
          (itemsOf(activity).some((item) => (item.citations ?? []).some(citesChanged)) ||
            citationsBefore.some((row) => row.activity_id === activity.id && citesChangedLines(row))),
      )
      .map((activity) => activity.id)
      .sort();

    await replaceSource();
    const run = await runStructureGeneration(service, { topicId: topic.topicId }, async () => {});
    expect(run.status).toBe("generated");

    const { rows: marks } = await world.db.query<{
      activity_id: string;
      item_ids: string[];
      citations_changed: boolean;
    }>("select activity_id, item_ids, citations_changed from public.stale_activities where topic_id = $1", [
      topic.topicId,
    ]);
    const markedItems = marks.flatMap((mark) => mark.item_ids.map((id) => `${mark.activity_id}/${id}`));
    expect(markedItems.sort()).toEqual(expectedItems.sort());
    expect(
      marks
        .filter((mark) => mark.citations_changed)
        .map((mark) => mark.activity_id)
        .sort(),
    ).toEqual(expectedActivities);

    // The learner's path stays as it was: same activities, same content, same progress.
    expect(await activities()).toEqual(before);
    expect(await progress()).toEqual(progressBefore);
  }, 180_000);

  it("points citations of unchanged text at their new lines", async () => {
    const citations = await storedCitations();
    const unchanged = citations.filter((row) => row.chunk_id !== null);
    expect(unchanged.length).toBeGreaterThan(0);
    // The opening paragraph moved every line down: a relinked citation is at other numbers than before.
    const moved = unchanged.filter((row) =>
      citationsBeforeChange.some((was) => was.id === row.id && was.line_start !== row.line_start),
    );
    expect(moved.length).toBeGreaterThan(0);
    for (const row of unchanged) {
      const cited = NEW_LINES.slice(row.line_start, row.line_end + 1);
      expect(cited.some((line) => line.startsWith("Rewritten:"))).toBe(false);
      expect(cited.join("").trim()).not.toBe("");
    }
    const { rows } = await world.db.query<{ missing: number }>(
      `select count(*)::integer as missing from public.activity_citations ac
       where ac.id = any($1) and not exists (select 1 from public.source_chunks c where c.id = ac.chunk_id)`,
      [unchanged.map((row) => row.id)],
    );
    expect(rows[0]?.missing).toBe(0);
  });

  it("regenerates one stale question from the new text; only its mark goes", async () => {
    const { rows: marks } = await world.db.query<{
      activity_id: string;
      item_ids: string[];
      chapter_id: string;
    }>(
      `select s.activity_id, s.item_ids, a.chapter_id from public.stale_activities s
       join public.activities a on a.id = s.activity_id
       where s.topic_id = $1 and a.kind in ('diagnostic', 'mastery') order by s.activity_id`,
      [topic.topicId],
    );
    const mark = marks[0];
    expect(mark, "a stale question").toBeDefined();
    if (!mark) return;
    const questionId = mark.item_ids[0] as string;
    const { rows: checkBefore } = await world.db.query<{ payload: { questions: Array<{ id: string }> } }>(
      "select payload from public.activities where id = $1",
      [mark.activity_id],
    );
    const position = (checkBefore[0]?.payload.questions ?? []).findIndex(
      (question) => question.id === questionId,
    );
    const before = marks.flatMap((row) => row.item_ids.map((id) => `${row.activity_id}/${id}`));
    const { rows } = await world.db.query<{ id: string }>(
      `insert into public.course_part_regenerations (topic_id, chapter_id, activity_id, question_id, part, requested_by)
       values ($1, $2, $3, $4, 'item', $5) returning id`,
      [topic.topicId, mark.chapter_id, mark.activity_id, questionId, topic.userId],
    );
    const requestId = rows[0]?.id as string;
    await runQueuedRegenerations(service);
    let status = "queued";
    let error: string | null = null;
    for (let waited = 0; waited < 90_000 && (status === "queued" || status === "running"); waited += 500) {
      const { rows: found } = await world.db.query<{ status: string; error: string | null }>(
        "select status, error from public.course_part_regenerations where id = $1",
        [requestId],
      );
      status = found[0]?.status ?? "missing";
      error = found[0]?.error ?? null;
      if (status === "queued" || status === "running")
        await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(error).toBeNull();
    expect(status).toBe("done");

    const { rows: after } = await world.db.query<{ activity_id: string; item_ids: string[] }>(
      `select s.activity_id, s.item_ids from public.stale_activities s join public.activities a on a.id = s.activity_id
       where s.topic_id = $1 and a.kind in ('diagnostic', 'mastery')`,
      [topic.topicId],
    );
    const still = after.flatMap((row) => row.item_ids.map((id) => `${row.activity_id}/${id}`));
    expect(still.sort()).toEqual(before.filter((key) => key !== `${mark.activity_id}/${questionId}`).sort());
    // The new question rests on lines of the new text.
    const { rows: activity } = await world.db.query<{
      payload: { questions: Array<{ id: string } & ItemLike> };
    }>("select payload from public.activities where id = $1", [mark.activity_id]);
    const fresh = activity[0]?.payload.questions[position];
    expect(fresh?.id).not.toBe(questionId);
    expect(fresh?.citations?.length ?? 0).toBeGreaterThan(0);
    for (const citation of fresh?.citations ?? []) {
      for (const line of citation.exactLines ?? []) expect(NEW_LINES).toContain(line);
    }
  }, 180_000);
});

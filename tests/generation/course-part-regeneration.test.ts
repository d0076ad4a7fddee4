import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Question, questionSchema } from "../../src/domain/activity-payload.ts";
import { runQueuedRegenerations } from "../../trigger/course-parts/regenerate.ts";
import { englishText } from "../../trigger/generation/fixtures/sources.ts";
import { runCourseGeneration, runStructureGeneration } from "../../trigger/generation/index.ts";
import type { TaskClient } from "../../trigger/generation/pipelines/db.ts";
import { AUTH_USER_FILLERS } from "../support/auth-users.ts";
import { type GenerationTopic, GenerationWorld } from "./support.ts";

/**
 * The regenerate-course-parts task in-process on a real stack (docs/teachers.md, "Regenerating one item
 * or one chapter"): a published course generated offline from real sources, a learner with progress on
 * every activity, then one queued item and one queued chapter carried out. The new question takes the
 * old one's place and rests on the old one's lines; nothing else of the course and none of the
 * learner's progress changes. Then the coverage map's "add items for these lines" on a run the course
 * leaves untested (docs/teachers.md "Coverage").
 */

const world = new GenerationWorld();
/**
 * The in-process task's client. A request that fails before any answer (undici's "fetch failed", seen
 * here mid-ingestion on a busy machine) is sent once more; an answer, even an error, is never repeated.
 */
function taskClient(url: string, key: string) {
  const retryingFetch: typeof fetch = async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      return fetch(input, init);
    }
  };
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: retryingFetch },
  });
}

const service = taskClient(world.stack.supabaseUrl, world.stack.serviceRoleKey) as unknown as TaskClient;
let topic: GenerationTopic;
let courseId: string;
let learnerId: string;

interface ActivityRow {
  id: string;
  chapter_id: string;
  kind: string;
  payload: { questions?: unknown[] };
}

async function activities(): Promise<ActivityRow[]> {
  const { rows } = await world.db.query<ActivityRow>(
    `select a.id, a.chapter_id, a.kind, a.payload from public.activities a
     join public.chapters ch on ch.id = a.chapter_id where ch.course_id = $1 order by ch.position, a.position`,
    [courseId],
  );
  return rows;
}

/** Every progress row of the learner, whole (timestamps included), to compare before and after. */
async function progress(): Promise<unknown[]> {
  const { rows } = await world.db.query(
    "select * from public.activity_progress where user_id = $1 order by activity_id",
    [learnerId],
  );
  return rows;
}

async function queue(fields: {
  chapter_id: string;
  part: "item" | "chapter";
  activity_id?: string;
  question_id?: string;
}): Promise<string> {
  const { rows } = await world.db.query<{ id: string }>(
    `insert into public.course_part_regenerations (topic_id, chapter_id, activity_id, question_id, part, requested_by)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      topic.topicId,
      fields.chapter_id,
      fields.activity_id ?? null,
      fields.question_id ?? null,
      fields.part,
      topic.userId,
    ],
  );
  return rows[0]?.id as string;
}

/**
 * Runs the queue in-process and waits for the request to finish: the stack's own task worker fires the
 * same schedule every minute and may take the request first, with the same result.
 */
async function settle(id: string) {
  await runQueuedRegenerations(service);
  for (let waited = 0; waited < 90_000; waited += 500) {
    const row = await request(id);
    if (row && row.status !== "queued" && row.status !== "running") return row;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`request ${id} did not finish`);
}

async function request(id: string) {
  const { rows } = await world.db.query<{
    status: string;
    error: string | null;
    result: Record<string, unknown>;
  }>("select status, error, result from public.course_part_regenerations where id = $1", [id]);
  return rows[0];
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

  // A learner of the organisation who finished every activity of the course.
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

/** Runs one statement as the topic's creator, through the RPCs' own checks (auth.uid() and the role). */
async function asCreator<T>(sql: string, params: unknown[]): Promise<T[]> {
  const connection = await world.db.connect();
  try {
    await connection.query("begin");
    await connection.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ sub: topic.userId, role: "authenticated" }),
    ]);
    await connection.query("set local role authenticated");
    const { rows } = await connection.query(sql, params);
    await connection.query("commit");
    return rows as T[];
  } catch (error) {
    await connection.query("rollback");
    throw error;
  } finally {
    connection.release();
  }
}

interface CoverageRow {
  source_id: string;
  body_lines: number;
  tested_lines: number;
  chunk_id: string | null;
  line_start: number | null;
  line_end: number | null;
  excerpt: string | null;
  chapter_id: string | null;
}

async function coverage(): Promise<CoverageRow[]> {
  return asCreator<CoverageRow>("select * from public.class_source_coverage($1)", [topic.topicId]);
}

describe("regenerate-course-parts", () => {
  it("replaces one flagged question in place from its own lines, and changes nothing else", async () => {
    const before = await activities();
    const progressBefore = await progress();
    const check = before.find(
      (activity) =>
        (activity.kind === "mastery" || activity.kind === "diagnostic") &&
        (activity.payload.questions?.length ?? 0) > 0,
    );
    expect(check, "a check with questions").toBeDefined();
    if (!check) return;
    const questions = (check.payload.questions ?? []).map((question) => questionSchema.parse(question));
    const position = questions.length - 1;
    const old = questions[position] as Question;
    const id = await queue({
      chapter_id: check.chapter_id,
      part: "item",
      activity_id: check.id,
      question_id: old.id,
    });

    const done = await settle(id);
    expect(done?.error).toBeNull();
    expect(done.status).toBe("done");
    const after = await activities();
    const replaced = after.find((activity) => activity.id === check.id);
    const newQuestions = (replaced?.payload.questions ?? []).map((question) =>
      questionSchema.parse(question),
    );
    const fresh = newQuestions[position] as Question;
    expect(newQuestions.map((question) => question.id)).toEqual([
      ...questions.slice(0, position).map((question) => question.id),
      fresh.id,
    ]);
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.stem).not.toBe(old.stem);
    expect(fresh.subtopic_id).toBe(old.subtopic_id);
    expect(done?.result).toEqual({ replaced: old.id, question_id: fresh.id, stem: fresh.stem });
    // Written from the old question's own paragraphs: with this source the offline writer reads no
    // further (newQuestion's later steps would stay in the chapter).
    const oldChunks = new Set(old.citations.map((citation) => citation.chunk_id));
    expect(fresh.citations.length).toBeGreaterThan(0);
    for (const citation of fresh.citations) expect(oldChunks.has(citation.chunk_id)).toBe(true);
    // Every other activity exactly as it was, and the learner's progress untouched.
    expect(after.filter((activity) => activity.id !== check.id)).toEqual(
      before.filter((activity) => activity.id !== check.id),
    );
    expect(await progress()).toEqual(progressBefore);
  }, 120_000);

  it("writes one chapter again; the other chapters and the progress on unchanged activities stay", async () => {
    const before = await activities();
    const progressBefore = await progress();
    const chapterId = before[0]?.chapter_id as string;
    const id = await queue({ chapter_id: chapterId, part: "chapter" });

    const done = await settle(id);
    expect(done?.error).toBeNull();
    const after = await activities();
    expect(after.filter((activity) => activity.chapter_id !== chapterId)).toEqual(
      before.filter((activity) => activity.chapter_id !== chapterId),
    );
    const result = done?.result as { kept: number; replaced: number; added: number; removed: number };
    const ownBefore = before.filter((activity) => activity.chapter_id === chapterId);
    expect(result.kept + result.replaced + result.removed).toBe(ownBefore.length);
    // The activities written the same keep their ids and progress; the regenerated check changed back or anew.
    const unchanged = ownBefore.filter((activity) =>
      after.some(
        (next) =>
          next.id === activity.id && JSON.stringify(next.payload) === JSON.stringify(activity.payload),
      ),
    );
    expect(unchanged.length).toBe(result.kept);
    const kept = new Set([
      ...unchanged.map((activity) => activity.id),
      ...after.filter((a) => a.chapter_id !== chapterId).map((a) => a.id),
    ]);
    const keptProgress = (rows: unknown[]) =>
      rows.filter((row) => kept.has((row as { activity_id: string }).activity_id));
    expect(keptProgress(await progress())).toEqual(keptProgress(progressBefore));
  }, 120_000);

  it("fails a request whose question is gone, in words, and frees the chapter", async () => {
    const [first] = await activities();
    const check = (await activities()).find((activity) => activity.kind === "diagnostic");
    const id = await queue({
      chapter_id: check?.chapter_id ?? (first?.chapter_id as string),
      part: "item",
      activity_id: check?.id ?? (first?.id as string),
      question_id: "no-such-question",
    });
    expect(await settle(id)).toMatchObject({
      status: "failed",
      error: "The question is no longer in its check.",
    });
  }, 60_000);

  it("adds items for an untested run of lines at the ends of its chapter's check and deck, and changes nothing else", async () => {
    const map = await coverage();
    const testedBefore = map[0]?.tested_lines ?? 0;
    expect(testedBefore).toBeGreaterThan(0);
    expect(testedBefore).toBeLessThan(map[0]?.body_lines ?? 0);
    // Runs of at least a sentence's length, longest first: the offline writer needs a whole statement.
    const runs = map
      .filter((row) => row.chunk_id && row.chapter_id && (row.excerpt ?? "").split(/\s+/).length >= 12)
      .sort((a, b) => (b.excerpt ?? "").length - (a.excerpt ?? "").length);
    expect(runs.length).toBeGreaterThan(0);
    const before = await activities();
    const progressBefore = await progress();

    let added:
      | { run: CoverageRow; result: { questions: number; cards: number; stems: string[] } }
      | undefined;
    for (const run of runs.slice(0, 4)) {
      const [asked] = await asCreator<{ id: string }>(
        "select public.request_coverage_items($1, $2, $3, $4) as id",
        [topic.topicId, run.chunk_id, run.line_start, run.line_end],
      );
      const done = await settle(asked?.id as string);
      if (done.status === "done") {
        added = { run, result: done.result as { questions: number; cards: number; stems: string[] } };
        break;
      }
      // A run that states nothing testable is refused in words, never filled with a weak item.
      expect(done.error).toMatch(
        /^No fair question or card could be written from these lines|^These lines hold no sentence/,
      );
    }
    expect(added, "items for one of the longest untested runs").toBeDefined();
    if (!added) return;
    const { run, result } = added;
    expect(result.questions + result.cards).toBeGreaterThan(0);

    const after = await activities();
    const chapterId = run.chapter_id as string;
    type Item = { citations: Array<{ chunk_id: string; line_start: number; line_end: number }> };
    /** The items added at the end of the chapter's activity of a kind (none when it has no such activity). */
    const grown = (kind: string): Item[] => {
      const key = kind === "practice" ? "cards" : "questions";
      const itemsOf = (rows: ActivityRow[]) =>
        (
          (rows.find((activity) => activity.chapter_id === chapterId && activity.kind === kind)?.payload ??
            {}) as Record<string, Item[]>
        )[key] ?? [];
      const oldItems = itemsOf(before);
      const newItems = itemsOf(after);
      expect(newItems.slice(0, oldItems.length)).toEqual(oldItems);
      return newItems.slice(oldItems.length);
    };
    const newQuestions = grown("mastery");
    const newCards = grown("practice");
    expect([newQuestions.length, newCards.length]).toEqual([result.questions, result.cards]);
    // Every new item rests on the requested lines.
    for (const item of [...newQuestions, ...newCards]) {
      expect(
        item.citations.some(
          (citation) =>
            citation.chunk_id === run.chunk_id &&
            citation.line_start <= (run.line_end as number) &&
            citation.line_end >= (run.line_start as number),
        ),
      ).toBe(true);
    }
    // Only the chapter's mastery check and practice deck changed, and no progress at all.
    const changed = new Set(
      after
        .filter(
          (activity) =>
            JSON.stringify(activity) !== JSON.stringify(before.find((old) => old.id === activity.id)),
        )
        .map((activity) => `${activity.chapter_id === chapterId}:${activity.kind}`),
    );
    expect([...changed].every((key) => key === "true:mastery" || key === "true:practice")).toBe(true);
    expect(after.map((activity) => activity.id)).toEqual(before.map((activity) => activity.id));
    expect(await progress()).toEqual(progressBefore);
    // The map now counts the new items' lines as tested.
    expect((await coverage())[0]?.tested_lines).toBeGreaterThan(testedBefore);
  }, 240_000);

  it("records every carried-out request in the organisation's generation usage, refused ones included", async () => {
    const { rows } = await world.db.query<{ task: string; generator: string; calls: number }>(
      "select task, generator, calls from public.generation_usage where topic_id = $1 and task = 'regenerate-course-part'",
      [topic.topicId],
    );
    const { rows: requests } = await world.db.query<{ n: number }>(
      "select count(*)::integer as n from public.course_part_regenerations where topic_id = $1 and status in ('done', 'failed')",
      [topic.topicId],
    );
    expect(rows.length).toBe(requests[0]?.n);
    expect(new Set(rows.map((row) => `${row.generator} ${row.calls}`))).toEqual(
      new Set(["Offline generator 0"]),
    );
  });
});

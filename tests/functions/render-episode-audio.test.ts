import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fixtures, failure, type World } from "./support.ts";

/**
 * render-episode-audio as its callers meet it on a stack without a speech provider (the test stack's
 * default, like a project that never set SPEECH_BASE_URL, so the tasks' offline engine records): who is
 * refused, and how, before anything is counted, and a manager's render started and counted. Rendering
 * itself is tests/tasks/render-episode-audio.test.ts (offline) and tests/generation/episode-audio.test.ts
 * (against a local speech stand-in);
 * the limit is the database's (supabase/tests/database/175-episode-audio-render.test.sql).
 */
const fixtures = new Fixtures();
let world: World;
let episodeId: string;
let overviewId: string;

beforeAll(async () => {
  world = await fixtures.world();
  const course = await fixtures.db.query<{ id: string }>(
    `insert into public.courses (topic_id, title, published_at, created_by)
     values ($1, 'Rivers', now(), $2) returning id`,
    [world.topicId, world.manager.id],
  );
  const chapter = await fixtures.db.query<{ id: string }>(
    "insert into public.chapters (course_id, title, position) values ($1, 'The Rhine', 1) returning id",
    [course.rows[0]?.id],
  );
  const activities = await fixtures.db.query<{ id: string; kind: string }>(
    `insert into public.activities (chapter_id, kind, title, position, payload) values
       ($1, 'recap', 'Recap', 6, $2), ($1, 'overview', 'Overview', 1, $3)
     returning id, kind`,
    [
      chapter.rows[0]?.id,
      JSON.stringify({
        transcript: "The Rhine starts in the Alps.",
        bullets: [],
        script: [
          { speaker: "host", text: "Where does the Rhine start?", citations: [] },
          { speaker: "expert", text: "The Rhine starts in the Alps.", citations: [] },
        ],
        language: "en",
      }),
      JSON.stringify({ slides: [], objectives: [] }),
    ],
  );
  episodeId = activities.rows.find((row) => row.kind === "recap")?.id as string;
  overviewId = activities.rows.find((row) => row.kind === "overview")?.id as string;
});
afterAll(() => fixtures.end());

const render = (supabase: World["anonymous"], id: string) =>
  supabase.functions.invoke("render-episode-audio", { body: { episodeId: id } });

async function renderRequests(userId: string): Promise<number> {
  const result = await fixtures.db.query<{ count: number }>(
    "select count(*)::int as count from public.generation_requests where user_id = $1 and task = 'render-episode-audio'",
    [userId],
  );
  return result.rows[0]?.count ?? -1;
}

describe("render-episode-audio", () => {
  it("refuses a member of the topic's organisation with a sentence, not the database's text", async () => {
    expect(await failure(await render(world.member.supabase, episodeId))).toEqual({
      status: 403,
      body: { error: "Only the topic's content managers can render an episode's audio." },
    });
    expect(await renderRequests(world.member.id)).toBe(0);
  });

  it("does not reveal an episode to someone outside the organisation", async () => {
    expect(await failure(await render(world.outsider.supabase, episodeId))).toEqual({
      status: 404,
      body: { error: "Episode not found" },
    });
  });

  it("finds no episode in an activity that is not a recap", async () => {
    expect((await failure(await render(world.manager.supabase, overviewId))).status).toBe(404);
  });

  it("starts a render for a content manager without a speech provider (the offline engine records it) and counts it", async () => {
    const { data, error } = await render(world.manager.supabase, episodeId);
    expect(error).toBeNull();
    expect(data).toEqual({ runId: expect.stringMatching(/^run_/), publicAccessToken: expect.any(String) });
    expect(await renderRequests(world.manager.id)).toBe(1);
  });
});

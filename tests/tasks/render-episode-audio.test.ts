import { randomUUID } from "node:crypto";
import { tasks } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signGenerationGrant } from "../../src/domain/generation-grant.ts";
import { type GrantedTask, generationRunOptions, RENDER_EPISODE_AUDIO } from "../../src/domain/tasks.ts";
import type { renderEpisodeAudioTask } from "../../trigger/render-episode-audio.ts";
import { StackTasks, waitForRun } from "./support.ts";

/**
 * The render-episode-audio task as the stack's worker runs it, started the way the function starts it
 * (secret key, the product's run options). The test stack has no speech provider, so even a genuine
 * payload ends without audio; what is checked is that nothing but a genuine payload for an episode of
 * the granted topic gets that far, and that none is retried.
 */
const stackTasks = new StackTasks();
const grantSecret = stackTasks.stack.generationGrantSecret;

beforeAll(() => stackTasks.start());
afterAll(() => stackTasks.stop());

/** A topic with a published course whose one chapter ends in a recap episode. */
async function episode(): Promise<{ topicId: string; episodeId: string }> {
  const topicId = await stackTasks.topic(null);
  const { rows } = await stackTasks.db.query<{ id: string }>(
    `with course as (
       insert into public.courses (topic_id, title, published_at) values ($1, 'Rivers', now()) returning id
     ), chapter as (
       insert into public.chapters (course_id, title, position) select id, 'The Rhine', 1 from course returning id
     )
     insert into public.activities (chapter_id, kind, title, position, payload)
     select id, 'recap', 'Recap', 6, '{"transcript": "The Rhine starts in the Alps.", "bullets": []}'
     from chapter returning id`,
    [topicId],
  );
  return { topicId, episodeId: rows[0]?.id as string };
}

async function render(
  payload: { topicId: string; activityId: string; requestedBy: string },
  grantFor: { userId: string; topicId: string; task: GrantedTask } = {
    userId: payload.requestedBy,
    topicId: payload.topicId,
    task: RENDER_EPISODE_AUDIO,
  },
): Promise<string> {
  const full = { ...payload, grant: await signGenerationGrant(grantFor, grantSecret) };
  const handle = await tasks.trigger<typeof renderEpisodeAudioTask>(
    RENDER_EPISODE_AUDIO,
    full,
    generationRunOptions(full),
  );
  const run = await waitForRun(handle.id, (current) => current.isCompleted);
  // A refusal is final: no second attempt.
  expect(run).toMatchObject({ status: "FAILED", attemptCount: 1 });
  return run.error?.message ?? "";
}

async function audioRows(episodeId: string): Promise<number> {
  const { rows } = await stackTasks.db.query<{ count: number }>(
    "select count(*)::int as count from public.episode_audio where activity_id = $1",
    [episodeId],
  );
  return rows[0]?.count ?? -1;
}

describe("render-episode-audio task", () => {
  it("refuses a grant for another task or another user", async () => {
    const { topicId, episodeId } = await episode();
    const requestedBy = randomUUID();
    const payload = { topicId, activityId: episodeId, requestedBy };
    expect(await render(payload, { userId: requestedBy, topicId, task: "generate-course-content" })).toBe(
      "Refused: The generation grant does not allow this task.",
    );
    expect(await render(payload, { userId: randomUUID(), topicId, task: RENDER_EPISODE_AUDIO })).toBe(
      "Refused: The generation grant does not allow this userId.",
    );
    expect(await audioRows(episodeId)).toBe(0);
  });

  it("refuses an episode of another topic than the grant names", async () => {
    const [granted, other] = [await episode(), await episode()];
    expect(
      await render({ topicId: granted.topicId, activityId: other.episodeId, requestedBy: randomUUID() }),
    ).toBe("Refused: the episode is not a recap of the granted topic.");
    expect(await audioRows(other.episodeId)).toBe(0);
  });

  it("ends a genuine render without a speech provider at once, saying why", async () => {
    const { topicId, episodeId } = await episode();
    expect(await render({ topicId, activityId: episodeId, requestedBy: randomUUID() })).toBe(
      "No speech provider is configured (SPEECH_BASE_URL)",
    );
    expect(await audioRows(episodeId)).toBe(0);
  });
});

import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { tasks } from "@trigger.dev/sdk";
import { parseBuffer } from "music-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signGenerationGrant } from "../../src/domain/generation-grant.ts";
import { type GrantedTask, generationRunOptions, RENDER_EPISODE_AUDIO } from "../../src/domain/tasks.ts";
import type { renderEpisodeAudioTask } from "../../trigger/render-episode-audio.ts";
import { StackTasks, waitForRun } from "./support.ts";

/**
 * The render-episode-audio task as the stack's worker runs it, started the way the function starts it
 * (secret key, the product's run options): nothing but a genuine payload for an episode of the granted
 * topic gets far, and no refusal is retried. The test stack has no speech provider, so a genuine render
 * is spoken by the offline engine (eSpeak NG, encoded to MP3 by LAME) in the episode's language.
 */
const stackTasks = new StackTasks();
const grantSecret = stackTasks.stack.generationGrantSecret;

beforeAll(() => stackTasks.start());
afterAll(() => stackTasks.stop());

const RHINE = { transcript: "The Rhine starts in the Alps.", bullets: [] };

/** A topic with a published course whose one chapter ends in a recap episode with this payload. */
async function episode(payload: object = RHINE): Promise<{ topicId: string; episodeId: string }> {
  const topicId = await stackTasks.topic(null);
  const { rows } = await stackTasks.db.query<{ id: string }>(
    `with course as (
       insert into public.courses (topic_id, title, published_at) values ($1, 'Rivers', now()) returning id
     ), chapter as (
       insert into public.chapters (course_id, title, position) select id, 'The Rhine', 1 from course returning id
     )
     insert into public.activities (chapter_id, kind, title, position, payload)
     select id, 'recap', 'Recap', 6, $2 from chapter returning id`,
    [topicId, JSON.stringify(payload)],
  );
  return { topicId, episodeId: rows[0]?.id as string };
}

type RenderPayload = { topicId: string; activityId: string; requestedBy: string };

async function startRender(
  payload: RenderPayload,
  grantFor: { userId: string; topicId: string; task: GrantedTask } = {
    userId: payload.requestedBy,
    topicId: payload.topicId,
    task: RENDER_EPISODE_AUDIO,
  },
) {
  const full = { ...payload, grant: await signGenerationGrant(grantFor, grantSecret) };
  const handle = await tasks.trigger<typeof renderEpisodeAudioTask>(
    RENDER_EPISODE_AUDIO,
    full,
    generationRunOptions(full),
  );
  // Speaking and encoding a few turns takes a second or two; more on a busy machine.
  return waitForRun(handle.id, (current) => current.isCompleted, 60_000);
}

/** A refused render: the run's error message. */
async function render(
  payload: RenderPayload,
  grantFor?: { userId: string; topicId: string; task: GrantedTask },
): Promise<string> {
  const run = await startRender(payload, grantFor);
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

  it.each([
    {
      language: "nl",
      voices: ["espeak-ng:nl+f3", "espeak-ng:nl+m3"],
      script: [
        ["host", "Welkom. Waar kwam de rijkdom van de Republiek vandaan?"],
        ["expert", "Die welvaart kwam vooral uit handel, scheepvaart en visserij."],
        ["host", "Welke rol speelde de VOC daarin?"],
      ],
    },
    {
      language: "en",
      voices: ["espeak-ng:en-us+f3", "espeak-ng:en-us+m3"],
      script: [
        ["host", "What drives the water cycle?"],
        ["expert", "The sun warms the water and it evaporates."],
      ],
    },
  ])(
    "records a genuine $language episode with the offline engine: an MP3 in Storage with its measured length",
    async ({ language, voices, script }) => {
      const turns = script.map(([speaker, text]) => ({ speaker, text, citations: [] }));
      const transcript = turns.map((turn) => turn.text).join(" ");
      const { topicId, episodeId } = await episode({ transcript, bullets: [], script: turns, language });
      const run = await startRender({ topicId, activityId: episodeId, requestedBy: randomUUID() });
      expect(run).toMatchObject({ status: "COMPLETED", attemptCount: 1 });

      const { rows } = await stackTasks.db.query<{
        object_path: string;
        duration: number;
        starts: number[];
        voices: string[];
      }>(
        `select object_path, duration_seconds::float8 as duration, turn_starts::float8[] as starts, voices
       from public.episode_audio where activity_id = $1`,
        [episodeId],
      );
      const row = rows[0];
      if (!row) throw new Error("the render stored no episode_audio row");
      expect(row).toMatchObject({ object_path: `${episodeId}/episode.mp3`, voices });
      // Each turn starts after the one before it, the first at once.
      expect(row.starts).toHaveLength(turns.length);
      expect(row.starts[0]).toBe(0);
      for (const [index, start] of row.starts.entries()) {
        if (index > 0) expect(start).toBeGreaterThan((row.starts[index - 1] as number) + 0.5);
      }

      // The stored file is an MP3 whose own length is the row's: real speech of a few seconds.
      const service = createClient(stackTasks.stack.supabaseUrl, stackTasks.stack.serviceRoleKey, {
        auth: { persistSession: false },
      });
      const { data: file, error } = await service.storage.from("episode-audio").download(row.object_path);
      expect(error).toBeNull();
      const bytes = new Uint8Array(await (file as Blob).arrayBuffer());
      const { format } = await parseBuffer(bytes, { mimeType: "audio/mpeg" }, { duration: true });
      expect(format).toMatchObject({ container: "MPEG", codec: "MPEG 2 Layer 3", numberOfChannels: 1 });
      expect(format.duration).toBeCloseTo(row.duration, 1);
      expect(row.duration).toBeGreaterThan(turns.length);
      expect(row.duration).toBeGreaterThan((row.starts.at(-1) as number) + 0.5);
      // 48 kbit/s: about 6 KB a second.
      expect(bytes.length / row.duration).toBeLessThan(7_000);
    },
  );
});

import { tasks } from "@trigger.dev/sdk";
import { z } from "zod";
import { signGenerationGrant } from "../_shared/domain/generation-grant.ts";
import {
  generationRunOptions,
  RENDER_EPISODE_AUDIO,
  type RenderEpisodeAudioPayload,
} from "../_shared/domain/tasks.ts";
import { generationEnv } from "../_shared/env.ts";
import { configureTrigger } from "../_shared/generation.ts";
import { HttpError, postHandler, readBody } from "../_shared/http.ts";
import { type Caller, databaseError, requireCaller } from "../_shared/supabase.ts";

/**
 * Records an episode's audio again from its current script (docs/podcast.md), for the topic's content
 * managers, with the configured speech provider or else the tasks' offline engine. Refusals come before
 * anything is counted: 404 for an episode the caller cannot read, 403 unless they manage its topic. The
 * database then counts the render against the caller's generation limits (429
 * over them) and the render task is started with a grant; the answer carries the run's id and a token
 * that may only read that run, so the screen can follow it.
 */
const bodySchema = z.object({ episodeId: z.uuid() });

const NOT_AN_EPISODE_MANAGER = "Only the topic's content managers can render an episode's audio.";

Deno.serve(
  postHandler(async (request) => {
    const caller = await requireCaller(request);
    const { episodeId } = await readBody(request, bodySchema);
    await assertMayRender(caller, episodeId);

    const claimed = await caller.client.rpc("claim_episode_audio_render", { p_activity_id: episodeId });
    if (claimed.error) throw databaseError(claimed.error);
    const topicId = z.uuid().parse(claimed.data);
    const grant = await signGenerationGrant(
      { userId: caller.user.id, topicId, task: RENDER_EPISODE_AUDIO },
      generationEnv().GENERATION_GRANT_SECRET,
    );
    const payload = {
      topicId,
      activityId: episodeId,
      requestedBy: caller.user.id,
      grant,
    } satisfies RenderEpisodeAudioPayload;
    configureTrigger();
    try {
      const run = await tasks.trigger(RENDER_EPISODE_AUDIO, payload, generationRunOptions(payload));
      return { runId: run.id, publicAccessToken: run.publicAccessToken };
    } catch (error) {
      console.error("triggering the audio render failed", error);
      throw new HttpError(502, "Could not start rendering the audio");
    }
  }),
);

/** As the caller: RLS decides whether they can read the episode, the database whether they manage it. */
async function assertMayRender({ client }: Caller, episodeId: string): Promise<void> {
  const episode = await client
    .from("activities")
    .select("kind, chapters!inner(courses!inner(topic_id))")
    .eq("id", episodeId)
    .maybeSingle();
  if (episode.error) throw databaseError(episode.error);
  if (episode.data?.kind !== "recap") throw new HttpError(404, "Episode not found");
  const allowed = await client.rpc("can_manage_topic", {
    p_topic_id: episode.data.chapters.courses.topic_id,
  });
  if (allowed.error) throw databaseError(allowed.error);
  if (allowed.data !== true) throw new HttpError(403, NOT_AN_EPISODE_MANAGER);
}

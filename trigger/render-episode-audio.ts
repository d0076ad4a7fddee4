import { AbortTaskRunError, schemaTask } from "@trigger.dev/sdk";
import {
  GENERATION_QUEUE,
  GENERATION_RETRY,
  RENDER_EPISODE_AUDIO,
  type RenderEpisodeAudioPayload,
  renderEpisodeAudioSchema,
} from "../src/domain/tasks.ts";
import { authorizeRun } from "./authorize.ts";
import type { TaskClient } from "./generation/pipelines/db.ts";
import {
  type EpisodeAudioOutput,
  renderEpisodeAudio,
  topicOfEpisode,
} from "./generation/pipelines/episode-audio.ts";
import { ToolError } from "./generation/providers/run-tool.ts";
import { type SpeechSettings, speechSettingsFromEnv } from "./generation/providers/speech.ts";
import { serviceClient } from "./supabase.ts";

const MAX_DURATION_SECONDS = 600;

/**
 * Records one episode's current script again (docs/podcast.md) with the configured speech provider or
 * the offline engine, started by the render-episode-audio function for a content manager who edited it. The grant names the topic, so the episode must belong
 * to that topic: a grant for one topic never records another's episode.
 */
export async function runEpisodeAudioRender(
  client: TaskClient,
  payload: Pick<RenderEpisodeAudioPayload, "topicId" | "activityId">,
  settings: SpeechSettings,
): Promise<EpisodeAudioOutput> {
  // Retrying cannot move an episode to another topic or install a missing tool.
  if ((await topicOfEpisode(client, payload.activityId)) !== payload.topicId) {
    throw new AbortTaskRunError("Refused: the episode is not a recap of the granted topic.");
  }
  try {
    return await renderEpisodeAudio(client, payload.activityId, settings);
  } catch (error) {
    if (error instanceof Error && error.cause instanceof ToolError && error.cause.reason === "missing") {
      throw new AbortTaskRunError(error.message);
    }
    throw error;
  }
}

export const renderEpisodeAudioTask = schemaTask({
  id: RENDER_EPISODE_AUDIO,
  schema: renderEpisodeAudioSchema,
  queue: GENERATION_QUEUE,
  retry: GENERATION_RETRY,
  maxDuration: MAX_DURATION_SECONDS,
  run: async (payload, { ctx }) => {
    await authorizeRun(RENDER_EPISODE_AUDIO, payload, ctx, MAX_DURATION_SECONDS);
    return runEpisodeAudioRender(serviceClient(), payload, speechSettingsFromEnv());
  },
});

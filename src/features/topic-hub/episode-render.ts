import useSWR from "swr";
import { z } from "zod";
import { type RunState, runState } from "@/domain/run-status";
import type { StudymapClient } from "@/lib/database";
import { invokeEdgeFunction } from "@/lib/edge-function";

/** A render the function started: its run, and a token that may read that run only. */
export interface StartedRender {
  runId: string;
  publicAccessToken: string;
}

const startedRenderSchema = z.object({ runId: z.string().min(1), publicAccessToken: z.string().min(1) });

/** Asks the render-episode-audio function to record the episode's saved script again. */
export function startEpisodeRender(client: StudymapClient, episodeId: string): Promise<StartedRender> {
  return invokeEdgeFunction(client, "render-episode-audio", { episodeId }, startedRenderSchema);
}

const runAnswerSchema = z.object({ status: z.unknown() });

/** The run's status from Trigger.dev's runs API (the local stack's task service under `npm start`). */
async function fetchRunState(render: StartedRender): Promise<RunState> {
  const base = import.meta.env.VITE_TRIGGER_API_URL ?? "https://api.trigger.dev";
  const response = await fetch(`${base}/api/v3/runs/${encodeURIComponent(render.runId)}`, {
    headers: { authorization: `Bearer ${render.publicAccessToken}` },
  });
  if (!response.ok) throw new Error(`The render's progress could not be read (${response.status}).`);
  return runState(runAnswerSchema.parse(await response.json()).status);
}

/** How often a running render is asked about: a render takes seconds to a minute or two. */
const RENDER_POLL_MS = 2_000;

/** The render's run state, polled until it has finished or was cancelled. */
export function useRenderState(render: StartedRender | null) {
  return useSWR(
    render ? (["render-run", render.runId] as const) : null,
    () => fetchRunState(render as StartedRender),
    { refreshInterval: (latest) => (latest && (latest.completed || latest.cancelled) ? 0 : RENDER_POLL_MS) },
  );
}

/** What a render's state reads as on the audio step. */
export function renderProgress(state: RunState | undefined): string {
  if (!state || state.queued || state.waiting) return "Rendering audio: waiting to start…";
  if (state.executing) return "Rendering audio: recording the turns…";
  if (state.success) return "Audio rendered.";
  if (state.cancelled) return "Rendering was cancelled.";
  return "Rendering the audio failed; your browser reads the episode meanwhile.";
}

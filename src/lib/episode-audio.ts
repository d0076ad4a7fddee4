import { useEffect, useState } from "react";
import useSWR from "swr";
import { episodeScriptHash, type ScriptTurn } from "@/domain/activity-payload";
import { useSupabase } from "./auth/auth-context";
import type { StudymapClient } from "./database";

/** The private bucket the tasks store rendered episodes in (supabase/migrations/…_episode_audio.sql). */
export const EPISODE_AUDIO_BUCKET = "episode-audio";

export interface StoredEpisodeAudio {
  blob: Blob;
  durationSeconds: number;
  turnStarts: number[];
}

/**
 * What is recorded of an episode: audio of its current script, or only of an earlier one (`outdated`:
 * the script was edited since, so the audio is not downloaded and never played as the episode).
 */
export type EpisodeRecording =
  | ({ outdated: false; renderedAt: string } & StoredEpisodeAudio)
  | { outdated: true; renderedAt: string };

/**
 * An episode's recorded audio, or null when none was rendered. The file is downloaded whole (episodes
 * are a minute or two) so the player can seek anywhere without range requests; Storage checks that the
 * caller may read the episode. Audio rendered from another script than `turns` is outdated.
 */
export async function fetchEpisodeAudio(
  client: StudymapClient,
  activityId: string,
  turns: readonly Pick<ScriptTurn, "speaker" | "text">[],
): Promise<EpisodeRecording | null> {
  const { data: row, error: rowError } = await client
    .from("episode_audio")
    .select("object_path, duration_seconds, turn_starts, script_hash, updated_at")
    .eq("activity_id", activityId)
    .maybeSingle();
  if (rowError) throw rowError;
  if (!row) return null;
  if (row.script_hash !== (await episodeScriptHash(turns))) {
    return { outdated: true, renderedAt: row.updated_at };
  }
  const { data, error } = await client.storage.from(EPISODE_AUDIO_BUCKET).download(row.object_path);
  if (error) throw error;
  return {
    outdated: false,
    renderedAt: row.updated_at,
    blob: data,
    durationSeconds: row.duration_seconds,
    turnStarts: row.turn_starts,
  };
}

/** SWR's key for an episode's recording; the script is part of it, so an edit asks again. */
function episodeAudioKey(activityId: string, turns: readonly Pick<ScriptTurn, "speaker" | "text">[]) {
  return [
    "episode-audio",
    activityId,
    JSON.stringify(turns.map((turn) => [turn.speaker, turn.text])),
  ] as const;
}

/**
 * The episode's recorded audio of its current script as a playable object URL (revoked when no longer
 * shown), or undefined; `recording` also tells of outdated audio.
 */
export function useEpisodeAudio(activityId: string, turns: readonly ScriptTurn[]) {
  const client = useSupabase();
  const { data, error } = useSWR(episodeAudioKey(activityId, turns), () =>
    fetchEpisodeAudio(client, activityId, turns),
  );
  const playable = data && !data.outdated ? data : null;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!playable) return;
    const objectUrl = URL.createObjectURL(playable.blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [playable]);
  return {
    audio:
      playable && url
        ? { url, durationSeconds: playable.durationSeconds, turnStarts: playable.turnStarts }
        : undefined,
    recording: data,
    /** Still asking whether there is audio: the player waits rather than start speaking. */
    loading: (data === undefined && error === undefined) || (playable !== null && !url),
    error,
  };
}

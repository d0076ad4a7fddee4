import { useEffect, useState } from "react";
import useSWR from "swr";
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
 * An episode's recorded audio, or null when none was rendered. The file is downloaded whole (episodes
 * are a minute or two) so the player can seek anywhere without range requests; Storage checks that the
 * caller may read the episode.
 */
export async function fetchEpisodeAudio(
  client: StudymapClient,
  activityId: string,
): Promise<StoredEpisodeAudio | null> {
  const { data: row, error: rowError } = await client
    .from("episode_audio")
    .select("object_path, duration_seconds, turn_starts")
    .eq("activity_id", activityId)
    .maybeSingle();
  if (rowError) throw rowError;
  if (!row) return null;
  const { data, error } = await client.storage.from(EPISODE_AUDIO_BUCKET).download(row.object_path);
  if (error) throw error;
  return { blob: data, durationSeconds: row.duration_seconds, turnStarts: row.turn_starts };
}

/** The episode's recorded audio as a playable object URL (revoked when no longer shown), or undefined. */
export function useEpisodeAudio(activityId: string) {
  const client = useSupabase();
  const { data, error } = useSWR(["episode-audio", activityId] as const, ([, id]) =>
    fetchEpisodeAudio(client, id),
  );
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const objectUrl = URL.createObjectURL(data.blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [data]);
  return {
    audio:
      data && url ? { url, durationSeconds: data.durationSeconds, turnStarts: data.turnStarts } : undefined,
    /** Still asking whether there is audio: the player waits rather than start speaking. */
    loading: (data === undefined && error === undefined) || (data !== null && data !== undefined && !url),
    error,
  };
}

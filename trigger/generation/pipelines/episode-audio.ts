import { parseBuffer } from "music-metadata";
import wavefile from "wavefile";
import { z } from "zod";
import {
  episodeLanguage,
  episodeScriptHash,
  episodeTurns,
  recapPayloadSchema,
} from "../../../src/domain/activity-payload.ts";
import { type SpeechSettings, speakerVoices, synthesize } from "../providers/speech.ts";
import { DatabaseError, must, type TaskClient } from "./db.ts";
import { encodeMp3 } from "./mp3.ts";

/** The private bucket of rendered episodes (supabase/migrations/20261123000800_episode_audio.sql). */
export const EPISODE_AUDIO_BUCKET = "episode-audio";
/** The file of an episode in its folder (`<activity_id>/`). */
export const EPISODE_FILE = "episode.mp3";

export interface EpisodeAudioOutput {
  activityId: string;
  /** The script the audio speaks (episodeScriptHash). */
  scriptHash: string;
  objectPath: string;
  durationSeconds: number;
  turnStarts: number[];
}

const fmtSchema = z.object({
  numChannels: z.number().int().positive(),
  sampleRate: z.number().int().positive(),
});

/** Seconds of audio in a file, measured from the file (music-metadata reads the header and frames). */
async function measuredSeconds(bytes: Uint8Array, mimeType = "audio/wav"): Promise<number> {
  const { format } = await parseBuffer(bytes, { mimeType }, { duration: true });
  if (!format.duration || format.duration <= 0)
    throw new Error("The speech engine produced audio without length");
  return format.duration;
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * Renders one recap episode: each script turn spoken by its speaker's voice in the episode's language
 * (the configured provider or the offline engine), the turns joined as WAV and stored as one MP3 file
 * (mp3.ts) in the episode's folder of the `episode-audio` bucket, and its measured duration with the
 * second each turn starts (the chapter markers) in `episode_audio`. Rendering again replaces both.
 */
export async function renderEpisodeAudio(
  client: TaskClient,
  activityId: string,
  settings: SpeechSettings,
): Promise<EpisodeAudioOutput> {
  const { data: row, error } = await client
    .from("activities")
    .select("kind, payload")
    .eq("id", activityId)
    .maybeSingle();
  if (error) throw new DatabaseError(`loading the episode: ${error.message}`);
  if (row?.kind !== "recap") throw new Error(`Activity ${activityId} is not a recap episode`);
  const payload = recapPayloadSchema.parse(row.payload);
  const language = episodeLanguage(payload);
  const turns = episodeTurns(payload);
  if (turns.length === 0) throw new Error(`Episode ${activityId} has nothing to say`);

  const samples: Float64Array[] = [];
  const turnStarts: number[] = [];
  let format: { numChannels: number; sampleRate: number; bitDepth: string } | null = null;
  let elapsed = 0;
  // One turn at a time: providers limit concurrent requests, and the order is the episode's.
  for (const turn of turns) {
    const bytes = await synthesize(settings, turn.speaker, language, turn.text);
    const wav = new wavefile.WaveFile(bytes);
    const fmt = fmtSchema.parse(wav.fmt);
    const turnFormat = { ...fmt, bitDepth: wav.bitDepth };
    if (format && JSON.stringify(format) !== JSON.stringify(turnFormat)) {
      throw new Error("The speech provider answered the turns in different audio formats");
    }
    format = turnFormat;
    turnStarts.push(round(elapsed));
    elapsed += await measuredSeconds(bytes);
    samples.push(wav.getSamples(true));
  }
  if (!format) throw new Error(`Episode ${activityId} has nothing to say`);

  const joined = new Float64Array(samples.reduce((sum, part) => sum + part.length, 0));
  samples.reduce((offset, part) => {
    joined.set(part, offset);
    return offset + part.length;
  }, 0);
  const episode = new wavefile.WaveFile();
  episode.fromScratch(format.numChannels, format.sampleRate, format.bitDepth, joined);
  const file = await encodeMp3(episode.toBuffer());
  const durationSeconds = round(await measuredSeconds(file, "audio/mpeg"));

  const objectPath = `${activityId}/${EPISODE_FILE}`;
  const previous = await storedObjectPath(client, activityId);
  const voices = speakerVoices(settings, language);
  const stored = await client.storage
    .from(EPISODE_AUDIO_BUCKET)
    .upload(objectPath, file, { contentType: "audio/mpeg", upsert: true });
  if (stored.error) throw new Error(`Storing the episode's audio failed: ${stored.error.message}`);
  must(
    "recording the episode's audio",
    await client
      .from("episode_audio")
      .upsert({
        activity_id: activityId,
        object_path: objectPath,
        duration_seconds: durationSeconds,
        turn_starts: turnStarts,
        voices: [voices.host, voices.expert],
        script_hash: await episodeScriptHash(turns),
      })
      .select("activity_id"),
  );
  // A file of an earlier render under another name (episode.wav, before episodes were MP3) is replaced.
  if (previous && previous !== objectPath) await client.storage.from(EPISODE_AUDIO_BUCKET).remove([previous]);
  return { activityId, scriptHash: await episodeScriptHash(turns), objectPath, durationSeconds, turnStarts };
}

/** Where the episode's current audio is stored, if it has any. */
async function storedObjectPath(client: TaskClient, activityId: string): Promise<string | null> {
  const { data, error } = await client
    .from("episode_audio")
    .select("object_path")
    .eq("activity_id", activityId)
    .maybeSingle();
  if (error) throw new DatabaseError(`loading the episode's audio: ${error.message}`);
  return data?.object_path ?? null;
}

/** The topic a recap episode belongs to (through its chapter and course), or null when there is none. */
export async function topicOfEpisode(client: TaskClient, activityId: string): Promise<string | null> {
  const { data, error } = await client
    .from("activities")
    .select("kind, chapters!inner(courses!inner(topic_id))")
    .eq("id", activityId)
    .maybeSingle();
  if (error) throw new DatabaseError(`loading the episode's topic: ${error.message}`);
  return data?.kind === "recap" ? data.chapters.courses.topic_id : null;
}

export interface CourseAudioReport {
  rendered: number;
  /** Episodes the provider could not render; they are heard through the browser's voices instead. */
  failed: string[];
}

/** Renders every recap episode of a course; an episode that fails is reported, not fatal to the course. */
export async function renderCourseAudio(
  client: TaskClient,
  courseId: string,
  settings: SpeechSettings,
): Promise<CourseAudioReport> {
  const listed = must(
    "listing the course's episodes",
    await client
      .from("activities")
      .select("id, chapters!inner(course_id, position)")
      .eq("kind", "recap")
      .eq("chapters.course_id", courseId),
  );
  // In chapter order. PostgREST's `order` on a referenced table sorts inside the embedded rows, never the
  // activities themselves, which came back in the order their chapters were written (concurrently): the
  // episodes were recorded in whatever order the chapters finished.
  const recaps = [...listed].sort((a, b) => positionOf(a.chapters) - positionOf(b.chapters));
  const report: CourseAudioReport = { rendered: 0, failed: [] };
  for (const recap of recaps) {
    try {
      await renderEpisodeAudio(client, recap.id, settings);
      report.rendered++;
    } catch (error) {
      report.failed.push(`${recap.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return report;
}

/** A chapter's position from its embedded row (one chapter per activity, as an object or a list of one). */
function positionOf(chapter: { position: number } | Array<{ position: number }>): number {
  return (Array.isArray(chapter) ? chapter[0]?.position : chapter.position) ?? 0;
}

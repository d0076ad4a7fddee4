import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { SupabaseClient } from "@supabase/supabase-js";
import { parseBuffer } from "music-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import wavefile from "wavefile";
import { episodeScriptHash, recapPayloadSchema, type ScriptTurn } from "../../src/domain/activity-payload.ts";
import { fetchEpisodeAudio } from "../../src/lib/episode-audio.ts";
import { dutchMarkdown } from "../../trigger/generation/fixtures/sources.ts";
import { runCourseGeneration, runStructureGeneration } from "../../trigger/generation/index.ts";
import { speechSettingsFromEnv } from "../../trigger/generation/providers/speech.ts";
import { runEpisodeAudioRender } from "../../trigger/render-episode-audio.ts";
import { signIn } from "../support/clients.ts";
import { GenerationWorld } from "./support.ts";

const world = new GenerationWorld();

interface SpeechRequest {
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: { model: string; voice: string; input: string; response_format: string };
}

const SAMPLE_RATE = 24_000;
/** How long the stand-in speaks per voice, so the expected duration and chapter markers are known. */
const SECONDS = { alloy: 1.5, onyx: 2.25 } as Record<string, number>;

/** A real WAV file: a quiet tone of the given length, 16-bit mono. */
function tone(seconds: number): Uint8Array {
  const samples = Array.from({ length: Math.round(seconds * SAMPLE_RATE) }, (_, index) =>
    Math.round(2000 * Math.sin((2 * Math.PI * 440 * index) / SAMPLE_RATE)),
  );
  const wav = new wavefile.WaveFile();
  wav.fromScratch(1, SAMPLE_RATE, "16", samples);
  return wav.toBuffer();
}

/** A local server speaking the OpenAI speech protocol (`POST /v1/audio/speech`) with real WAV answers. */
async function startSpeechStandIn() {
  const requests: SpeechRequest[] = [];
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    requests.push({ url: incoming.url, headers: incoming.headers, body });
    const seconds = SECONDS[body.voice];
    if (incoming.method !== "POST" || incoming.url !== "/v1/audio/speech" || !seconds) {
      outgoing.writeHead(400, { "content-type": "application/json" });
      outgoing.end(JSON.stringify({ error: { message: "bad request" } }));
      return;
    }
    outgoing.writeHead(200, { "content-type": "audio/wav" });
    outgoing.end(tone(seconds));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let standIn: Awaited<ReturnType<typeof startSpeechStandIn>>;
/** The episode the first test rendered, for the second to edit and render again. */
let rendered: { topicId: string; episodeId: string; turns: ScriptTurn[]; client: SupabaseClient } | undefined;
const SPEECH_ENV = ["SPEECH_BASE_URL", "SPEECH_API_KEY", "SPEECH_MODEL", "SPEECH_VOICES"] as const;

beforeAll(async () => {
  standIn = await startSpeechStandIn();
  Object.assign(process.env, {
    SPEECH_BASE_URL: standIn.baseURL,
    SPEECH_API_KEY: "speech-test-key",
    SPEECH_MODEL: "tts-test",
    SPEECH_VOICES: "alloy,onyx",
  });
});

afterAll(async () => {
  for (const name of SPEECH_ENV) delete process.env[name];
  await standIn.close();
  await world.close();
});

describe("episodes of a Dutch source", () => {
  it("are cited two-voice scripts, recorded by the speech provider, stored with their measured length and playable by the learner", async () => {
    const topic = await world.topic([dutchMarkdown()]);
    await runStructureGeneration(world.service, { topicId: topic.topicId }, async () => {});
    const output = await runCourseGeneration(
      world.service,
      { topicId: topic.topicId, createdBy: topic.userId, title: "Podcast", publish: false, mode: "refresh" },
      async () => {},
    );
    const { rows: recaps } = await world.db.query<{ id: string; payload: unknown }>(
      `select a.id, a.payload from public.activities a join public.chapters c on c.id = a.chapter_id
       where c.course_id = $1 and a.kind = 'recap' order by c.position`,
      [output.courseId],
    );
    expect(recaps.length).toBeGreaterThan(0);
    expect(output.audio).toEqual({ rendered: recaps.length, failed: [] });

    const { rows: chunks } = await world.db.query<{ id: string; line_start: number; content: string }>(
      "select id, line_start, content from public.source_chunks where topic_id = $1",
      [topic.topicId],
    );
    const turnsOf: ScriptTurn[][] = [];
    for (const recap of recaps) {
      const payload = recapPayloadSchema.parse(recap.payload);
      expect(payload.language).toBe("nl");
      const script = payload.script ?? [];
      turnsOf.push(script);
      expect(script[0]?.speaker).toBe("host");
      expect(script.some((turn) => turn.speaker === "expert")).toBe(true);
      // Voices alternate, and every answer of the expert quotes the source's own lines.
      for (const [index, turn] of script.entries()) {
        if (index > 0) expect(turn.speaker).not.toBe(script[index - 1]?.speaker);
        for (const citation of turn.citations) {
          const chunk = chunks.find((candidate) => candidate.id === citation.chunk_id);
          const lines = chunk?.content
            .split("\n")
            .slice(citation.line_start - chunk.line_start, citation.line_end - chunk.line_start + 1);
          expect(citation.exactLines).toEqual(lines);
        }
      }
      expect(
        script.filter((turn) => turn.speaker === "expert").every((turn) => turn.citations.length > 0),
      ).toBe(true);
    }

    // One request per turn, in order, in the OpenAI speech shape, host and expert with their own voice.
    const expected = turnsOf.flat();
    expect(standIn.requests.map((request) => request.body)).toEqual(
      expected.map((turn) => ({
        model: "tts-test",
        voice: turn.speaker === "host" ? "alloy" : "onyx",
        input: turn.text,
        response_format: "wav",
      })),
    );
    expect(
      standIn.requests.every((request) => request.headers.authorization === "Bearer speech-test-key"),
    ).toBe(true);

    const first = recaps[0]?.id as string;
    const firstTurns = turnsOf[0] ?? [];
    const lengths = firstTurns.map((turn) => SECONDS[turn.speaker === "host" ? "alloy" : "onyx"] ?? 0);
    const starts = lengths.map((_, index) =>
      lengths.slice(0, index).reduce((sum, seconds) => sum + seconds, 0),
    );
    const total = lengths.reduce((sum, seconds) => sum + seconds, 0);
    const { rows: stored } = await world.db.query(
      "select object_path, duration_seconds::float8 as duration, turn_starts::float8[] as starts, voices from public.episode_audio where activity_id = $1",
      [first],
    );
    // The stored MP3's length is measured from the file: the turns' total, plus the encoder's padding.
    expect(stored).toEqual([
      {
        object_path: `${first}/episode.mp3`,
        duration: expect.any(Number),
        starts,
        voices: ["alloy", "onyx"],
      },
    ]);
    const duration = stored[0]?.duration as number;
    expect(duration).toBeGreaterThanOrEqual(total);
    expect(duration).toBeLessThan(total + 0.15);

    // The learner's own client (RLS and Storage policies as in the browser) gets the file the player plays.
    const { rows: users } = await world.db.query<{ email: string }>(
      "select email from auth.users where id = $1",
      [topic.userId],
    );
    const { client } = await signIn(users[0]?.email as string);
    const audio = await fetchEpisodeAudio(client, first, firstTurns);
    if (!audio || audio.outdated) throw new Error("the learner gets no current audio");
    expect(audio.durationSeconds).toBe(duration);
    expect(audio.turnStarts).toEqual(starts);
    const { format } = await parseBuffer(
      new Uint8Array(await audio.blob.arrayBuffer()),
      { mimeType: "audio/mpeg" },
      { duration: true },
    );
    expect(format).toMatchObject({ container: "MPEG", numberOfChannels: 1 });
    expect(format.duration).toBeCloseTo(duration, 1);
    rendered = { topicId: topic.topicId, episodeId: first, turns: firstTurns, client };
  });

  it("is out of date once its script is edited, until a render records the edited script", async () => {
    if (!rendered) throw new Error("the first test rendered no episode");
    const { topicId, episodeId, turns, client } = rendered;
    // The topic's creator edits the expert's first answer, as the episode editor saves it (RLS as the user).
    const edited = turns.map((turn, index) =>
      index === 1 ? { ...turn, text: "Dit is de bewerkte uitleg van de expert." } : turn,
    );
    const { data: row } = await client.from("activities").select("payload").eq("id", episodeId).single();
    const payload = recapPayloadSchema.parse(row?.payload);
    const saved = await client
      .from("activities")
      .update({ payload: { ...payload, script: edited } })
      .eq("id", episodeId)
      .select("id");
    expect(saved.error).toBeNull();
    expect(await fetchEpisodeAudio(client, episodeId, edited)).toMatchObject({ outdated: true });

    const settings = speechSettingsFromEnv();
    // A grant names its topic: an episode of another topic is refused before anything is spoken.
    const before = standIn.requests.length;
    await expect(
      runEpisodeAudioRender(world.service, { topicId: randomUUID(), activityId: episodeId }, settings),
    ).rejects.toThrow(/not a recap of the granted topic/);
    expect(standIn.requests.length).toBe(before);

    const output = await runEpisodeAudioRender(world.service, { topicId, activityId: episodeId }, settings);
    expect(output.scriptHash).toBe(await episodeScriptHash(edited));
    expect(standIn.requests.slice(before).map((request) => request.body.input)).toEqual(
      edited.map((turn) => turn.text),
    );
    const current = await fetchEpisodeAudio(client, episodeId, edited);
    expect(current).toMatchObject({ outdated: false, durationSeconds: output.durationSeconds });
    // The old script no longer matches what is stored.
    expect(await fetchEpisodeAudio(client, episodeId, turns)).toMatchObject({ outdated: true });
  });
});

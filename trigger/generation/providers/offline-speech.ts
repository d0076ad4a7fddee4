import wavefile from "wavefile";
import type { ContentLanguage, Speaker } from "../../../src/domain/activity-payload.ts";
import { runTool, ToolError } from "./run-tool.ts";

/**
 * The embedded speech engine (docs/podcast.md): eSpeak NG from Debian's `espeak-ng` package, run as a
 * child process. It speaks Dutch and English offline, with no key and no download at run time; `npm
 * start`, `npm test` and the Trigger.dev image install it. A configured SPEECH_BASE_URL replaces it.
 */
export const ESPEAK_COMMAND = "espeak-ng";
export const ESPEAK_PACKAGE = "espeak-ng";

/** One speaker's voice: an eSpeak NG voice with a variant (`+f3`), its pitch (0–99) and words a minute. */
export interface OfflineVoice {
  voice: string;
  pitch: number;
  wordsPerMinute: number;
}

/**
 * Per language the host and the expert: a female and a male variant at clearly different pitches, so
 * the two speakers are told apart; a little slower than eSpeak's 175 words a minute, for learners.
 */
export const OFFLINE_VOICES: Record<ContentLanguage, Record<Speaker, OfflineVoice>> = {
  nl: {
    host: { voice: "nl+f3", pitch: 62, wordsPerMinute: 160 },
    expert: { voice: "nl+m3", pitch: 35, wordsPerMinute: 155 },
  },
  en: {
    host: { voice: "en-us+f3", pitch: 62, wordsPerMinute: 160 },
    expert: { voice: "en-us+m3", pitch: 35, wordsPerMinute: 155 },
  },
};

/** A turn of a minute or two is spoken in well under a second; a hung process is stopped. */
export const ESPEAK_TIMEOUT_MS = 30_000;

/**
 * The command line for one voice. The text is not an argument: it goes to stdin (`--stdin`), so it can
 * never be read as an option, and `-b 1` reads it as UTF-8 (ë, é, ĳ). `--stdout` writes a WAV file.
 */
export function espeakArgs(voice: OfflineVoice): string[] {
  return [
    "--stdin",
    "--stdout",
    "-b",
    "1",
    "-v",
    voice.voice,
    "-p",
    String(voice.pitch),
    "-s",
    String(voice.wordsPerMinute),
  ];
}

export class OfflineSpeechError extends Error {}

/**
 * eSpeak NG's own phoneme input (`[[…]]`) is left out of the text: an episode's words are read as words,
 * never as phoneme codes.
 */
function plainText(text: string): string {
  return text.replaceAll("[[", "[ [").replaceAll("]]", "] ]");
}

/**
 * One turn spoken by a speaker's voice in the episode's language, as a 16-bit mono WAV file. eSpeak NG
 * writing to a pipe cannot go back to fill in the header's lengths, so the samples are written into a
 * new file with a correct header (wavefile), which the pipeline joins and measures like a provider's.
 */
export async function synthesizeOffline(
  language: ContentLanguage,
  speaker: Speaker,
  text: string,
  command = ESPEAK_COMMAND,
): Promise<Uint8Array> {
  const voice = OFFLINE_VOICES[language][speaker];
  let output: Buffer;
  try {
    output = await runTool(command, espeakArgs(voice), {
      input: plainText(text),
      timeoutMs: ESPEAK_TIMEOUT_MS,
      debPackage: ESPEAK_PACKAGE,
    });
  } catch (error) {
    if (error instanceof ToolError)
      throw new OfflineSpeechError(`Offline speech failed: ${error.message}`, { cause: error });
    throw error;
  }
  return rewrittenWav(output);
}

function rewrittenWav(output: Uint8Array): Uint8Array {
  let wav: InstanceType<typeof wavefile.WaveFile>;
  try {
    wav = new wavefile.WaveFile(output);
  } catch (error) {
    throw new OfflineSpeechError(`Offline speech produced no WAV audio: ${String(error)}`);
  }
  const samples = wav.getSamples(true) as Float64Array;
  const { numChannels, sampleRate } = wav.fmt as { numChannels: number; sampleRate: number };
  if (samples.length === 0) throw new OfflineSpeechError("Offline speech produced no audio for the turn");
  const rewritten = new wavefile.WaveFile();
  rewritten.fromScratch(numChannels, sampleRate, wav.bitDepth, samples);
  return rewritten.toBuffer();
}

/** The names recorded in episode_audio.voices: the host's and the expert's, e.g. `espeak-ng:nl+f3`. */
export function offlineVoiceNames(language: ContentLanguage): Record<Speaker, string> {
  const voices = OFFLINE_VOICES[language];
  return { host: `espeak-ng:${voices.host.voice}`, expert: `espeak-ng:${voices.expert.voice}` };
}

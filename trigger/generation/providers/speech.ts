import { z } from "zod";
import type { ContentLanguage, Speaker } from "../../../src/domain/activity-payload.ts";
import { offlineVoiceNames, synthesizeOffline } from "./offline-speech.ts";

/**
 * An OpenAI-compatible speech endpoint (`POST {base}/audio/speech`), used when SPEECH_BASE_URL is set;
 * the key is optional because local servers often need none.
 */
export interface ProviderSpeechSettings {
  kind: "provider";
  baseUrl: string;
  apiKey: string | null;
  model: string;
  voices: Record<Speaker, string>;
}

/** The embedded engine (eSpeak NG, offline-speech.ts): the default when no provider is configured. */
export interface OfflineSpeechSettings {
  kind: "offline";
  /** The eSpeak NG executable; tests name a missing one to see the error. */
  command?: string;
}

/** Who speaks the episodes: the configured provider, or the offline engine. */
export type SpeechSettings = ProviderSpeechSettings | OfflineSpeechSettings;

const speechEnvSchema = z.object({
  SPEECH_BASE_URL: z.url(),
  SPEECH_API_KEY: z.string().min(1).optional(),
  SPEECH_MODEL: z.string().min(1).default("gpt-4o-mini-tts"),
  // Two different voices, host first: "alloy,onyx".
  SPEECH_VOICES: z
    .string()
    .default("alloy,onyx")
    .transform((value) => value.split(",").map((voice) => voice.trim()))
    .pipe(
      z
        .tuple([z.string().min(1), z.string().min(1)])
        .refine(([host, expert]) => host !== expert, "the host and the expert need different voices"),
    ),
});

/** The configured speech provider, or the offline engine when SPEECH_BASE_URL is not set. */
export function speechSettingsFromEnv(env: Record<string, string | undefined> = process.env): SpeechSettings {
  if (!env.SPEECH_BASE_URL) return { kind: "offline" };
  const parsed = speechEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`The speech settings are invalid:\n${z.prettifyError(parsed.error)}`);
  const [host, expert] = parsed.data.SPEECH_VOICES;
  return {
    kind: "provider",
    baseUrl: parsed.data.SPEECH_BASE_URL.replace(/\/+$/, ""),
    apiKey: parsed.data.SPEECH_API_KEY ?? null,
    model: parsed.data.SPEECH_MODEL,
    voices: { host, expert },
  };
}

export class SpeechError extends Error {}

/** The host's and the expert's voice as episode_audio.voices records them. */
export function speakerVoices(settings: SpeechSettings, language: ContentLanguage): Record<Speaker, string> {
  // A provider's voices speak every language; the offline engine has one voice pair per language.
  return settings.kind === "provider" ? settings.voices : offlineVoiceNames(language);
}

/** One turn spoken by its speaker's voice in the episode's language, as a WAV file. */
export function synthesize(
  settings: SpeechSettings,
  speaker: Speaker,
  language: ContentLanguage,
  input: string,
): Promise<Uint8Array> {
  return settings.kind === "provider"
    ? synthesizeWithProvider(settings, settings.voices[speaker], input)
    : synthesizeOffline(language, speaker, input, settings.command);
}

async function synthesizeWithProvider(
  settings: ProviderSpeechSettings,
  voice: string,
  input: string,
): Promise<Uint8Array> {
  const response = await fetch(`${settings.baseUrl}/audio/speech`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: settings.model, voice, input, response_format: "wav" }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) {
    throw new SpeechError(
      `The speech provider answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

import { z } from "zod";
import type { Speaker } from "../../../src/domain/activity-payload.ts";

/**
 * An OpenAI-compatible speech endpoint (`POST {base}/audio/speech`). Episodes are rendered when
 * SPEECH_BASE_URL is set; the key is optional because local servers often need none.
 */
export interface SpeechSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  voices: Record<Speaker, string>;
}

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

/** The speech settings, or null when no provider is configured (the browser then speaks the script). */
export function speechSettingsFromEnv(
  env: Record<string, string | undefined> = process.env,
): SpeechSettings | null {
  if (!env.SPEECH_BASE_URL) return null;
  const parsed = speechEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`The speech settings are invalid:\n${z.prettifyError(parsed.error)}`);
  const [host, expert] = parsed.data.SPEECH_VOICES;
  return {
    baseUrl: parsed.data.SPEECH_BASE_URL.replace(/\/+$/, ""),
    apiKey: parsed.data.SPEECH_API_KEY ?? null,
    model: parsed.data.SPEECH_MODEL,
    voices: { host, expert },
  };
}

export class SpeechError extends Error {}

/** One turn spoken by one voice, as a WAV file. */
export async function synthesize(
  settings: SpeechSettings,
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

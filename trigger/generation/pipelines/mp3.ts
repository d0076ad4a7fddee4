import { runTool, ToolError } from "../providers/run-tool.ts";

/**
 * Episodes are stored as MP3: every browser plays it (Safari included, which plays Ogg Opus only from
 * 18.4), and speech at 48 kbit/s mono is about a seventh of the 16-bit WAV the turns are joined in (a
 * 90-second recap: some 540 KB instead of 4 MB). LAME (Debian's `lame`, LGPL) encodes it as a child
 * process; it writes a Xing/Info header, so the length is read back from the file.
 */
export const LAME_COMMAND = "lame";
export const LAME_PACKAGE = "lame";
export const MP3_BITRATE_KBPS = 48;
/** Encoding runs at many times real time; a hung encoder is stopped. */
const LAME_TIMEOUT_MS = 60_000;

export function lameArgs(): string[] {
  // WAV on stdin, MP3 on stdout, mono, constant bit rate. `-q 7` (LAME's fast algorithm) encodes synthetic
  // speech in half the CPU time of the default `-q 3` at the same bit rate and size; the psychoacoustic
  // refinements it skips matter for music, not for a 22 kHz speech voice.
  return ["--quiet", "-m", "m", "-b", String(MP3_BITRATE_KBPS), "-q", "7", "-", "-"];
}

export class EncodingError extends Error {}

/** A WAV file (the joined episode) as MP3. */
export async function encodeMp3(wav: Uint8Array, command = LAME_COMMAND): Promise<Uint8Array> {
  try {
    const mp3 = await runTool(command, lameArgs(), {
      input: wav,
      timeoutMs: LAME_TIMEOUT_MS,
      debPackage: LAME_PACKAGE,
    });
    if (mp3.length === 0) throw new EncodingError("Encoding the episode to MP3 produced no audio");
    return new Uint8Array(mp3);
  } catch (error) {
    if (error instanceof ToolError)
      throw new EncodingError(`Encoding the episode to MP3 failed: ${error.message}`, { cause: error });
    throw error;
  }
}

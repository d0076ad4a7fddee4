import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import wavefile from "wavefile";
import { encodeMp3, lameArgs } from "../pipelines/mp3.ts";
import {
  ESPEAK_TIMEOUT_MS,
  espeakArgs,
  OFFLINE_VOICES,
  OfflineSpeechError,
  offlineVoiceNames,
  synthesizeOffline,
} from "./offline-speech.ts";
import { runTool, ToolError } from "./run-tool.ts";
import { speakerVoices, speechSettingsFromEnv } from "./speech.ts";

const work = mkdtempSync(path.join(tmpdir(), "offline-speech-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A stand-in executable (a shell script run directly, as eSpeak NG would be) with the given body. */
function fakeTool(name: string, body: string): string {
  const file = path.join(work, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A WAV as eSpeak NG writes it to a pipe: header lengths left at their placeholder 0x7ffff000. */
function pipedWav(samples: number): Buffer {
  const wav = new wavefile.WaveFile();
  wav.fromScratch(1, 22_050, "16", new Array(samples).fill(100));
  const bytes = Buffer.from(wav.toBuffer());
  bytes.writeUInt32LE(0x7ffff024, 4);
  bytes.writeUInt32LE(0x7ffff000, 40);
  return bytes;
}

describe("offline voices", () => {
  it.each([
    ["nl", "nl"],
    ["en", "en-us"],
  ] as const)("speak %s with two voices of that language that sound different", (language, voice) => {
    const { host, expert } = OFFLINE_VOICES[language];
    expect(host.voice.split("+")[0]).toBe(voice);
    expect(expert.voice.split("+")[0]).toBe(voice);
    expect(host.voice).not.toBe(expert.voice);
    expect(Math.abs(host.pitch - expert.pitch)).toBeGreaterThanOrEqual(20);
  });

  it.each([
    ["nl", { host: "espeak-ng:nl+f3", expert: "espeak-ng:nl+m3" }],
    ["en", { host: "espeak-ng:en-us+f3", expert: "espeak-ng:en-us+m3" }],
  ] as const)("are recorded by name for %s episodes", (language, names) => {
    expect(offlineVoiceNames(language)).toEqual(names);
    expect(speakerVoices({ kind: "offline" }, language)).toEqual(names);
  });

  it("reads the text from stdin as UTF-8 and writes WAV to stdout, with the voice's pitch and speed", () => {
    expect(espeakArgs(OFFLINE_VOICES.nl.expert)).toEqual([
      "--stdin",
      "--stdout",
      "-b",
      "1",
      "-v",
      "nl+m3",
      "-p",
      "35",
      "-s",
      "155",
    ]);
  });
});

describe("speech settings", () => {
  it.each([
    [{}, { kind: "offline" }],
    [{ SPEECH_BASE_URL: "" }, { kind: "offline" }],
    [
      { SPEECH_BASE_URL: "http://127.0.0.1:8000/v1/", SPEECH_VOICES: "nova, echo" },
      {
        kind: "provider",
        baseUrl: "http://127.0.0.1:8000/v1",
        apiKey: null,
        model: "gpt-4o-mini-tts",
        voices: { host: "nova", expert: "echo" },
      },
    ],
  ])("from %j: %j", (env, settings) => {
    expect(speechSettingsFromEnv(env)).toEqual(settings);
  });

  it("refuses a provider whose two speakers share a voice", () => {
    expect(() =>
      speechSettingsFromEnv({ SPEECH_BASE_URL: "http://x.test/v1", SPEECH_VOICES: "alloy,alloy" }),
    ).toThrow(/different voices/);
  });

  it("records a provider's voices whatever the episode's language", () => {
    const provider = speechSettingsFromEnv({ SPEECH_BASE_URL: "http://x.test/v1" });
    expect(speakerVoices(provider, "nl")).toEqual({ host: "alloy", expert: "onyx" });
  });
});

describe("synthesizeOffline", () => {
  it("passes the text on stdin, never as an argument or through a shell, and returns a WAV with a true header", async () => {
    const tone = path.join(work, "tone.wav");
    writeFileSync(tone, pipedWav(2205));
    const command = fakeTool(
      "espeak-echo",
      `cat > "${work}/stdin.txt"; printf '%s\\n' "$@" > "${work}/args.txt"; cat "${tone}"`,
    );
    const text = `Zeg "$(rm -rf /)"; \`echo\` -v xx && café [[h@'loU]] 'ĳs'`;
    const wav = new wavefile.WaveFile(await synthesizeOffline("nl", "host", text, command));

    expect(readFileSync(path.join(work, "stdin.txt"), "utf8")).toBe(
      `Zeg "$(rm -rf /)"; \`echo\` -v xx && café [ [h@'loU] ] 'ĳs'`,
    );
    expect(readFileSync(path.join(work, "args.txt"), "utf8").trim().split("\n")).toEqual(
      espeakArgs(OFFLINE_VOICES.nl.host),
    );
    expect(wav.getSamples(true).length).toBe(2205);
    expect((wav as unknown as { data: { chunkSize: number } }).data.chunkSize).toBe(2205 * 2);
  });

  it.each([
    [
      "a missing engine",
      path.join("/nonexistent", "espeak-ng"),
      /is not installed: install Debian's espeak-ng/,
    ],
    ["an unknown voice", "exit-1", /failed \(exit 1\): Error: The specified espeak-ng voice does not exist/],
    ["no audio at all", "silent", /produced no WAV audio/],
  ])("fails with a clear error on %s", async (_, name, message) => {
    const commands: Record<string, string> = {
      "exit-1": fakeTool(
        "espeak-bad-voice",
        "echo 'Error: The specified espeak-ng voice does not exist.' >&2; exit 1",
      ),
      silent: fakeTool("espeak-silent", "cat > /dev/null"),
    };
    const failure = synthesizeOffline("en", "expert", "Hello.", commands[name] ?? name);
    await expect(failure).rejects.toBeInstanceOf(OfflineSpeechError);
    await expect(failure).rejects.toThrow(message);
  });

  it("gives a turn time enough, but not forever", () => {
    expect(ESPEAK_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
    expect(ESPEAK_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });
});

describe("runTool", () => {
  it("stops a tool that takes longer than its timeout", async () => {
    const started = Date.now();
    const failure = runTool(fakeTool("hang", "exec sleep 10"), [], {
      input: "",
      timeoutMs: 300,
      debPackage: "x",
    });
    await expect(failure).rejects.toMatchObject({ reason: "timeout" });
    await expect(failure).rejects.toBeInstanceOf(ToolError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("encodeMp3", () => {
  it("encodes from stdin to stdout, mono at a constant 48 kbit/s", () => {
    expect(lameArgs()).toEqual(["--quiet", "-m", "m", "-b", "48", "-q", "7", "-", "-"]);
  });

  it("names the package when the encoder is missing", async () => {
    await expect(encodeMp3(new Uint8Array(8), "/nonexistent/lame")).rejects.toThrow(
      "Encoding the episode to MP3 failed: /nonexistent/lame is not installed: install Debian's lame.",
    );
  });
});

import { useCallback, useEffect, useRef, useState } from "react";
import {
  type ContentLanguage,
  episodeLanguage,
  episodeTurns,
  type RecapPayload,
  type Speaker,
} from "@/domain/activity-payload";
import { useEpisodeAudio } from "@/lib/episode-audio";
import { Button } from "./ui/button";
import { cn } from "./ui/cn";

export interface PlayerTurn {
  speaker: Speaker;
  text: string;
}

/** Stored audio of an episode: where to load it, and when each turn starts (seconds). */
export interface EpisodeAudio {
  url: string;
  durationSeconds: number;
  turnStarts: readonly number[];
}

/** Said instead of a Play that would stay silent: no recorded audio, and no voice in the browser. */
export const NO_VOICE = "This browser cannot read the episode aloud. The transcript below has every word.";

export const PLAYER_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The speech-synthesis language tag of a source language; Dutch sources are read by a Dutch voice. */
export const SPEECH_LANG: Record<ContentLanguage, string> = { nl: "nl-NL", en: "en-US" };

const SPEAKER_LABEL: Record<Speaker, string> = { host: "Host", expert: "Expert" };

/**
 * The voices for the two speakers: those of the episode's language, in name order so the choice is the
 * same on every visit; the expert gets the second one. With one voice (or none) the speakers differ
 * by pitch instead.
 */
export function pickVoices(
  voices: readonly SpeechSynthesisVoice[],
  lang: string,
): Record<Speaker, { voice: SpeechSynthesisVoice | null; pitch: number }> {
  const prefix = lang.slice(0, 2).toLowerCase();
  const matching = voices
    .filter((voice) => voice.lang.toLowerCase().replace("_", "-").startsWith(prefix))
    .sort((a, b) => Number(b.lang === lang) - Number(a.lang === lang) || a.name.localeCompare(b.name));
  const host = matching[0] ?? null;
  const expert = matching[1] ?? host;
  return {
    host: { voice: host, pitch: 1 },
    expert: { voice: expert, pitch: expert === host ? 0.8 : 1 },
  };
}

function formatTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** What a player drives: stored audio or the browser's speech synthesis. */
interface Engine {
  playing: boolean;
  current: number;
  play(): void;
  pause(): void;
  jump(turn: number): void;
  setRate(rate: number): void;
}

/**
 * How long the browser may take to list its voices (Chromium lists them after a "voiceschanged" event;
 * one without any never sends it). Past it, an empty list means the browser has no voice.
 */
export const VOICE_WAIT_MS = 1500;

/** Speech errors of an utterance cut off on purpose (pause, seek), not of a browser that cannot speak. */
const CUT_OFF = new Set(["interrupted", "canceled"]);

interface SpeechEngine extends Engine {
  /** The browser has no voice, or failed to speak: Play would sit silently on the first turn. */
  mute: boolean;
}

function useSpeechEngine(turns: readonly PlayerTurn[], lang: string, enabled: boolean): SpeechEngine {
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  const [listed, setListed] = useState(false);
  const [failed, setFailed] = useState(false);
  const rate = useRef(1);
  // Cancelling speech fires the old utterance's end event; a run number tells which events still count.
  const run = useRef(0);
  const synth = enabled && typeof window !== "undefined" ? window.speechSynthesis : undefined;

  useEffect(() => {
    if (!synth) return;
    const load = () => {
      const known = synth.getVoices();
      setVoices(known);
      if (known.length > 0) setListed(true);
    };
    load();
    synth.addEventListener?.("voiceschanged", load);
    const waited = setTimeout(() => setListed(true), VOICE_WAIT_MS);
    return () => {
      clearTimeout(waited);
      synth.removeEventListener?.("voiceschanged", load);
      run.current++;
      synth.cancel();
    };
  }, [synth]);

  const speakFrom = useCallback(
    (start: number) => {
      if (!synth) return;
      const token = ++run.current;
      synth.cancel();
      const cast = pickVoices(voices, lang);
      const say = (index: number) => {
        const turn = turns[index];
        if (!turn || token !== run.current) {
          if (token === run.current) setPlaying(false);
          return;
        }
        setCurrent(index);
        const utterance = new SpeechSynthesisUtterance(turn.text);
        utterance.lang = lang;
        utterance.rate = rate.current;
        utterance.pitch = cast[turn.speaker].pitch;
        if (cast[turn.speaker].voice) utterance.voice = cast[turn.speaker].voice;
        utterance.onend = () => say(index + 1);
        utterance.onerror = (event) => {
          if (token !== run.current || CUT_OFF.has(event.error)) return;
          run.current++;
          setPlaying(false);
          setFailed(true);
        };
        synth.speak(utterance);
      };
      setPlaying(true);
      say(start);
    },
    [synth, voices, lang, turns],
  );

  return {
    mute: failed || (listed && voices.length === 0),
    playing,
    current,
    play: () => speakFrom(current),
    pause: () => {
      run.current++;
      synth?.cancel();
      setPlaying(false);
    },
    jump: (turn) => {
      setCurrent(turn);
      if (playing) speakFrom(turn);
    },
    setRate: (next) => {
      rate.current = next;
      // The rate of an utterance is fixed once spoken; the current turn starts again at the new rate.
      if (playing) speakFrom(current);
    },
  };
}

function useAudioEngine(
  audio: EpisodeAudio | undefined,
  node: HTMLAudioElement | null,
  onTime: (seconds: number) => void,
): Engine {
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const starts = audio?.turnStarts ?? [];
  const current = Math.max(
    0,
    starts.findLastIndex((start) => start <= time + 0.05),
  );
  useEffect(() => {
    if (!node) return;
    const update = () => {
      setTime(node.currentTime);
      onTime(node.currentTime);
    };
    const play = () => setPlaying(true);
    const pause = () => setPlaying(false);
    node.addEventListener("timeupdate", update);
    node.addEventListener("seeked", update);
    node.addEventListener("play", play);
    node.addEventListener("pause", pause);
    node.addEventListener("ended", pause);
    return () => {
      node.removeEventListener("timeupdate", update);
      node.removeEventListener("seeked", update);
      node.removeEventListener("play", play);
      node.removeEventListener("pause", pause);
      node.removeEventListener("ended", pause);
    };
  }, [node, onTime]);
  return {
    playing,
    current,
    play: () => void node?.play(),
    pause: () => node?.pause(),
    jump: (turn) => {
      if (node) node.currentTime = starts[turn] ?? 0;
    },
    setRate: (rate) => {
      if (node) node.playbackRate = rate;
    },
  };
}

/**
 * Plays an episode: stored audio when there is some, otherwise the browser's speech synthesis in the
 * episode's language with a voice per speaker. Play/pause, a seek slider (seconds for audio, turns for
 * speech), speed, the turns as chapters to jump to, and the transcript following along.
 */
export function EpisodePlayer({
  turns,
  language,
  audio,
  title = "Episode",
}: {
  turns: readonly PlayerTurn[];
  language: ContentLanguage;
  audio?: EpisodeAudio;
  title?: string;
}) {
  const lang = SPEECH_LANG[language];
  // A state, not a ref: the audio element's listeners are attached once it exists.
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [speed, setSpeed] = useState(1);
  const speechSupported = typeof window !== "undefined" && "speechSynthesis" in window;
  const speech = useSpeechEngine(turns, lang, !audio && speechSupported);
  const recorded = useAudioEngine(audio, element, setSeconds);
  const engine = audio ? recorded : speech;
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const item = list.current?.children[engine.current];
    item?.scrollIntoView?.({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [engine.current]);

  const seek = audio
    ? {
        max: Math.max(1, Math.round(audio.durationSeconds)),
        value: Math.round(seconds),
        text: `${formatTime(seconds)} of ${formatTime(audio.durationSeconds)}`,
        go: (value: number) => {
          if (element) element.currentTime = value;
        },
      }
    : {
        max: Math.max(0, turns.length - 1),
        value: engine.current,
        text: `Turn ${engine.current + 1} of ${turns.length}`,
        go: (value: number) => engine.jump(value),
      };

  if (turns.length === 0) return null;
  return (
    <section
      aria-label={`${title} player`}
      className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript below is the episode's caption. */}
      {audio ? <audio ref={setElement} src={audio.url} preload="metadata" /> : null}
      {audio || (speechSupported && !speech.mute) ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={engine.playing ? engine.pause : engine.play}>
              {engine.playing ? "Pause" : "Play"}
            </Button>
            <label className="flex min-w-48 flex-1 items-center gap-2 text-sm">
              <span className="sr-only">Seek</span>
              <input
                type="range"
                min={0}
                max={seek.max}
                step={1}
                value={seek.value}
                aria-valuetext={seek.text}
                onChange={(event) => seek.go(Number(event.target.value))}
                className="flex-1 accent-emerald-600"
              />
              <span className="text-neutral-600 tabular-nums dark:text-neutral-300" aria-hidden="true">
                {seek.text}
              </span>
            </label>
            <label className="flex items-center gap-2 text-sm">
              Speed
              <select
                value={speed}
                onChange={(event) => {
                  const next = Number(event.target.value);
                  setSpeed(next);
                  engine.setRate(next);
                }}
                className="rounded-md border border-neutral-300 bg-white px-2 py-1 dark:border-neutral-700 dark:bg-neutral-900"
              >
                {PLAYER_SPEEDS.map((value) => (
                  <option key={value} value={value}>
                    {value}×
                  </option>
                ))}
              </select>
            </label>
          </div>
        </>
      ) : (
        // The transcript stays readable where the browser has no voice.
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{NO_VOICE}</p>
      )}
      <h3 className="mt-4 mb-2 font-semibold">Chapters and transcript</h3>
      <ol ref={list} lang={language} className="max-h-96 space-y-2 overflow-y-auto">
        {turns.map((turn, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: turns have no id; an episode's turns keep their order.
          <li key={index}>
            <button
              type="button"
              onClick={() => engine.jump(index)}
              aria-current={index === engine.current ? "true" : undefined}
              className={cn(
                "w-full rounded-lg px-3 py-2 text-left",
                index === engine.current
                  ? "bg-emerald-50 ring-1 ring-emerald-600 dark:bg-emerald-950"
                  : "hover:bg-neutral-100 dark:hover:bg-neutral-800",
              )}
            >
              <span
                lang="en"
                className="block text-xs font-semibold text-neutral-600 uppercase dark:text-neutral-300"
              >
                {SPEAKER_LABEL[turn.speaker]}
                {audio?.turnStarts[index] !== undefined ? ` · ${formatTime(audio.turnStarts[index])}` : ""}
              </span>
              <span className="text-neutral-800 dark:text-neutral-100">{turn.text}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A recap episode: its stored audio when the tasks rendered some, otherwise the browser's voices. */
export function RecapPlayer({
  activityId,
  payload,
  title,
}: {
  activityId: string;
  payload: RecapPayload;
  title: string;
}) {
  const turns = episodeTurns(payload);
  const { audio, loading } = useEpisodeAudio(activityId, turns);
  if (loading) return <p className="text-sm text-neutral-500 dark:text-neutral-400">Loading the episode…</p>;
  return <EpisodePlayer title={title} turns={turns} language={episodeLanguage(payload)} audio={audio} />;
}

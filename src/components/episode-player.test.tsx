import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EpisodePlayer, NO_VOICE, type PlayerTurn, pickVoices, VOICE_WAIT_MS } from "./episode-player";

class FakeUtterance {
  lang = "";
  rate = 1;
  pitch = 1;
  voice: SpeechSynthesisVoice | null = null;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

const voice = (name: string, lang: string) => ({ name, lang }) as SpeechSynthesisVoice;
const VOICES = [
  voice("Samantha", "en-US"),
  voice("Xander", "nl-NL"),
  voice("Claire", "nl-NL"),
  voice("Ellen", "nl-BE"),
];

let spoken: FakeUtterance[];
let voices: SpeechSynthesisVoice[];
const synth = {
  speak: vi.fn((utterance: FakeUtterance) => spoken.push(utterance)),
  cancel: vi.fn(),
  getVoices: () => voices,
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
};

const DUTCH: PlayerTurn[] = [
  { speaker: "host", text: "Waar kwam de rijkdom van de Republiek vandaan?" },
  { speaker: "expert", text: "Die welvaart kwam vooral uit handel, scheepvaart en visserij." },
  { speaker: "host", text: "Welke rol speelde de VOC daarin?" },
  { speaker: "expert", text: "De VOC kreeg het alleenrecht op de handel met Azië." },
];

beforeEach(() => {
  spoken = [];
  voices = VOICES;
  vi.stubGlobal("speechSynthesis", synth);
  vi.stubGlobal("SpeechSynthesisUtterance", FakeUtterance);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("EpisodePlayer with the browser's speech synthesis", () => {
  it("speaks a Dutch episode with Dutch voices, a different one per speaker, turn after turn", async () => {
    render(<EpisodePlayer turns={DUTCH} language="nl" />);
    await userEvent.click(screen.getByRole("button", { name: "Play" }));

    expect(spoken).toHaveLength(1);
    expect(spoken[0]?.lang).toBe("nl-NL");
    expect(spoken[0]?.text).toBe(DUTCH[0]?.text);
    expect(spoken[0]?.voice?.name).toBe("Claire");
    act(() => spoken[0]?.onend?.());
    expect(spoken[1]?.lang).toBe("nl-NL");
    expect(spoken[1]?.voice?.name).toBe("Xander");
    expect(screen.getByRole("button", { name: /Die welvaart kwam/ })).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("button", { name: "Pause" })).toBeInTheDocument();
  });

  it("reads an English episode with an English voice", async () => {
    render(<EpisodePlayer turns={[{ speaker: "expert", text: "Water evaporates." }]} language="en" />);
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(spoken[0]?.lang).toBe("en-US");
    expect(spoken[0]?.voice?.name).toBe("Samantha");
  });

  it("seeks by turn and speaks at the chosen speed", async () => {
    render(<EpisodePlayer turns={DUTCH} language="nl" />);
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    fireEvent.change(screen.getByRole("slider"), { target: { value: "2" } });
    expect(spoken.at(-1)?.text).toBe(DUTCH[2]?.text);
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "Turn 3 of 4");

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Speed" }), "1.5");
    expect(spoken.at(-1)?.rate).toBe(1.5);
    expect(spoken.at(-1)?.text).toBe(DUTCH[2]?.text);

    // A cancelled utterance's end event does not move the episode on.
    act(() => spoken[0]?.onend?.());
    expect(spoken.at(-1)?.text).toBe(DUTCH[2]?.text);

    await userEvent.click(screen.getByRole("button", { name: /alleenrecht/ }));
    expect(spoken.at(-1)?.text).toBe(DUTCH[3]?.text);
    await userEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(synth.cancel).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
  });
});

describe("EpisodePlayer where the browser cannot speak", () => {
  afterEach(() => vi.useRealTimers());

  it("offers no silent Play when the browser lists no voice, and keeps the transcript", () => {
    vi.useFakeTimers();
    voices = [];
    render(<EpisodePlayer turns={DUTCH} language="nl" />);
    act(() => vi.advanceTimersByTime(VOICE_WAIT_MS));
    expect(screen.queryByRole("button", { name: "Play" })).not.toBeInTheDocument();
    expect(screen.getByText(NO_VOICE)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /alleenrecht/ })).toBeInTheDocument();
  });

  it("waits for voices the browser lists late", () => {
    vi.useFakeTimers();
    voices = [];
    render(<EpisodePlayer turns={DUTCH} language="nl" />);
    voices = VOICES;
    const listed = synth.addEventListener.mock.calls.find(([name]) => name === "voiceschanged")?.[1];
    act(() => listed?.());
    act(() => vi.advanceTimersByTime(VOICE_WAIT_MS));
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
  });

  it("says so when speaking fails, but not when a turn is cut off by a seek", async () => {
    render(<EpisodePlayer turns={DUTCH} language="nl" />);
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    fireEvent.change(screen.getByRole("slider"), { target: { value: "1" } });
    act(() => spoken[0]?.onerror?.({ error: "interrupted" }));
    expect(screen.getByRole("button", { name: "Pause" })).toBeInTheDocument();
    act(() => spoken.at(-1)?.onerror?.({ error: "synthesis-failed" }));
    expect(screen.queryByRole("button", { name: /Play|Pause/ })).not.toBeInTheDocument();
    expect(screen.getByText(NO_VOICE)).toBeInTheDocument();
  });
});

describe("pickVoices", () => {
  it("tells the speakers apart by pitch when the language has one voice, and keeps the lang without any", () => {
    const one = pickVoices([voice("Samantha", "en-US")], "en-US");
    expect(one.host.voice?.name).toBe("Samantha");
    expect(one.expert.voice?.name).toBe("Samantha");
    expect(one.host.pitch).not.toBe(one.expert.pitch);
    const none = pickVoices([voice("Samantha", "en-US")], "nl-NL");
    expect(none.host.voice).toBeNull();
    expect(none.host.pitch).not.toBe(none.expert.pitch);
  });
});

describe("EpisodePlayer with stored audio", () => {
  it("plays the file, jumps to a turn's start and sets the playback rate", async () => {
    const { container } = render(
      <EpisodePlayer
        turns={DUTCH}
        language="nl"
        audio={{ url: "blob:episode", durationSeconds: 20, turnStarts: [0, 4, 9.5, 14] }}
      />,
    );
    const audio = container.querySelector("audio") as HTMLAudioElement;
    expect(audio).toHaveAttribute("src", "blob:episode");
    const play = vi.spyOn(audio, "play").mockResolvedValue();
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(play).toHaveBeenCalled();
    expect(spoken).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: /Welke rol speelde/ }));
    expect(audio.currentTime).toBe(9.5);
    fireEvent.timeUpdate(audio);
    expect(screen.getByRole("button", { name: /Welke rol speelde/ })).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "0:09 of 0:20");

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Speed" }), "0.75");
    expect(audio.playbackRate).toBe(0.75);
  });
});

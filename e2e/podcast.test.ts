import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import wavefile from "wavefile";
import { episodeScriptHash } from "../src/domain/activity-payload.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { launchChromium, openPage, screenshot, uniqueEmail } from "./support/browser.ts";

/**
 * The podcast in Debian's Chromium: a Dutch episode spoken by a Dutch voice (the page's speech
 * synthesis is replaced by a recorder, so the test sees each utterance's lang), seeking and speed; an
 * episode with recorded audio in the private bucket played from Storage; the episode editor's phases,
 * whose "Render audio" records the Dutch episode with the offline engine, then heard as the recap.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const stack = inject("stack");
const UI = { timeout: 20_000 };

const DUTCH_SCRIPT = [
  { speaker: "host", text: "Welkom. Waar kwam de rijkdom van de Republiek vandaan?" },
  { speaker: "expert", text: "Die welvaart kwam vooral uit handel, scheepvaart en visserij." },
  { speaker: "host", text: "Welke rol speelde de VOC daarin?" },
  { speaker: "expert", text: "De VOC kreeg het alleenrecht op de handel tussen de Republiek en Azië." },
].map((turn) => ({ ...turn, citations: [] }));
const ENGLISH_SCRIPT = (
  [
    { speaker: "host", text: "What drives the water cycle?" },
    { speaker: "expert", text: "The sun warms the water and it evaporates." },
  ] as const
).map((turn) => ({ ...turn, citations: [] }));
const AUDIO_SECONDS = [1.5, 2];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let manager: SupabaseClient;
let topicId: string;
let dutchEpisode: string;
let recordedEpisode: string;

async function signUp(): Promise<{ client: SupabaseClient; session: Session }> {
  const email = uniqueEmail("podcast");
  const client = createClient(stack.supabaseUrl, stack.anonKey, { auth: { persistSession: false } });
  expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
  const inbox = await fetch(`${stack.inboxUrl}/api/messages?email=${encodeURIComponent(email)}`);
  const [mail] = (await inbox.json()) as Array<{ text: string }>;
  const code = mail?.text.match(/\b\d{6}\b/)?.[0] as string;
  const verified = await client.auth.verifyOtp({ email, token: code, type: "email" });
  expect(verified.error).toBeNull();
  return { client, session: verified.data.session as Session };
}

async function must<R extends { data: unknown; error: unknown }>(
  result: PromiseLike<R>,
): Promise<NonNullable<R["data"]>> {
  const { data, error } = await result;
  expect(error).toBeNull();
  expect(data).not.toBeNull();
  return data as NonNullable<R["data"]>;
}

/**
 * A topic of the user's own organisation with a published course of two chapters whose recaps are the
 * episodes; the course is written with the service role, as the generation task writes it.
 */
async function createCourse(user: SupabaseClient, userId: string) {
  const entity = await must(user.rpc("create_entity", { p_name: "Podcast School" }));
  const entityId = typeof entity === "string" ? entity : (entity as { id: string }).id;
  const topic = await must(
    user.from("topics").insert({ entity_id: entityId, title: "De Gouden Eeuw" }).select("id").single(),
  );
  const client = serviceClient();
  const course = await must(
    client
      .from("courses")
      .insert({
        topic_id: topic.id,
        title: "De Gouden Eeuw",
        published_at: new Date().toISOString(),
        created_by: userId,
      })
      .select("id")
      .single(),
  );
  const recaps: string[] = [];
  for (const [index, recap] of [
    { title: "Terugblik: handel", script: DUTCH_SCRIPT, language: "nl" },
    { title: "Recap: the water cycle", script: ENGLISH_SCRIPT, language: "en" },
  ].entries()) {
    const chapter = await must(
      client
        .from("chapters")
        .insert({ course_id: course.id, title: recap.title, position: index + 1 })
        .select("id")
        .single(),
    );
    const activity = await must(
      client
        .from("activities")
        .insert({
          chapter_id: chapter.id,
          kind: "recap",
          title: recap.title,
          position: 6,
          payload: {
            transcript: recap.script.map((turn) => turn.text).join(" "),
            bullets: [],
            script: recap.script,
            language: recap.language,
          },
        })
        .select("id")
        .single(),
    );
    recaps.push(activity.id);
  }
  return { topicId: topic.id as string, recaps };
}

const serviceClient = () =>
  createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });

/** The audio the tasks would store: a real WAV in the private bucket and its row, written as the service role. */
async function storeRecording(activityId: string) {
  const service = serviceClient();
  const total = AUDIO_SECONDS.reduce((sum, seconds) => sum + seconds, 0);
  const wav = new wavefile.WaveFile();
  wav.fromScratch(1, 8000, "16", new Array(Math.round(total * 8000)).fill(0));
  const objectPath = `${activityId}/episode.wav`;
  const upload = await service.storage
    .from("episode-audio")
    .upload(objectPath, wav.toBuffer(), { contentType: "audio/wav" });
  expect(upload.error).toBeNull();
  await must(
    service
      .from("episode_audio")
      .insert({
        activity_id: activityId,
        object_path: objectPath,
        duration_seconds: total,
        turn_starts: [0, AUDIO_SECONDS[0] as number],
        voices: ["alloy", "onyx"],
        script_hash: await episodeScriptHash(ENGLISH_SCRIPT),
      })
      .select("activity_id"),
  );
}

beforeAll(async () => {
  mkdirSync(path.join(ROOT, "test-results", "screenshots"), { recursive: true });
  const signedUp = await signUp();
  manager = signedUp.client;
  const created = await createCourse(manager, signedUp.session.user.id);
  topicId = created.topicId;
  [dutchEpisode, recordedEpisode] = created.recaps as [string, string];
  await storeRecording(recordedEpisode);

  browser = await launchChromium();
  context = await browser.newContext({ baseURL: inject("webUrl"), viewport: { width: 1280, height: 900 } });
  const storageKey = `sb-${new URL(stack.supabaseUrl).hostname.split(".")[0]}-auth-token`;
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key as string))
        window.localStorage.setItem(key as string, value as string);
      // A recorder in place of the browser's speech synthesis: the test reads what would be spoken.
      const spoken: Array<{ text: string; lang: string; rate: number; pitch: number }> = [];
      Object.assign(window, { spoken });
      Object.defineProperty(window, "speechSynthesis", {
        configurable: true,
        value: {
          speak: (utterance: SpeechSynthesisUtterance) =>
            spoken.push({
              text: utterance.text,
              lang: utterance.lang,
              rate: utterance.rate,
              pitch: utterance.pitch,
            }),
          cancel: () => {},
          // One voice, of no episode's language: the player then knows the browser can speak, and
          // leaves the voice to the browser (a stand-in object cannot be an utterance's voice).
          getVoices: () => [
            { name: "Recorder", lang: "zz-ZZ", default: true, localService: true, voiceURI: "recorder" },
          ],
          addEventListener: () => {},
          removeEventListener: () => {},
        },
      });
    },
    [storageKey, JSON.stringify(signedUp.session)],
  );
  ({ page, consoleErrors } = await openPage(context));
});

afterAll(async () => {
  await browser?.close();
});

/** The page's `<audio>`: its source and its length in seconds, read once the browser has its metadata. */
async function audioMetadata(): Promise<{ src: string; duration: number }> {
  const audio = page.locator("audio");
  await audio.waitFor({ state: "attached", ...UI });
  return audio.evaluate(
    (element: HTMLAudioElement) =>
      new Promise((resolve, reject) => {
        const read = () => resolve({ src: element.currentSrc, duration: element.duration });
        if (element.readyState >= HTMLMediaElement.HAVE_METADATA) read();
        else {
          element.addEventListener("loadedmetadata", read, { once: true });
          element.addEventListener("error", () => reject(new Error(`audio error ${element.error?.code}`)), {
            once: true,
          });
        }
      }),
  );
}

const spoken = () =>
  page.evaluate(
    () => (window as unknown as { spoken: Array<{ text: string; lang: string; rate: number }> }).spoken,
  );

describe("podcast", () => {
  it("plays a Dutch episode with a Dutch voice, seeks to a turn and changes the speed", async () => {
    await page.goto(`/studymap/topics/${topicId}/podcast/episodes/${dutchEpisode}`);
    await page.getByRole("button", { name: "Play" }).click(UI);
    await page.getByRole("button", { name: "Pause" }).waitFor(UI);
    expect(await spoken()).toEqual([{ text: DUTCH_SCRIPT[0]?.text, lang: "nl-NL", rate: 1, pitch: 1 }]);

    await page.getByRole("slider", { name: "Seek" }).fill("2");
    expect((await spoken()).at(-1)).toMatchObject({ text: DUTCH_SCRIPT[2]?.text, lang: "nl-NL" });
    await expect
      .poll(() => page.getByRole("button", { name: /Welke rol speelde/ }).getAttribute("aria-current"))
      .toBe("true");
    await page.getByLabel("Speed").selectOption("1.5");
    expect((await spoken()).at(-1)).toMatchObject({ text: DUTCH_SCRIPT[2]?.text, lang: "nl-NL", rate: 1.5 });

    await page.getByRole("button", { name: /alleenrecht/ }).click();
    expect((await spoken()).at(-1)).toMatchObject({ text: DUTCH_SCRIPT[3]?.text, lang: "nl-NL" });
    await screenshot(page, "podcast-episode-speech");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("plays an episode's recorded audio from Storage and jumps to a chapter", async () => {
    await page.goto(`/studymap/topics/${topicId}/podcast/episodes/${recordedEpisode}`);
    const audio = page.locator("audio");
    await audio.waitFor({ state: "attached", ...UI });
    expect(await audio.getAttribute("src")).toMatch(/^blob:/);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), UI)
      .toBeCloseTo(3.5, 1);
    await expect
      .poll(() => page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext"))
      .toBe("0:00 of 0:03");

    await page.getByRole("button", { name: /The sun warms the water/ }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBe(1.5);
    await expect
      .poll(() => page.getByRole("button", { name: /The sun warms the water/ }).getAttribute("aria-current"))
      .toBe("true");
    await page.getByLabel("Speed").selectOption("2");
    expect(await audio.evaluate((element: HTMLAudioElement) => element.playbackRate)).toBe(2);
    expect(await spoken()).toEqual([]);
    await screenshot(page, "podcast-episode-recorded");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("edits an episode through its phases: script, audio, publish", async () => {
    await page.goto(`/studymap/topics/${topicId}/podcast/episodes/${dutchEpisode}/edit?phase=script`);
    const turn = page.getByLabel("Turn 2 · Expert");
    await turn.waitFor(UI);
    await turn.fill("Die welvaart kwam uit handel, scheepvaart en visserij.");
    await screenshot(page, "podcast-edit-script");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save script" }).click();
    await page.getByRole("status").filter({ hasText: "Script saved." }).waitFor(UI);
    const saved = await must(manager.from("activities").select("payload").eq("id", dutchEpisode).single());
    const script = (saved.payload as { script: Array<{ speaker: string; text: string }> }).script;
    expect(script[1]).toMatchObject({
      speaker: "expert",
      text: "Die welvaart kwam uit handel, scheepvaart en visserij.",
    });
    expect(script).toHaveLength(DUTCH_SCRIPT.length);

    await turn.fill("   ");
    await page.getByRole("button", { name: "Save script" }).click();
    await page.getByRole("alert").filter({ hasText: "Every turn needs some text" }).waitFor(UI);

    await page.getByRole("link", { name: "2. Audio" }).click();
    await page.waitForURL(/phase=audio/);
    await page.getByRole("button", { name: "Play" }).waitFor(UI);
    await page.getByText(/No recorded audio is stored for this episode/).waitFor(UI);
    // The test stack has no speech provider, as a project without SPEECH_BASE_URL: the offline engine
    // records the edited script in Dutch voices, and the screen plays the stored MP3.
    await page.getByRole("button", { name: "Render audio" }).click();
    await page.getByText("Audio rendered.", { exact: true }).waitFor({ timeout: 90_000 });
    await page.getByText("Recorded", { exact: true }).waitFor(UI);
    expect(await audioMetadata()).toMatchObject({ src: expect.stringMatching(/^blob:/) });
    expect((await audioMetadata()).duration).toBeGreaterThan(DUTCH_SCRIPT.length);
    const stored = await must(
      serviceClient()
        .from("episode_audio")
        .select("object_path, voices")
        .eq("activity_id", dutchEpisode)
        .single(),
    );
    expect(stored).toEqual({
      object_path: `${dutchEpisode}/episode.mp3`,
      voices: ["espeak-ng:nl+f3", "espeak-ng:nl+m3"],
    });
    expect(await spoken()).toEqual([]);
    await screenshot(page, "podcast-edit-audio");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "3. Publish" }).click();
    await page.waitForURL(/phase=publish/);
    await page.getByText("Published", { exact: true }).waitFor(UI);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await page.getByText("Not published — visible to you only").waitFor(UI);
    const course = () =>
      must(manager.from("courses").select("published_at").eq("topic_id", topicId).single());
    expect((await course()).published_at).toBeNull();
    await screenshot(page, "podcast-edit-unpublished");
    await page.getByRole("button", { name: "Publish course" }).click();
    await page.getByText("Published", { exact: true }).waitFor(UI);
    expect((await course()).published_at).not.toBeNull();
    await screenshot(page, "podcast-edit-publish");
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("plays the rendered Dutch episode as the chapter's recap in the micro-learning path", async () => {
    const recap = await must(
      serviceClient().from("activities").select("chapter_id").eq("id", dutchEpisode).single(),
    );
    await page.goto(`/studymap/topics/${topicId}/microlearning/recap/${recap.chapter_id}/`);
    const { src, duration } = await audioMetadata();
    expect(src).toMatch(/^blob:/);
    expect(duration).toBeGreaterThan(DUTCH_SCRIPT.length);
    await page.getByRole("button", { name: "Play" }).click(UI);
    await expect
      .poll(() => page.locator("audio").evaluate((element: HTMLAudioElement) => element.currentTime), UI)
      .toBeGreaterThan(0);
    expect(await spoken()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("marks recorded audio out of date once its script is edited, and reads the new script instead", async () => {
    await page.goto(`/studymap/topics/${topicId}/podcast/episodes/${recordedEpisode}/edit?phase=audio`);
    await page.getByText("Recorded", { exact: true }).waitFor(UI);
    await page.locator("audio").waitFor({ state: "attached", ...UI });

    await page.getByRole("link", { name: "1. Script" }).click();
    await page.getByLabel("Turn 2 · Expert").fill("The sun heats the water, which then evaporates.");
    await page.getByRole("button", { name: "Save script" }).click();
    await page.getByRole("status").filter({ hasText: "Script saved." }).waitFor(UI);

    await page.getByRole("link", { name: "2. Audio" }).click();
    await page.getByText("Out of date", { exact: true }).waitFor(UI);
    // The old recording is not played: the browser's voice reads the edited script.
    expect(await page.locator("audio").count()).toBe(0);
    await page.getByRole("button", { name: "Play" }).click();
    await page.getByRole("button", { name: /The sun heats the water/ }).click();
    expect((await spoken()).at(-1)).toMatchObject({
      text: "The sun heats the water, which then evaporates.",
    });
    await screenshot(page, "podcast-edit-audio-out-of-date");
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

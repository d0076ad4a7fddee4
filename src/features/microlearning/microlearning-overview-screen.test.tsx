import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppUser } from "@/domain/access.ts";
import { PHASE_KINDS } from "@/domain/phase.ts";
import { BackgroundProvider } from "@/lib/background";
import * as outlineApi from "@/lib/outline";
import * as topicsApi from "@/lib/topics/api";
import { renderWithRouter, TEST_USER } from "@/testing/screen-support.tsx";
import * as api from "./api.ts";
import { activityId, CHAPTER_1, CHAPTER_2, outlineRpc, practiceCard, topicRow } from "./fixtures.ts";
import { MicrolearningOverviewScreen, PUBLISHED_PATH_NOTE } from "./microlearning-overview-screen.tsx";

vi.mock("@/lib/outline", () => ({ fetchOutline: vi.fn() }));
vi.mock("@/lib/topics/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/topics/api")>()),
  fetchTopic: vi.fn(),
}));
vi.mock("./api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api.ts")>()),
  fetchTriggerToken: vi.fn(),
  fetchPracticeActivities: vi.fn(),
  fetchCardStates: vi.fn(),
  saveCardState: vi.fn(),
}));

const fetchTopic = vi.mocked(topicsApi.fetchTopic);
const fetchOutline = vi.mocked(outlineApi.fetchOutline);
const fetchToken = vi.mocked(api.fetchTriggerToken);
const fetchPractice = vi.mocked(api.fetchPracticeActivities);
const fetchStates = vi.mocked(api.fetchCardStates);

/** A local stand-in for the Trigger.dev API: it records trigger requests and answers like the real one. */
const triggerApi = {
  server: undefined as Server | undefined,
  requests: [] as Array<{ url: string; authorization: string | undefined; body: Record<string, unknown> }>,
  status: 200,
};

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as Record<string, unknown>;
}

beforeAll(async () => {
  triggerApi.server = createServer(async (request, response) => {
    triggerApi.requests.push({
      url: request.url ?? "",
      authorization: request.headers.authorization,
      body: await readJson(request),
    });
    response.setHeader("content-type", "application/json");
    if (triggerApi.status !== 200) {
      response.writeHead(triggerApi.status).end(JSON.stringify({ error: "Invalid token" }));
      return;
    }
    response.setHeader("x-trigger-jwt", "public-read-token");
    response.writeHead(200).end(JSON.stringify({ id: "run_course_1", isCached: false }));
  });
  await new Promise<void>((resolve) => triggerApi.server?.listen(0, "127.0.0.1", resolve));
  const { port } = triggerApi.server.address() as AddressInfo;
  vi.stubEnv("VITE_TRIGGER_API_URL", `http://127.0.0.1:${port}`);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => triggerApi.server?.close(resolve));
});

beforeEach(() => {
  vi.resetAllMocks();
  triggerApi.requests = [];
  triggerApi.status = 200;
  fetchTopic.mockResolvedValue(topicRow());
  fetchOutline.mockResolvedValue(outlineRpc());
  fetchStates.mockResolvedValue({});
});

afterEach(() => {
  toast.dismiss();
});

function renderOverview(user?: Parameters<typeof renderWithRouter>[1]) {
  return renderWithRouter(<MicrolearningOverviewScreen topicId="topic-1" />, user);
}

describe("loading and errors", () => {
  it("shows Laden… while loading", async () => {
    fetchTopic.mockReturnValue(new Promise(() => {}));
    renderOverview();
    expect(await screen.findByText("Laden…")).toBeInTheDocument();
  });

  it("says the topic was not found when it is not visible", async () => {
    fetchTopic.mockResolvedValue(null);
    renderOverview();
    expect(await screen.findByRole("heading", { name: "Fout bij ophalen leermap" })).toBeInTheDocument();
    expect(screen.getByText("Onderwerp niet gevonden")).toBeInTheDocument();
  });

  it("shows Fout bij ophalen leermap with the error text", async () => {
    fetchTopic.mockRejectedValue(new Error("permission denied for table topics"));
    renderOverview();
    expect(await screen.findByRole("heading", { name: "Fout bij ophalen leermap" })).toBeInTheDocument();
    expect(screen.getByText("permission denied for table topics")).toBeInTheDocument();
  });
});

describe("reads only a detail depends on", () => {
  it("wait until the chapters are shown, then go out", async () => {
    fetchOutline.mockResolvedValue(outlineRpc({ [activityId(CHAPTER_1, "study")]: "completed" }));
    const generator = vi.spyOn(api, "fetchCourseGenerator").mockResolvedValue("offline");
    const skipped = vi.spyOn(api, "fetchSkippedActivities").mockResolvedValue([]);
    const waiting: Array<() => void> = [];
    renderWithRouter(
      <BackgroundProvider background={(task) => waiting.push(task)}>
        <MicrolearningOverviewScreen topicId="topic-1" />
      </BackgroundProvider>,
    );
    expect(await screen.findByRole("heading", { name: "Onderdeel 1 — Sources" })).toBeInTheDocument();
    expect(generator).not.toHaveBeenCalled();
    expect(skipped).not.toHaveBeenCalled();

    act(() => {
      for (const task of waiting.splice(0)) task();
    });
    await waitFor(() => expect(generator).toHaveBeenCalledTimes(1));
    expect(skipped).toHaveBeenCalledWith(expect.anything(), [activityId(CHAPTER_1, "study")], TEST_USER.id);
  });
});

describe("summary card", () => {
  it("shows the topic's own values, the course's counts and the progress", async () => {
    fetchOutline.mockResolvedValue(
      outlineRpc({
        [activityId(CHAPTER_1, "overview")]: "completed",
        [activityId(CHAPTER_1, "diagnostic")]: "completed",
        [activityId(CHAPTER_1, "study")]: "in_progress",
      }),
    );
    renderOverview();
    expect(await screen.findByRole("heading", { name: "Rivers of Europe", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Teacher")).toBeInTheDocument();
    expect(screen.getByText("MicroLearning")).toBeInTheDocument();
    expect(screen.getByText("Geography")).toBeInTheDocument();
    expect(screen.getByText("07-03-25")).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent("Last updated 02-04-25");
    expect(screen.getByText("HAVO 3")).toBeInTheDocument();
    expect(screen.getByText("4 quizzes")).toBeInTheDocument();
    expect(screen.getByText("12 lessons")).toBeInTheDocument();
    expect(screen.getByText("Progressie")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Progressie" })).toHaveAttribute("aria-valuenow", "17");
    expect(screen.getByText("17%")).toBeInTheDocument();
  });

  it("falls back to docs/product.md §9's static values without a course or topic values", async () => {
    fetchTopic.mockResolvedValue(topicRow({ level: null, subject: null }));
    fetchOutline.mockResolvedValue({ course: null, chapters: [] });
    renderOverview();
    expect(await screen.findByText("CEFR A2")).toBeInTheDocument();
    expect(screen.getByText("Aardrijkskunde")).toBeInTheDocument();
    expect(screen.getByText("8 quizzes")).toBeInTheDocument();
    expect(screen.getByText("15 lessons")).toBeInTheDocument();
    expect(screen.getByText("0%")).toBeInTheDocument();
  });
});

describe("chapters", () => {
  it("shows one card per chapter with minutes and the six phase rows", async () => {
    renderOverview();
    expect(await screen.findByRole("heading", { name: "Onderdeel 1 — Sources" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Onderdeel 2 — Deltas" })).toBeInTheDocument();
    expect(screen.getByText("25 min")).toBeInTheDocument();
    expect(screen.getByText("15 min")).toBeInTheDocument();

    const rows = within(screen.getByRole("region", { name: "Onderdeel 1 — Sources" })).getAllByRole("link");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Overzichtintro and learning goals",
      "Diagnostiekshort check that determines what you skip",
      "StudieStudie 1: de kern",
      "Oefenentargeted items per gap",
      "Masteryshort adaptive final check",
      "Recap60-90 s audio and mindmap",
    ]);
    expect(rows.map((row) => row.getAttribute("href"))).toEqual(
      PHASE_KINDS.map((kind) => `/studymap/topics/topic-1/microlearning/${kind}/${CHAPTER_1}`),
    );
  });

  it("shows the descriptions when no activity exists, with the first chapter selected", async () => {
    fetchOutline.mockResolvedValue({ course: null, chapters: [] });
    renderOverview();
    const first = (await screen.findByRole("heading", { name: "Onderdeel 1 — Sources" })).closest(
      "[aria-current]",
    );
    expect(first).not.toBeNull();
    expect(screen.getAllByText("only for your gaps, TL;DR and example")).toHaveLength(2);
    expect(screen.getAllByText("Voltooid")).toHaveLength(1);
    expect(screen.getAllByText("Bezig")).toHaveLength(1);
  });

  it("falls back to the structure when the outline cannot be loaded", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    fetchOutline.mockRejectedValue(new Error("function get_microlearning_outline does not exist"));
    renderOverview();
    expect(await screen.findByRole("heading", { name: "Onderdeel 2 — Deltas" })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith("Failed to load micro-learning outline:", expect.any(Error));
    expect(screen.getByRole("button", { name: "Start where you left off" })).toBeDisabled();
  });

  it("opens the subtopics dialog", async () => {
    renderOverview();
    await screen.findByRole("heading", { name: "Onderdeel 1 — Sources" });
    await userEvent.click(screen.getAllByRole("button", { name: "Subtopics" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Sources - Subtopics" });
    expect(within(dialog).getByText("Springs")).toBeInTheDocument();
    expect(within(dialog).getByText("Ground water")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await userEvent.click(screen.getAllByRole("button", { name: "Subtopics" })[1] as HTMLElement);
    const empty = await screen.findByRole("dialog", { name: "Deltas - Subtopics" });
    expect(within(empty).getByText("No subtopics available for this chapter")).toBeInTheDocument();
  });
});

describe("Start where you left off", () => {
  it("opens the first activity that is not completed", async () => {
    fetchOutline.mockResolvedValue(
      outlineRpc({
        [activityId(CHAPTER_1, "overview")]: "completed",
        [activityId(CHAPTER_1, "diagnostic")]: "completed",
      }),
    );
    renderOverview();
    const resume = await screen.findByRole("link", { name: "Start where you left off" });
    expect(resume).toHaveAttribute("href", `/studymap/topics/topic-1/microlearning/study/${CHAPTER_1}`);
  });
});

describe("Genereer leerpad", () => {
  it("needs a signed-in user", async () => {
    renderOverview(null);
    await userEvent.click(await screen.findByRole("button", { name: "Genereer leerpad" }));
    expect(await screen.findByText("Je moet ingelogd zijn om te genereren")).toBeInTheDocument();
    expect(fetchToken).not.toHaveBeenCalled();
  });

  it("says so when no trigger token comes back", async () => {
    fetchToken.mockResolvedValue({ token: null, grant: null });
    renderOverview();
    await userEvent.click(await screen.findByRole("button", { name: "Genereer leerpad" }));
    expect(await screen.findByText("Kon trigger token niet ophalen")).toBeInTheDocument();
    expect(triggerApi.requests).toHaveLength(0);
  });

  it("says so when the token request fails", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    fetchToken.mockRejectedValue(new Error("Edge Function returned a non-2xx status code"));
    renderOverview();
    await userEvent.click(await screen.findByRole("button", { name: "Genereer leerpad" }));
    expect(await screen.findByText("Kon trigger token niet ophalen")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it("triggers generate-course-content with the token and shows the new course without a reload", async () => {
    fetchToken.mockResolvedValue({ token: "public-trigger-token", grant: "signed-grant" });
    fetchOutline.mockResolvedValue({ course: null, chapters: [] });
    renderOverview();
    await userEvent.click(await screen.findByRole("button", { name: "Genereer leerpad" }));
    expect(await screen.findByText("Generatie gestart")).toBeInTheDocument();
    expect(fetchToken).toHaveBeenCalledWith({}, "topic-1");

    expect(triggerApi.requests).toHaveLength(1);
    const [request] = triggerApi.requests;
    expect(request?.url).toBe("/api/v1/tasks/generate-course-content/trigger");
    expect(request?.authorization).toBe("Bearer public-trigger-token");
    expect(JSON.parse(String(request?.body.payload))).toEqual({
      json: {
        topicId: "topic-1",
        createdBy: "00000000-0000-4000-8000-000000000001",
        title: "Rivers of Europe",
        publish: false,
        mode: "refresh",
        grant: "signed-grant",
      },
    });
    expect(request?.body.options).toMatchObject({ concurrencyKey: "topic-1", tags: ["topic_topic-1"] });

    expect(screen.getByText("Leerpad wordt gegenereerd…")).toBeInTheDocument();
    fetchOutline.mockResolvedValue(outlineRpc());
    await waitFor(() => expect(screen.getByText("12 lessons")).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.queryByText("Leerpad wordt gegenereerd…")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Genereer leerpad" })).toBeEnabled();
  });

  it("says Kon leerpad niet starten when the task service refuses", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    triggerApi.status = 403;
    fetchToken.mockResolvedValue({ token: "public-trigger-token", grant: "signed-grant" });
    renderOverview();
    await userEvent.click(await screen.findByRole("button", { name: "Genereer leerpad" }));
    expect(await screen.findByText("Kon leerpad niet starten")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith("Failed to start course generation:", expect.any(Error));
    expect(screen.getByRole("button", { name: "Genereer leerpad" })).toBeEnabled();
  });
});

describe("Genereer leerpad on a published path", () => {
  const publishedOutline = () => {
    const rpc = outlineRpc();
    return { ...rpc, course: rpc.course && { ...rpc.course, published_at: "2025-04-02T10:00:00Z" } };
  };
  const withRole = (memberRole: string): AppUser => ({
    ...TEST_USER,
    memberships: [
      {
        membershipId: "m1",
        entityId: "entity-1",
        entityName: "School",
        entityKind: "school",
        memberRole,
        status: "active",
        entityMetadata: null,
      },
    ],
    activeMembershipId: "m1",
  });

  it("is not offered to a member, who is told why", async () => {
    fetchOutline.mockResolvedValue(publishedOutline());
    renderOverview(withRole("member"));
    expect(await screen.findByText(PUBLISHED_PATH_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Genereer leerpad" })).toBeNull();
  });

  it("is offered to a manager of the topic's organisation", async () => {
    fetchOutline.mockResolvedValue(publishedOutline());
    renderOverview(withRole("manager"));
    expect(await screen.findByRole("button", { name: "Genereer leerpad" })).toBeEnabled();
    expect(screen.queryByText(PUBLISHED_PATH_NOTE)).toBeNull();
  });

  it("is offered to a member while the path is their own draft", async () => {
    renderOverview(withRole("member"));
    expect(await screen.findByRole("button", { name: "Genereer leerpad" })).toBeEnabled();
  });
});

describe("Challenge", () => {
  it("expands to the practice cards due now across chapters", async () => {
    fetchPractice.mockResolvedValue([
      {
        activityId: activityId(CHAPTER_1, "practice"),
        chapterId: CHAPTER_1,
        cards: [practiceCard("bron", "springs")],
      },
      {
        activityId: activityId(CHAPTER_2, "practice"),
        chapterId: CHAPTER_2,
        cards: [practiceCard("delta", "deltas")],
      },
    ]);
    renderOverview();
    expect(await screen.findByRole("heading", { name: "Challenge" })).toBeInTheDocument();
    const expand = screen.getByRole("button", { name: "Need more? Expand for extra practice" });
    expect(expand).toHaveAttribute("aria-expanded", "false");
    await act(() => userEvent.click(expand));
    expect(await screen.findByRole("button", { name: /Wat is bron\?/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Wat is delta\?/ })).toBeInTheDocument();
    expect(fetchPractice).toHaveBeenCalledWith({}, [
      activityId(CHAPTER_1, "practice"),
      activityId(CHAPTER_2, "practice"),
    ]);
  });

  it("drops a card from the due list once it is reviewed", async () => {
    fetchPractice.mockResolvedValue([
      {
        activityId: activityId(CHAPTER_1, "practice"),
        chapterId: CHAPTER_1,
        cards: [practiceCard("bron", "springs")],
      },
    ]);
    renderOverview();
    await userEvent.click(
      await screen.findByRole("button", { name: "Need more? Expand for extra practice" }),
    );
    await userEvent.click(await screen.findByRole("button", { name: /Wat is bron\?/ }));
    await userEvent.click(screen.getByRole("button", { name: "Makkelijk" }));
    expect(await screen.findByText("Niets te herhalen — kom later terug.")).toBeInTheDocument();
    expect(vi.mocked(api.saveCardState)).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ activityId: activityId(CHAPTER_1, "practice"), cardId: "bron" }),
    );
  });

  it("says there is no practice without a course", async () => {
    fetchOutline.mockResolvedValue({ course: null, chapters: [] });
    renderOverview();
    await userEvent.click(
      await screen.findByRole("button", { name: "Need more? Expand for extra practice" }),
    );
    expect(await screen.findByText("Nog geen oefenkaarten.")).toBeInTheDocument();
  });
});

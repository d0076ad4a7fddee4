import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PracticeCard, Question, StudyBlock } from "@/domain/activity-payload.ts";
import {
  isSkippedResult,
  parseQuizResult,
  type QuizResult,
  type SkippedResult,
} from "@/domain/microlearning.ts";
import type { OutlineRpc, ProgressStatus } from "@/domain/outline.ts";
import { PHASE_KINDS, type PhaseKind } from "@/domain/phase.ts";
import type { Json } from "@/lib/database";
import * as outlineApi from "@/lib/outline";
import * as topicsApi from "@/lib/topics/api";
import { renderWithRouter } from "@/testing/screen-support.tsx";
import * as api from "./api.ts";
import {
  activityId,
  CHAPTER_1,
  outlineRpc,
  practiceCard,
  question,
  studyBlock,
  topicRow,
} from "./fixtures.ts";
import { MicrolearningOverviewScreen } from "./microlearning-overview-screen.tsx";
import { PhaseScreen } from "./phase-screen.tsx";

/**
 * A learner's way through one chapter against an in-memory progress store: what the phase screens
 * save is what the next screen and the overview read, as with the real tables.
 */

vi.mock("@/lib/outline", () => ({ fetchOutline: vi.fn() }));
vi.mock("@/lib/topics/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/topics/api")>()),
  fetchTopic: vi.fn(),
}));
vi.mock("./api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api.ts")>()),
  fetchChapter: vi.fn(),
  fetchActivity: vi.fn(),
  fetchActivityCitations: vi.fn(),
  fetchChapterProgress: vi.fn(),
  saveProgress: vi.fn(),
  fetchCardStates: vi.fn(),
  saveCardState: vi.fn(),
  fetchSkippedActivities: vi.fn(),
  fetchPracticeActivities: vi.fn(),
}));

const questions: Question[] = [
  question("q1", "springs", 1, "Bronnen worden gevoed door grondwater."),
  question("q2", "glaciers", 2, "Gletsjers smelten in de zomer."),
];
const blocks: StudyBlock[] = [
  studyBlock("heading", "Bronnen", "springs"),
  studyBlock("text", "Bronwater komt uit de grond", "springs"),
  studyBlock("heading", "Gletsjers", "glaciers"),
  studyBlock("text", "Smeltwater voedt de rivier", "glaciers"),
];
const cards: PracticeCard[] = [
  practiceCard("bronwater", "springs", "Denk aan de bodem"),
  practiceCard("smeltwater", "glaciers", "Denk aan ijs"),
];

const PAYLOADS: Record<PhaseKind, unknown> = {
  overview: { objectives: ["Je kent de bron van een rivier"], slides: [] },
  diagnostic: { questions },
  study: { blocks },
  practice: { cards },
  mastery: { questions },
  recap: { transcript: "Rivieren beginnen bij een bron.", bullets: [] },
};

/** The one citation of the checks: it quotes the sentence a question was made from. */
const QUOTED = "Een bron wordt gevoed door grondwater.";

type Row = { status: ProgressStatus; result: QuizResult | SkippedResult | null };
let rows: Map<string, Row>;

/** A course of one chapter whose statuses come from the in-memory progress rows. */
function outlineOfOneChapter(): OutlineRpc {
  const statuses = Object.fromEntries([...rows].map(([id, row]) => [id, row.status]));
  const outline = outlineRpc(statuses);
  return { ...outline, chapters: outline.chapters.slice(0, 1) };
}

beforeEach(() => {
  vi.resetAllMocks();
  rows = new Map();
  vi.mocked(topicsApi.fetchTopic).mockResolvedValue(topicRow());
  vi.mocked(api.fetchChapter).mockResolvedValue({
    id: CHAPTER_1,
    title: "Sources",
    summary: null,
    position: 1,
    course_id: "course-1",
  });
  vi.mocked(api.fetchActivity).mockImplementation(async (_client, chapterId, kind) => ({
    id: activityId(chapterId, kind),
    chapter_id: chapterId,
    kind,
    title: `Titel ${kind}`,
    position: PHASE_KINDS.indexOf(kind),
    payload: PAYLOADS[kind] as unknown as NonNullable<Json>,
  }));
  vi.mocked(api.fetchActivityCitations).mockImplementation(async (_client, id) =>
    id === activityId(CHAPTER_1, "diagnostic") || id === activityId(CHAPTER_1, "mastery")
      ? [{ id: 1, snippet: QUOTED, source_url: null, file_path: "rivieren.md", page_number: null }]
      : [],
  );
  vi.mocked(api.fetchChapterProgress).mockImplementation(async (_client, chapterId) =>
    PHASE_KINDS.map((kind) => {
      const row = rows.get(activityId(chapterId, kind));
      return {
        activityId: activityId(chapterId, kind),
        kind,
        status: row?.status ?? "not_started",
        result: parseQuizResult(row?.result),
        skipped: isSkippedResult(row?.result),
      };
    }),
  );
  vi.mocked(api.saveProgress).mockImplementation(async (_client, entry) => {
    const before = rows.get(entry.activityId);
    rows.set(entry.activityId, {
      status: entry.status,
      result: entry.result === undefined ? (before?.result ?? null) : entry.result,
    });
  });
  vi.mocked(api.fetchCardStates).mockResolvedValue({});
  vi.mocked(api.saveCardState).mockResolvedValue(undefined);
  vi.mocked(outlineApi.fetchOutline).mockImplementation(async () => outlineOfOneChapter());
  vi.mocked(api.fetchSkippedActivities).mockImplementation(async (_client, ids) =>
    ids.filter((id) => isSkippedResult(rows.get(id)?.result)),
  );
  vi.mocked(api.fetchPracticeActivities).mockResolvedValue([]);
});

afterEach(() => {
  toast.dismiss();
});

function openPhase(kind: PhaseKind) {
  return renderWithRouter(<PhaseScreen topicId="topic-1" chapterId={CHAPTER_1} kind={kind} />);
}

/** Answers the check: each question correctly, except those listed as wrong. */
async function answerCheck(kind: "diagnostic" | "mastery", wrong: readonly string[]) {
  const view = openPhase(kind);
  for (const item of questions) {
    const option = wrong.includes(item.id)
      ? (item.correct_option + 1) % item.options.length
      : item.correct_option;
    await userEvent.click(await screen.findByLabelText(item.options[option] as string));
  }
  await userEvent.click(screen.getByRole("button", { name: "Controleer antwoorden" }));
  await screen.findByText(/^Score:/);
  return view;
}

/** Opens a phase and finishes it with Afronden. */
async function finish(kind: PhaseKind) {
  const view = openPhase(kind);
  await userEvent.click(await screen.findByRole("button", { name: "Afronden" }));
  await waitFor(() => expect(rows.get(activityId(CHAPTER_1, kind))?.status).toBe("completed"));
  view.unmount();
}

async function expectProgress(percent: number) {
  const view = renderWithRouter(<MicrolearningOverviewScreen topicId="topic-1" />);
  const bar = await screen.findByRole("progressbar", { name: "Progressie" });
  await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", String(percent)));
  expect(screen.getByText(`${percent}%`)).toBeInTheDocument();
  return view;
}

describe("the adaptive path of a chapter", () => {
  it("hides the sources and explanations of the diagnostic until the answers are checked", async () => {
    openPhase("diagnostic");
    expect(await screen.findByText("1. Vraag over springs?")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Bronnen" })).not.toBeInTheDocument();
    expect(screen.queryByText(`“${QUOTED}”`)).not.toBeInTheDocument();
    expect(screen.queryByText("Uitleg")).not.toBeInTheDocument();

    await userEvent.click(screen.getByLabelText("springs B"));
    await userEvent.click(screen.getByLabelText("glaciers C"));
    await userEvent.click(screen.getByRole("button", { name: "Controleer antwoorden" }));

    expect(await screen.findByRole("heading", { name: "Bronnen" })).toBeInTheDocument();
    expect(screen.getByText(`“${QUOTED}”`)).toBeInTheDocument();
    expect(screen.getAllByText("Uitleg")).toHaveLength(2);

    // Taking the check again hides them again.
    await userEvent.click(screen.getByRole("button", { name: "Opnieuw" }));
    expect(screen.queryByRole("heading", { name: "Bronnen" })).not.toBeInTheDocument();
  });

  it("keeps the sources of a mastery check hidden until it is checked", async () => {
    openPhase("mastery");
    expect(await screen.findByText("1. Vraag over springs?")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Bronnen" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("springs B"));
    await userEvent.click(screen.getByLabelText("glaciers C"));
    await userEvent.click(screen.getByRole("button", { name: "Controleer antwoorden" }));
    expect(await screen.findByRole("heading", { name: "Bronnen" })).toBeInTheDocument();
  });

  it("folds the practice sources, which quote the sentences the cards are cut from", async () => {
    vi.mocked(api.fetchActivityCitations).mockResolvedValue([
      { id: 1, snippet: QUOTED, source_url: null, file_path: "rivieren.md", page_number: null },
    ]);
    openPhase("practice");
    expect(await screen.findByRole("heading", { name: "Bronnen" })).toBeInTheDocument();
    const unfold = screen.getByRole("button", { name: "Toon bronnen" });
    expect(unfold).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText(`“${QUOTED}”`)).not.toBeVisible();
    await userEvent.click(unfold);
    expect(unfold).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(`“${QUOTED}”`)).toBeVisible();
  });

  it("with one subtopic wrong, studies and practises that subtopic only and reaches 100 %", async () => {
    await finish("overview");
    (await answerCheck("diagnostic", ["q2"])).unmount();
    expect(rows.get(activityId(CHAPTER_1, "diagnostic"))?.result).toMatchObject({ gaps: ["glaciers"] });

    const study = openPhase("study");
    expect(await screen.findByText("Studie: alleen voor jouw hiaten")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Gletsjers" })).toBeInTheDocument();
    expect(screen.getByText("Smeltwater voedt de rivier")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Bronnen", level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByText("Bronwater komt uit de grond")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Afronden" }));
    expect(await screen.findByText("Voltooid")).toBeInTheDocument();
    study.unmount();

    const practice = openPhase("practice");
    expect(await screen.findByText("Oefenen: alleen voor jouw hiaten")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Wat is bronwater\?/ })).not.toBeInTheDocument();
    const card = screen.getByRole("button", { name: /Wat is smeltwater\?/ });
    await userEvent.click(card);
    await userEvent.click(screen.getByRole("button", { name: "Goed" }));
    await waitFor(() => expect(rows.get(activityId(CHAPTER_1, "practice"))?.status).toBe("completed"));
    practice.unmount();

    (await answerCheck("mastery", [])).unmount();
    await finish("recap");

    const overview = await expectProgress(100);
    const chapter = screen.getByRole("region", { name: "Onderdeel 1 — Sources" });
    expect(within(chapter).getAllByText("Voltooid")).toHaveLength(6);
    expect(within(chapter).queryByText("Overgeslagen")).not.toBeInTheDocument();
    overview.unmount();
  });

  it("with a perfect diagnostic, records study and practice as skipped and reaches 100 %", async () => {
    await finish("overview");
    const diagnostic = await answerCheck("diagnostic", []);
    expect(
      screen.getByText("Geen hiaten gevonden: je kunt Studie en Oefenen overslaan."),
    ).toBeInTheDocument();
    diagnostic.unmount();
    for (const kind of ["study", "practice"] as const) {
      expect(rows.get(activityId(CHAPTER_1, kind))).toEqual({
        status: "completed",
        result: { skipped: true },
      });
    }

    const study = openPhase("study");
    expect(await screen.findByText("Overgeslagen")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Afronden" })).not.toBeInTheDocument();
    study.unmount();

    (await answerCheck("mastery", [])).unmount();
    await finish("recap");

    await expectProgress(100);
    const chapter = screen.getByRole("region", { name: "Onderdeel 1 — Sources" });
    const statusOf = (label: string) =>
      within(chapter)
        .getAllByRole("link")
        .find((row) => row.textContent?.startsWith(label))?.textContent;
    expect(statusOf("Studie")).toMatch(/Overgeslagen$/);
    expect(statusOf("Oefenen")).toMatch(/Overgeslagen$/);
    expect(statusOf("Diagnostiek")).toMatch(/Voltooid$/);
  });

  it("after a perfect diagnostic, still teaches what it never asked about", async () => {
    PAYLOADS.study = {
      blocks: [
        ...blocks,
        studyBlock("heading", "Delta's", "deltas"),
        studyBlock("text", "Een delta ontstaat bij de monding", "deltas"),
      ],
    };
    try {
      await finish("overview");
      const diagnostic = await answerCheck("diagnostic", []);
      expect(
        screen.getByText(
          "Geen hiaten gevonden: Studie en Oefenen tonen nog wat de diagnostiek niet heeft gevraagd.",
        ),
      ).toBeInTheDocument();
      diagnostic.unmount();
      expect(rows.get(activityId(CHAPTER_1, "study"))?.status).not.toBe("completed");
      expect(rows.get(activityId(CHAPTER_1, "diagnostic"))?.result).toMatchObject({
        probed: ["springs", "glaciers"],
        unprobedLeft: true,
      });

      openPhase("study");
      expect(await screen.findByText("Studie: wat de diagnostiek niet heeft gevraagd")).toBeInTheDocument();
      expect(screen.getByText("Een delta ontstaat bij de monding")).toBeInTheDocument();
      expect(screen.queryByText("Bronwater komt uit de grond")).not.toBeInTheDocument();
      expect(screen.queryByText("Overgeslagen")).not.toBeInTheDocument();
    } finally {
      PAYLOADS.study = { blocks };
    }
  });

  it("skips on opening when a perfect diagnostic was stored before skipping was recorded", async () => {
    rows.set(activityId(CHAPTER_1, "diagnostic"), {
      status: "completed",
      result: { answers: { q1: 1, q2: 2 }, correct: 2, total: 2, gaps: [], passed: true },
    });
    openPhase("practice");
    expect(await screen.findByText("Overgeslagen")).toBeInTheDocument();
    expect(rows.get(activityId(CHAPTER_1, "practice"))).toEqual({
      status: "completed",
      result: { skipped: true },
    });
  });

  it("reopens skipped phases when a later diagnostic finds a gap", async () => {
    (await answerCheck("diagnostic", [])).unmount();
    expect(rows.get(activityId(CHAPTER_1, "study"))?.status).toBe("completed");
    const again = openPhase("diagnostic");
    await userEvent.click(await screen.findByRole("button", { name: "Opnieuw" }));
    await userEvent.click(screen.getByLabelText("springs A"));
    await userEvent.click(screen.getByLabelText("glaciers C"));
    await userEvent.click(screen.getByRole("button", { name: "Controleer antwoorden" }));
    await waitFor(() =>
      expect(rows.get(activityId(CHAPTER_1, "study"))).toEqual({ status: "in_progress", result: null }),
    );
    expect(rows.get(activityId(CHAPTER_1, "practice"))).toEqual({ status: "in_progress", result: null });
    again.unmount();
  });

  it("keeps a phase the learner worked through done when a later diagnostic finds a gap", async () => {
    rows.set(activityId(CHAPTER_1, "study"), { status: "completed", result: null });
    (await answerCheck("diagnostic", ["q2"])).unmount();
    expect(rows.get(activityId(CHAPTER_1, "study"))).toEqual({ status: "completed", result: null });
  });
});

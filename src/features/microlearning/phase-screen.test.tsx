import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { quizResult } from "@/domain/microlearning.ts";
import type { PhaseKind } from "@/domain/phase.ts";
import type { Json } from "@/lib/database";
import { renderWithRouter, TEST_USER } from "@/testing/screen-support.tsx";
import * as api from "./api.ts";
import { activityId, CHAPTER_1, practiceCard, question, studyBlock } from "./fixtures.ts";
import { PhaseScreen } from "./phase-screen.tsx";

// The path's "Volgende"/"Vorige" read the outline; phase-nav.test.tsx covers them.
vi.mock("@/lib/outline", () => ({ fetchOutline: vi.fn(async () => ({ course: null, chapters: [] })) }));
vi.mock("./api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api.ts")>()),
  fetchChapter: vi.fn(),
  fetchActivity: vi.fn(),
  fetchActivityCitations: vi.fn(),
  fetchChapterProgress: vi.fn(),
  saveProgress: vi.fn(),
  fetchCardStates: vi.fn(),
  saveCardState: vi.fn(),
}));

const fetchChapter = vi.mocked(api.fetchChapter);
const fetchActivity = vi.mocked(api.fetchActivity);
const fetchCitations = vi.mocked(api.fetchActivityCitations);
const fetchProgress = vi.mocked(api.fetchChapterProgress);
const saveProgress = vi.mocked(api.saveProgress);
const fetchStates = vi.mocked(api.fetchCardStates);
const saveCardState = vi.mocked(api.saveCardState);

const diagnosticQuestions = [
  question("q1", "springs", 1, "Springs are fed by ground water."),
  question("q2", "glaciers", 2),
];

function activityRow(kind: PhaseKind, payload: unknown, title = `Titel ${kind}`): api.ActivityRow {
  // Payloads are JSON from the database; tests hand in shapes the screens must cope with.
  return {
    id: activityId(CHAPTER_1, kind),
    chapter_id: CHAPTER_1,
    kind,
    title,
    position: 0,
    payload: payload as NonNullable<Json>,
  };
}

function progressEntries(overrides: Partial<Record<PhaseKind, Partial<api.ActivityProgress>>> = {}) {
  return (["overview", "diagnostic", "study", "practice", "mastery", "recap"] as const).map((kind) => ({
    activityId: activityId(CHAPTER_1, kind),
    kind,
    status: "not_started" as const,
    result: null,
    skipped: false,
    ...overrides[kind],
  }));
}

beforeEach(() => {
  vi.resetAllMocks();
  fetchChapter.mockResolvedValue({
    id: CHAPTER_1,
    title: "Sources",
    summary: null,
    position: 1,
    course_id: "course-1",
  });
  fetchCitations.mockResolvedValue([]);
  fetchProgress.mockResolvedValue(progressEntries());
  saveProgress.mockResolvedValue(undefined);
  fetchStates.mockResolvedValue({});
  saveCardState.mockResolvedValue(undefined);
});

afterEach(() => {
  toast.dismiss();
});

function renderPhase(kind: string) {
  return renderWithRouter(<PhaseScreen topicId="topic-1" chapterId={CHAPTER_1} kind={kind} />);
}

describe("header and navigation", () => {
  it("shows Terug, the phase label, the activity title and the chapter", async () => {
    fetchActivity.mockResolvedValue(activityRow("recap", { transcript: "", bullets: [] }, "Samenvatting"));
    renderPhase("recap");
    expect(await screen.findByRole("heading", { name: "Samenvatting", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Recap")).toBeInTheDocument();
    expect(screen.getByText("Onderdeel 1 — Sources")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Terug" })).toHaveAttribute(
      "href",
      "/studymap/topics/topic-1/microlearning",
    );
    expect(fetchActivity).toHaveBeenCalledWith({}, CHAPTER_1, "recap");
  });

  it("says there is no content yet when no activity exists", async () => {
    fetchActivity.mockResolvedValue(null);
    renderPhase("study");
    // The specification's text, whole, as one message (row 37).
    const message = await screen.findByText("Geen inhoud gevonden");
    expect(message.parentElement).toHaveTextContent(
      /^Geen inhoud gevonden — Er is nog geen gepubliceerde activiteit voor dit onderdeel en fase\.$/,
    );
    expect(screen.getByRole("link", { name: "Terug naar overzicht" })).toHaveAttribute(
      "href",
      "/studymap/topics/topic-1/microlearning",
    );
    expect(screen.getByText("Studie")).toBeInTheDocument();
  });

  it("shows Onbekend type. for a kind that is not one of the six", async () => {
    renderPhase("quiz");
    expect(await screen.findByText("Onbekend type.")).toBeInTheDocument();
    expect(fetchActivity).not.toHaveBeenCalled();
  });
});

describe("progress", () => {
  it("marks an opened activity in_progress and Afronden completes it", async () => {
    fetchActivity.mockResolvedValue(activityRow("overview", { objectives: ["Doel"], slides: [] }));
    renderPhase("overview");
    await waitFor(() =>
      expect(saveProgress).toHaveBeenCalledWith(
        {},
        { activityId: activityId(CHAPTER_1, "overview"), status: "in_progress", userId: TEST_USER.id },
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Afronden" }));
    expect(saveProgress).toHaveBeenLastCalledWith(
      {},
      { activityId: activityId(CHAPTER_1, "overview"), status: "completed", userId: TEST_USER.id },
    );
  });

  it("never undoes a completion on opening", async () => {
    fetchActivity.mockResolvedValue(activityRow("overview", { objectives: [], slides: [] }));
    fetchProgress.mockResolvedValue(progressEntries({ overview: { status: "completed" } }));
    renderPhase("overview");
    expect(await screen.findByText("Voltooid")).toBeInTheDocument();
    expect(saveProgress).not.toHaveBeenCalled();
  });
});

describe("overview", () => {
  it("lists the learning goals and the slides with their bullets", async () => {
    fetchActivity.mockResolvedValue(
      activityRow("overview", {
        objectives: ["Je kunt de bron van een rivier aanwijzen"],
        slides: [{ title: "De bovenloop", bullets: ["Snel stromend", "Smalle bedding"] }],
      }),
    );
    renderPhase("overview");
    expect(await screen.findByText("Je kunt de bron van een rivier aanwijzen")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "De bovenloop" })).toBeInTheDocument();
    expect(screen.getByText("Snel stromend")).toBeInTheDocument();
    expect(screen.getByText("Smalle bedding")).toBeInTheDocument();
  });
});

describe("diagnostic", () => {
  it("scores numbered questions, explains them and stores the gaps", async () => {
    fetchActivity.mockResolvedValue(activityRow("diagnostic", { questions: diagnosticQuestions }));
    renderPhase("diagnostic");
    expect(await screen.findByText("1. Vraag over springs?")).toBeInTheDocument();
    expect(screen.getByText("2. Vraag over glaciers?")).toBeInTheDocument();
    expect(screen.queryByText(/Moeilijkheid/)).not.toBeInTheDocument();
    const check = screen.getByRole("button", { name: "Controleer antwoorden" });
    expect(check).toBeDisabled();

    await userEvent.click(screen.getByLabelText("springs B"));
    await userEvent.click(screen.getByLabelText("glaciers A"));
    await userEvent.click(check);

    expect(await screen.findByText("Score: 1 van 2")).toBeInTheDocument();
    expect(screen.getByText("Goed")).toBeInTheDocument();
    expect(screen.getByText("Fout — het juiste antwoord is: glaciers C")).toBeInTheDocument();
    expect(screen.getByText("Uitleg")).toBeInTheDocument();
    expect(screen.getByText("Springs are fed by ground water.")).toBeInTheDocument();
    // The learner's own wrong choice is marked in words, beside the right one.
    expect(screen.getByLabelText(/^glaciers A/)).toBeChecked();
    expect(screen.getByLabelText(/^glaciers A/).closest("label")).toHaveTextContent(
      "glaciers A✗ Jouw antwoord — fout",
    );
    expect(screen.getByLabelText(/^glaciers C/).closest("label")).toHaveTextContent(
      "glaciers C✓ Het juiste antwoord",
    );
    expect(screen.getByLabelText(/^springs B/).closest("label")).toHaveTextContent(
      "springs B✓ Jouw antwoord — goed",
    );
    expect(screen.getByLabelText(/^springs A/).closest("label")).toHaveTextContent(/^springs A$/);
    expect(screen.getByText("Studie en Oefenen richten zich nu op 1 hiaat.")).toBeInTheDocument();
    expect(saveProgress).toHaveBeenCalledWith(
      {},
      {
        activityId: activityId(CHAPTER_1, "diagnostic"),
        status: "completed",
        userId: TEST_USER.id,
        result: {
          answers: { q1: 1, q2: 0 },
          correct: 1,
          total: 2,
          gaps: ["glaciers"],
          passed: true,
          probed: ["springs", "glaciers"],
        },
      },
    );
  });

  it("marks the stored wrong answer after a reload", async () => {
    fetchActivity.mockResolvedValue(activityRow("diagnostic", { questions: diagnosticQuestions }));
    fetchProgress.mockResolvedValue(
      progressEntries({
        diagnostic: {
          status: "completed",
          result: quizResult("diagnostic", diagnosticQuestions, { q1: 0, q2: 2 }),
        },
      }),
    );
    renderPhase("diagnostic");
    expect(await screen.findByText("Score: 1 van 2")).toBeInTheDocument();
    expect(screen.getByLabelText(/^springs A/)).toBeChecked();
    expect(screen.getByText("Jouw antwoord — fout").closest("label")).toHaveTextContent(/^springs A/);
  });

  it("shows a stored result after a reload and can be retaken", async () => {
    fetchActivity.mockResolvedValue(activityRow("diagnostic", { questions: diagnosticQuestions }));
    fetchProgress.mockResolvedValue(
      progressEntries({
        diagnostic: {
          status: "completed",
          result: quizResult("diagnostic", diagnosticQuestions, { q1: 1, q2: 2 }),
        },
      }),
    );
    renderPhase("diagnostic");
    expect(await screen.findByText("Score: 2 van 2")).toBeInTheDocument();
    expect(
      screen.getByText("Geen hiaten gevonden: je kunt Studie en Oefenen overslaan."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Opnieuw" }));
    expect(screen.getByRole("button", { name: "Controleer antwoorden" })).toBeDisabled();
  });
});

describe("mastery", () => {
  it("shows difficulty, and a failed check reopens study and practice", async () => {
    fetchActivity.mockResolvedValue(activityRow("mastery", { questions: diagnosticQuestions }));
    fetchProgress.mockResolvedValue(
      progressEntries({ study: { status: "completed" }, practice: { status: "completed" } }),
    );
    renderPhase("mastery");
    expect(await screen.findAllByText("Moeilijkheid: Gemiddeld")).toHaveLength(2);
    await userEvent.click(screen.getByLabelText("springs A"));
    await userEvent.click(screen.getByLabelText("glaciers A"));
    await userEvent.click(screen.getByRole("button", { name: "Controleer antwoorden" }));
    expect(
      await screen.findByText("Nog niet geslaagd — Studie en Oefenen staan weer open voor je hiaten."),
    ).toBeInTheDocument();
    const saved = saveProgress.mock.calls.map(([, entry]) => [entry.activityId, entry.status]);
    expect(saved).toEqual(
      expect.arrayContaining([
        [activityId(CHAPTER_1, "mastery"), "in_progress"],
        [activityId(CHAPTER_1, "study"), "in_progress"],
        [activityId(CHAPTER_1, "practice"), "in_progress"],
      ]),
    );
  });

  it("offers no check and no pass when a check holds no questions", async () => {
    fetchActivity.mockResolvedValue(activityRow("mastery", { questions: [] }));
    renderPhase("mastery");
    expect(await screen.findByText("Deze controle heeft geen vragen.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Controleer antwoorden" })).not.toBeInTheDocument();
    expect(screen.queryByText("Geslaagd!")).not.toBeInTheDocument();
  });

  it("completes when passed", async () => {
    fetchActivity.mockResolvedValue(activityRow("mastery", { questions: diagnosticQuestions }));
    renderPhase("mastery");
    await userEvent.click(await screen.findByLabelText("springs B"));
    await userEvent.click(screen.getByLabelText("glaciers C"));
    await userEvent.click(screen.getByRole("button", { name: "Controleer antwoorden" }));
    expect(await screen.findByText("Geslaagd!")).toBeInTheDocument();
    expect(saveProgress).toHaveBeenLastCalledWith({}, expect.objectContaining({ status: "completed" }));
  });
});

describe("study", () => {
  const blocks = [
    studyBlock("heading", "Bronnen van rivieren", "springs"),
    studyBlock("example", "De Rijn ontspringt in Zwitserland", "springs"),
    studyBlock("qa", "Waar komt bronwater vandaan", "springs"),
    studyBlock("text", "Gletsjers smelten in de zomer", "glaciers"),
  ];

  it("shows heading, Voorbeeld, Vraag/Antwoord and text blocks, all of them before the diagnostic", async () => {
    fetchActivity.mockResolvedValue(activityRow("study", { blocks }));
    renderPhase("study");
    expect(await screen.findByRole("heading", { name: "Bronnen van rivieren" })).toBeInTheDocument();
    expect(screen.getByText("Voorbeeld")).toBeInTheDocument();
    expect(screen.getByText("De Rijn ontspringt in Zwitserland")).toBeInTheDocument();
    expect(screen.getByText("Vraag")).toBeInTheDocument();
    expect(screen.getByText("Waar komt bronwater vandaan?")).toBeInTheDocument();
    expect(screen.getByText("Antwoord")).toBeInTheDocument();
    expect(screen.getByText("Waar komt bronwater vandaan!")).toBeInTheDocument();
    expect(screen.getByText("Gletsjers smelten in de zomer")).toBeInTheDocument();
    expect(
      screen.getByText("Maak eerst de diagnostiek om te zien wat je kunt overslaan."),
    ).toBeInTheDocument();
  });

  it("shows only the gaps the diagnostic found", async () => {
    fetchActivity.mockResolvedValue(activityRow("study", { blocks }));
    fetchProgress.mockResolvedValue(
      progressEntries({
        diagnostic: {
          status: "completed",
          result: quizResult("diagnostic", diagnosticQuestions, { q1: 1, q2: 0 }),
        },
      }),
    );
    renderPhase("study");
    expect(await screen.findByText("Studie: alleen voor jouw hiaten")).toBeInTheDocument();
    expect(screen.getByText("Gletsjers smelten in de zomer")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Bronnen van rivieren" })).not.toBeInTheDocument();
    expect(screen.queryByText("Voorbeeld")).not.toBeInTheDocument();
  });

  it("says so when there is no gap", async () => {
    fetchActivity.mockResolvedValue(activityRow("study", { blocks }));
    fetchProgress.mockResolvedValue(
      progressEntries({
        diagnostic: {
          status: "completed",
          result: quizResult("diagnostic", diagnosticQuestions, { q1: 1, q2: 2 }),
        },
      }),
    );
    renderPhase("study");
    expect(
      await screen.findByText("Geen hiaten gevonden — je beheerst dit onderdeel al."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Gletsjers smelten in de zomer")).not.toBeInTheDocument();
  });
});

describe("practice", () => {
  it("says Nog geen oefenkaarten. without cards", async () => {
    fetchActivity.mockResolvedValue(activityRow("practice", { cards: [] }));
    renderPhase("practice");
    expect(await screen.findByText("Nog geen oefenkaarten.")).toBeInTheDocument();
  });

  it("opens a card to its hint and answer, schedules it with FSRS and completes practice", async () => {
    fetchActivity.mockResolvedValue(
      activityRow("practice", { cards: [practiceCard("bronwater", "springs", "Denk aan de bodem")] }),
    );
    renderPhase("practice");
    const card = await screen.findByRole("button", { name: /Wat is bronwater\?/ });
    expect(card).toHaveAttribute("aria-expanded", "false");
    expect(within(card).getByText("Nu te herhalen")).toBeInTheDocument();
    expect(screen.queryByText("bronwater is water.")).not.toBeInTheDocument();

    // The hint comes on its own, before the answer.
    const hint = screen.getByRole("button", { name: "Toon hint" });
    expect(hint).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Denk aan de bodem")).not.toBeInTheDocument();
    await userEvent.click(hint);
    expect(hint).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Hint")).toBeInTheDocument();
    expect(screen.getByText("Denk aan de bodem")).toBeInTheDocument();
    expect(screen.queryByText("bronwater is water.")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Goed" })).not.toBeInTheDocument();

    // Flipping with the keyboard shows the answer and the grades.
    card.focus();
    await userEvent.keyboard("{Enter}");
    expect(card).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("bronwater is water.")).toBeInTheDocument();
    for (const label of ["Opnieuw", "Moeilijk", "Goed", "Makkelijk"]) {
      expect(screen.getByRole("button", { name: label })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole("button", { name: "Goed" }));

    await waitFor(() => expect(saveCardState).toHaveBeenCalledTimes(1));
    const [, saved] = saveCardState.mock.calls[0] ?? [];
    expect(saved).toMatchObject({
      userId: TEST_USER.id,
      activityId: activityId(CHAPTER_1, "practice"),
      cardId: "bronwater",
    });
    expect(saved?.card.reps).toBe(1);
    expect(new Date(saved?.card.due ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(await screen.findByText(/Volgende herhaling/)).toBeInTheDocument();
    await waitFor(() =>
      expect(saveProgress).toHaveBeenLastCalledWith({}, expect.objectContaining({ status: "completed" })),
    );
  });

  it("shows only the cards of the learner's gaps after the diagnostic", async () => {
    fetchActivity.mockResolvedValue(
      activityRow("practice", {
        cards: [practiceCard("bronwater", "springs"), practiceCard("smeltwater", "glaciers")],
      }),
    );
    fetchProgress.mockResolvedValue(
      progressEntries({
        diagnostic: {
          status: "completed",
          result: quizResult("diagnostic", diagnosticQuestions, { q1: 0, q2: 2 }),
        },
      }),
    );
    renderPhase("practice");
    expect(await screen.findByText("Oefenen: alleen voor jouw hiaten")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Wat is bronwater\?/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Wat is smeltwater\?/ })).not.toBeInTheDocument();
  });
});

describe("recap", () => {
  it("shows the transcript and bullets", async () => {
    fetchActivity.mockResolvedValue(
      activityRow("recap", { transcript: "Rivieren beginnen bij een bron.", bullets: ["Bron", "Monding"] }),
    );
    renderPhase("recap");
    // Once the player is there, the transcript is on the page once (issue 24: it was printed twice).
    await screen.findByRole("region", { name: /Recap/ });
    expect(screen.getAllByText("Rivieren beginnen bij een bron.")).toHaveLength(1);
    expect(screen.getByText("Bron")).toBeInTheDocument();
    expect(screen.getByText("Monding")).toBeInTheDocument();
  });

  it("says Geen transcript. without one", async () => {
    fetchActivity.mockResolvedValue(activityRow("recap", { transcript: "", bullets: [] }));
    renderPhase("recap");
    expect(await screen.findByText("Geen transcript.")).toBeInTheDocument();
  });
});

describe("Bronnen", () => {
  it("lists each snippet with its link, file name and page, or Onbekende bron", async () => {
    fetchActivity.mockResolvedValue(activityRow("recap", { transcript: "t", bullets: [] }));
    fetchCitations.mockResolvedValue([
      {
        id: 1,
        snippet: "Rivers start at a source.",
        source_url: "https://example.org/rivers",
        file_path: null,
        page_number: null,
      },
      {
        id: 2,
        snippet: "Deltas form at the mouth.",
        source_url: null,
        file_path: "e1/t1/rivers.pdf",
        page_number: 3,
      },
      { id: 3, snippet: null, source_url: null, file_path: null, page_number: null },
    ]);
    renderPhase("recap");
    expect(await screen.findByRole("heading", { name: "Bronnen" })).toBeInTheDocument();
    expect(screen.getByText("“Rivers start at a source.”")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "https://example.org/rivers" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(screen.getByText("rivers.pdf p.3")).toBeInTheDocument();
    expect(screen.queryByText(/e1\/t1/)).not.toBeInTheDocument();
    expect(screen.getByText("Onbekende bron")).toBeInTheDocument();
    expect(fetchCitations).toHaveBeenCalledWith({}, activityId(CHAPTER_1, "recap"));
  });
});

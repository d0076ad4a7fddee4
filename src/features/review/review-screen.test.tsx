import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seededCard } from "@/domain/diagnostic-seeding";
import { signIn, stubEmptyLists } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

const BIOLOGY = "55555555-5555-4555-8555-555555555555";
const HISTORY = "66666666-6666-4666-8666-666666666666";
let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

/** A row of `due_practice_cards`: a card the diagnostic found unknown, due since an hour. */
function dueRow(topicId: string, topicTitle: string, cardId: string, question: string) {
  return {
    topic_id: topicId,
    topic_title: topicTitle,
    chapter_id: `${topicId.slice(0, -1)}1`,
    chapter_title: "Chapter one",
    activity_id: `${topicId.slice(0, -1)}2`,
    card_id: cardId,
    content: {
      id: cardId,
      q: question,
      a: `Answer to ${question}`,
      hint: null,
      subtopic_id: "s1",
      citations: [],
    },
    card: seededCard("wrong", new Date(Date.now() - 60 * 60 * 1000)),
    due_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  };
}

async function openReview(rows: unknown[]) {
  await signIn(stub);
  stub.on("POST /rest/v1/rpc/due_practice_cards", { body: rows });
  stub.on("POST /rest/v1/practice_card_states", { status: 201, body: [] });
  renderApp(stub, "/review");
  return screen.findByRole("heading", { level: 1, name: "Herhalen" });
}

function topicSection(title: string) {
  return screen.getByRole("region", { name: title });
}

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => errors.mockRestore());

describe("the review queue", () => {
  it("lists the due cards per topic with their counts", async () => {
    await openReview([
      dueRow(BIOLOGY, "Biology", "b1", "What captures light?"),
      dueRow(BIOLOGY, "Biology", "b2", "Where does photosynthesis happen?"),
      dueRow(HISTORY, "History", "h1", "When did the war end?"),
    ]);
    expect(await screen.findByText("3 kaarten te herhalen uit 2 onderwerpen.")).toBeTruthy();
    expect(within(topicSection("Biology")).getByText("2 kaarten te herhalen")).toBeTruthy();
    expect(within(topicSection("Biology")).getAllByRole("listitem")).toHaveLength(2);
    expect(within(topicSection("History")).getByText("1 kaart te herhalen")).toBeTruthy();
    expect(within(topicSection("History")).getByRole("link", { name: "Naar het leerpad" })).toHaveProperty(
      "href",
      expect.stringContaining(`/studymap/topics/${HISTORY}/microlearning`),
    );
    // Both the desktop and the mobile navigation lead here.
    expect(screen.getAllByRole("link", { name: "Review" }).map((link) => link.getAttribute("href"))).toEqual([
      "/review",
      "/review",
    ]);
  });

  it("grades a card with the practice card, stores its schedule and lowers the topic's count", async () => {
    await openReview([
      dueRow(BIOLOGY, "Biology", "b1", "What captures light?"),
      dueRow(BIOLOGY, "Biology", "b2", "Where does photosynthesis happen?"),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /What captures light\?/ }));
    await user.click(screen.getByRole("button", { name: /Goed/ }));
    await waitFor(() =>
      expect(within(topicSection("Biology")).getByText("1 kaart te herhalen")).toBeTruthy(),
    );
    const [save] = stub.calls("POST /rest/v1/practice_card_states");
    const body = save?.body as { card_id: string; due_at: string; card: { reps: number } };
    expect(body.card_id).toBe("b1");
    expect(body.card.reps).toBe(1);
    expect(new Date(body.due_at).getTime()).toBeGreaterThan(Date.now());
    expect(screen.getByText(/Volgende herhaling/)).toBeTruthy();
  });

  it("says there is nothing to review when no card is due", async () => {
    await openReview([]);
    expect(await screen.findByText("Niets te herhalen")).toBeTruthy();
  });

  it("leaves out a row it cannot read instead of failing", async () => {
    await openReview([
      { ...dueRow(BIOLOGY, "Biology", "b1", "What captures light?"), content: { id: "b1" } },
      dueRow(HISTORY, "History", "h1", "When did the war end?"),
    ]);
    expect(await screen.findByText("1 kaart te herhalen uit 1 onderwerp.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Biology" })).toBeNull();
  });
});

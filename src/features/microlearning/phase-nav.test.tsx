import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PhaseKind } from "@/domain/phase.ts";
import * as outlineApi from "@/lib/outline";
import { renderWithRouter } from "@/testing/screen-support.tsx";
import { CHAPTER_1, CHAPTER_2, outlineRpc } from "./fixtures.ts";
import { PhaseNav } from "./phase-nav.tsx";

vi.mock("@/lib/outline", () => ({ fetchOutline: vi.fn() }));
const fetchOutline = vi.mocked(outlineApi.fetchOutline);

const phaseUrl = (kind: PhaseKind, chapterId: string) =>
  `/studymap/topics/topic-1/microlearning/${kind}/${chapterId}`;

beforeEach(() => {
  vi.resetAllMocks();
  fetchOutline.mockResolvedValue(outlineRpc());
});

function renderNav(chapterId: string, kind: PhaseKind) {
  renderWithRouter(<PhaseNav topicId="topic-1" chapterId={chapterId} kind={kind} />);
}

describe("PhaseNav", () => {
  it("links the previous and next phase of the chapter", async () => {
    renderNav(CHAPTER_1, "study");
    const next = await screen.findByRole("link", { name: /^Volgende/ });
    expect(next).toHaveAttribute("href", phaseUrl("practice", CHAPTER_1));
    expect(next).toHaveTextContent("VolgendeOefenen");
    expect(screen.getByRole("link", { name: /^Vorige/ })).toHaveAttribute(
      "href",
      phaseUrl("diagnostic", CHAPTER_1),
    );
  });

  it("goes on into the next chapter at a chapter's end, naming it", async () => {
    renderNav(CHAPTER_1, "recap");
    const next = await screen.findByRole("link", { name: /^Volgende/ });
    expect(next).toHaveAttribute("href", phaseUrl("overview", CHAPTER_2));
    expect(next).toHaveTextContent("Onderdeel 2 · Overzicht");
  });

  it("goes back into the previous chapter at a chapter's start", async () => {
    renderNav(CHAPTER_2, "overview");
    expect(await screen.findByRole("link", { name: /^Vorige/ })).toHaveAttribute(
      "href",
      phaseUrl("recap", CHAPTER_1),
    );
  });

  it("has no previous at the course's start and leads to the overview after its end", async () => {
    renderNav(CHAPTER_1, "overview");
    await screen.findByRole("link", { name: /^Volgende/ });
    expect(screen.queryByRole("link", { name: /^Vorige/ })).toBeNull();

    fetchOutline.mockResolvedValue(outlineRpc());
    renderNav(CHAPTER_2, "recap");
    expect(await screen.findByRole("link", { name: "Terug naar overzicht" })).toHaveAttribute(
      "href",
      "/studymap/topics/topic-1/microlearning",
    );
  });

  it("skips a phase the chapter has no activity for", async () => {
    const rpc = outlineRpc();
    const [first] = rpc.chapters;
    if (first) first.activities = first.activities.filter((activity) => activity.kind !== "practice");
    fetchOutline.mockResolvedValue(rpc);
    renderNav(CHAPTER_1, "study");
    expect(await screen.findByRole("link", { name: /^Volgende/ })).toHaveAttribute(
      "href",
      phaseUrl("mastery", CHAPTER_1),
    );
  });

  it("shows nothing without a course or for a chapter outside it", async () => {
    fetchOutline.mockResolvedValue({ course: null, chapters: [] });
    const { container } = renderWithRouter(<PhaseNav topicId="topic-1" chapterId={CHAPTER_1} kind="study" />);
    await vi.waitFor(() => expect(fetchOutline).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.querySelector("nav")).toBeNull();

    fetchOutline.mockResolvedValue(outlineRpc());
    renderNav("another-chapter", "study");
    await vi.waitFor(() => expect(fetchOutline).toHaveBeenCalledTimes(2));
    // The answer is rendered a tick after the call; give it time to (wrongly) show a nav.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("navigation", { name: "Leerpad" })).toBeNull();
  });
});

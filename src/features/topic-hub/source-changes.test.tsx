import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Topic } from "@/lib/topics/api";
import { TestProviders } from "@/testing/screen-support.tsx";
import { SourcesDialog, StaleItems } from "./source-changes";
import * as api from "./sources-api";

vi.mock("./sources-api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./sources-api")>()),
  fetchStaleChapters: vi.fn(),
  requestStaleFix: vi.fn(),
  fetchManagedSources: vi.fn(),
  replaceSourceFile: vi.fn(),
  removeSource: vi.fn(),
  rereadSources: vi.fn(),
}));
const fetchStaleChapters = vi.mocked(api.fetchStaleChapters);
const requestStaleFix = vi.mocked(api.requestStaleFix);

const question: api.StaleFix = {
  part: "item",
  key: "mastery/q1",
  chapterId: "ch",
  activityId: "mastery",
  questionId: "q1",
  label: "When was the press built?",
};
const chapter: api.StaleFix = { part: "chapter", key: "chapter/ch", chapterId: "ch", label: "Overzicht" };

function renderList() {
  render(
    <TestProviders>
      <StaleItems topicId="topic-1" />
    </TestProviders>,
  );
}

describe("StaleItems", () => {
  it("lists each stale question and the chapter, and queues the one asked for", async () => {
    fetchStaleChapters.mockResolvedValue([
      { id: "ch", title: "De drukpers", position: 1, fixes: [question, chapter] },
    ]);
    requestStaleFix.mockResolvedValue();
    renderList();
    expect(await screen.findByText("Onderdeel 1: When was the press built?")).toBeInTheDocument();
    expect(screen.getByText("Onderdeel 1: De drukpers (Overzicht)")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Regenerate question" }));
    expect(requestStaleFix).toHaveBeenCalledWith(expect.anything(), question);
    expect(await screen.findByRole("button", { name: "Queued" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Regenerate chapter" })).toBeEnabled();
  });

  it("shows nothing when no item is stale", async () => {
    fetchStaleChapters.mockResolvedValue([]);
    renderList();
    await vi.waitFor(() => expect(fetchStaleChapters).toHaveBeenCalled());
    expect(screen.queryByRole("region", { name: "Changed in the sources" })).not.toBeInTheDocument();
  });

  it("says why a regeneration was refused", async () => {
    fetchStaleChapters.mockResolvedValue([
      { id: "ch", title: "De drukpers", position: 1, fixes: [question] },
    ]);
    requestStaleFix.mockRejectedValue(
      new Error("Only the published learning path's items can be regenerated."),
    );
    renderList();
    await userEvent.click(await screen.findByRole("button", { name: "Regenerate question" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only the published learning path's items");
  });
});

const fetchManagedSources = vi.mocked(api.fetchManagedSources);
const replaceSourceFile = vi.mocked(api.replaceSourceFile);
const removeSource = vi.mocked(api.removeSource);
const rereadSources = vi.mocked(api.rereadSources);

const notes: api.ManagedSource = {
  id: "source-1",
  kind: "text",
  file_name: "notes.txt",
  file_path: "entity/topic-1/notes.txt",
  source_url: null,
  status: "ingested",
  error: null,
};
const topic = { id: "topic-1", entity_id: "entity" } as Topic;

describe("SourcesDialog", () => {
  it("replaces a file in its source's place, removes one, and reads the sources again", async () => {
    fetchManagedSources.mockResolvedValue([notes]);
    replaceSourceFile.mockResolvedValue();
    removeSource.mockResolvedValue();
    rereadSources.mockResolvedValue();
    const onClose = vi.fn();
    render(
      <TestProviders>
        <SourcesDialog topic={topic} onClose={onClose} />
      </TestProviders>,
    );
    const file = new File(["New text"], "notes-2.txt", { type: "text/plain" });
    await userEvent.upload(await screen.findByLabelText("Replace notes.txt"), file);
    await vi.waitFor(() =>
      expect(replaceSourceFile).toHaveBeenCalledWith(
        expect.anything(),
        topic,
        expect.any(String),
        notes,
        file,
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Remove notes.txt" }));
    await vi.waitFor(() => expect(removeSource).toHaveBeenCalledWith(expect.anything(), "source-1"));
    await userEvent.click(await screen.findByRole("button", { name: "Read the sources again" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(rereadSources).toHaveBeenCalledWith(expect.anything(), "topic-1");
  });

  it("refuses a file it cannot read before uploading it", async () => {
    fetchManagedSources.mockResolvedValue([notes]);
    replaceSourceFile.mockClear();
    render(
      <TestProviders>
        <SourcesDialog topic={topic} onClose={() => {}} />
      </TestProviders>,
    );
    const file = new File(["x"], "program.exe", { type: "application/octet-stream" });
    await userEvent.upload(await screen.findByLabelText("Replace notes.txt"), file, { applyAccept: false });
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(replaceSourceFile).not.toHaveBeenCalled();
  });
});

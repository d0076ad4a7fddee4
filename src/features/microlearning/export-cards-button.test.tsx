import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parse } from "csv-parse/sync";
import JSZip from "jszip";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { outlineFromCourse } from "@/domain/outline.ts";
import { pdfCitation } from "@/lib/card-export.fixtures.ts";
import type { ExportFile } from "@/lib/card-export-file.ts";
import { TestProviders } from "@/testing/screen-support.tsx";
import * as api from "./api.ts";
import { ExportCardsButton } from "./export-cards-button.tsx";
import { activityId, CHAPTER_1, CHAPTER_2, outlineRpc, practiceCard, structure } from "./fixtures.ts";

vi.mock("./api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api.ts")>()),
  fetchPracticeActivities: vi.fn(),
}));
const fetchPractice = vi.mocked(api.fetchPracticeActivities);

const outline = outlineFromCourse(outlineRpc(), structure);

/** What the browser was asked to download (saveFile itself is tested in card-export-file.test.ts). */
const downloads = vi.hoisted((): ExportFile[] => []);
vi.mock("@/lib/card-export-file.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/card-export-file.ts")>()),
  saveFile: (file: ExportFile) => downloads.push(file),
}));

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
function blobBytes(blob: Blob | undefined): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob as Blob);
  });
}

function renderButton(chapters = outline.chapters) {
  render(
    <TestProviders>
      <ExportCardsButton topicTitle="Rivieren van Europa" chapters={chapters} />
    </TestProviders>,
  );
}

beforeEach(() => {
  downloads.length = 0;
  fetchPractice.mockResolvedValue([
    {
      activityId: activityId(CHAPTER_2, "practice"),
      chapterId: CHAPTER_2,
      cards: [practiceCard("delta", "deltas")],
    },
    {
      activityId: activityId(CHAPTER_1, "practice"),
      chapterId: CHAPTER_1,
      cards: [{ ...practiceCard("bron", "springs", "Denk aan de bodem"), citations: [pdfCitation(2, 0, 1)] }],
    },
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("ExportCardsButton", () => {
  it("downloads the topic's cards as CSV, chapters in order, with their citations", async () => {
    renderButton();
    await userEvent.click(screen.getByRole("button", { name: "Exporteer kaarten" }));
    await userEvent.click(await screen.findByRole("button", { name: "CSV-bestand (Excel)" }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(fetchPractice).toHaveBeenCalledWith(expect.anything(), [
      activityId(CHAPTER_1, "practice"),
      activityId(CHAPTER_2, "practice"),
    ]);
    expect(downloads[0]?.name).toBe("rivieren-van-europa-kaarten.csv");
    const records = parse(new TextDecoder().decode(await blobBytes(downloads[0]?.blob)), {
      bom: true,
    }) as string[][];
    expect(records).toEqual([
      ["front", "back", "hint", "citation", "chapter"],
      ["Wat is bron?", "bron is water.", "Denk aan de bodem", "rivieren.pdf p.2 (Lines: 1-2)", "Sources"],
      ["Wat is delta?", "delta is water.", "", "", "Deltas"],
    ]);
    expect(await screen.findByText("2 kaarten geëxporteerd")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("downloads an Anki package holding a collection", async () => {
    renderButton();
    await userEvent.click(screen.getByRole("button", { name: "Exporteer kaarten" }));
    await userEvent.click(await screen.findByRole("button", { name: "Anki-pakket (.apkg)" }));

    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    expect(downloads[0]?.name).toBe("rivieren-van-europa-kaarten.apkg");
    const zip = await JSZip.loadAsync(await blobBytes(downloads[0]?.blob));
    expect(Object.keys(zip.files).sort()).toEqual(["collection.anki2", "media"]);
  });

  it("says so and keeps the dialog open when the export fails", async () => {
    fetchPractice.mockRejectedValue(new Error("offline"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderButton();
    await userEvent.click(screen.getByRole("button", { name: "Exporteer kaarten" }));
    await userEvent.click(await screen.findByRole("button", { name: "CSV-bestand (Excel)" }));

    expect(await screen.findByText("Exporteren is mislukt. Probeer het opnieuw.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "CSV-bestand (Excel)" })).toBeEnabled();
  });

  it("is absent while the topic has no practice activities", () => {
    const withoutPractice = outline.chapters.map((chapter) => ({
      ...chapter,
      phases: chapter.phases.filter((phase) => phase.kind !== "practice"),
    }));
    renderButton(withoutPractice);
    expect(screen.queryByRole("button", { name: "Exporteer kaarten" })).not.toBeInTheDocument();
  });
});

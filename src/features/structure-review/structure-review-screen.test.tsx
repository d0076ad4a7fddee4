import { act, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import useSWR from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Citation } from "@/domain/citation.ts";
import type { Structure } from "@/domain/structure.ts";
import { citationLabel } from "@/lib/citation-display.ts";
import { topicKey } from "@/lib/topics/hooks.ts";
import { TestProviders } from "@/testing/screen-support.tsx";
import { createSupabaseStub } from "@/testing/supabase-stub.ts";
import * as api from "./api.ts";
import type { ReviewSource } from "./source-recognition.ts";
import { StructureReviewScreen } from "./structure-review-screen.tsx";
import { useStructureReview } from "./use-structure-review.ts";

vi.mock("./api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api.ts")>()),
  fetchReviewTopic: vi.fn(),
  fetchCanManageTopic: vi.fn(),
  startStructureGeneration: vi.fn(),
  acceptStructure: vi.fn(),
  regenerateStructure: vi.fn(),
  signSourceFile: vi.fn(),
  fetchTopicSources: vi.fn(),
}));

const fetchTopic = vi.mocked(api.fetchReviewTopic);
const canManage = vi.mocked(api.fetchCanManageTopic);
const start = vi.mocked(api.startStructureGeneration);
const accept = vi.mocked(api.acceptStructure);
const regenerate = vi.mocked(api.regenerateStructure);
const sign = vi.mocked(api.signSourceFile);
const fetchSources = vi.mocked(api.fetchTopicSources);

const citation: Citation = {
  chunk_id: "chunk-1",
  file_path: "entity/topic/rivers.pdf",
  page_number: 2,
  line_start: 9,
  line_end: 10,
  exactLines: ["Rivers start at a source.", "They end in a mouth."],
  snippet: "Rivers start at a source.",
  source_url: null,
};

function structureCiting(cited: Citation): Structure {
  return {
    title: "Rivers of Europe",
    description: "From source to sea",
    sections: [
      {
        section_id: "s1",
        title: "The course of a river",
        description: "Upper, middle and lower course",
        subtopics: [
          {
            subtopic_id: "s1-1",
            title: "Sources",
            description: "Where rivers begin",
            key_points: ["springs"],
            citations: [cited],
          },
        ],
      },
    ],
  };
}

const structure = structureCiting(citation);

function topic(overrides: Partial<api.ReviewTopic> = {}): api.ReviewTopic {
  return {
    id: "t1",
    title: "Rivers",
    processingStatus: "awaiting_structure_review",
    processingProgress: 100,
    processingError: null,
    structure,
    structureVariant: null,
    structureGenerator: null,
    entityId: "e1",
    ...overrides,
  };
}

const wrapper = TestProviders;

function renderScreen(onAccepted = vi.fn()) {
  render(<StructureReviewScreen topicId="t1" onAccepted={onAccepted} />, { wrapper });
  return onAccepted;
}

beforeEach(() => {
  vi.resetAllMocks();
  start.mockResolvedValue({ started: false });
  canManage.mockResolvedValue(true);
  fetchSources.mockResolvedValue([]);
});

afterEach(() => {
  vi.useRealTimers();
  toast.dismiss();
});

describe("loading", () => {
  it("shows a spinner with the text Loading", () => {
    fetchTopic.mockReturnValue(new Promise(() => {}));
    renderScreen();
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
  });

  it("toasts the load error's own message, else Failed to load topic", async () => {
    fetchTopic.mockRejectedValue(new Error("JWT expired"));
    renderScreen();
    expect(await screen.findAllByText("JWT expired")).not.toHaveLength(0);

    fetchTopic.mockRejectedValue(new Error(""));
    renderScreen();
    expect(await screen.findAllByText("Failed to load topic")).not.toHaveLength(0);
  });
});

describe("ready", () => {
  it("shows the structure with sections, subtopics and citation chips", async () => {
    fetchTopic.mockResolvedValue(topic());
    renderScreen();
    expect(await screen.findByRole("heading", { name: "Learning Structure", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Rivers of Europe" })).toBeInTheDocument();
    expect(screen.getByText("From source to sea")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "The course of a river" })).toBeInTheDocument();
    expect(screen.getByText("Upper, middle and lower course")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Sources" })).toBeInTheDocument();
    expect(screen.getByText("Where rivers begin")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "rivers.pdf p.2" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept Structure" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Regenerate" })).toBeEnabled();
    expect(start).not.toHaveBeenCalled();
  });

  it("falls back to Learning Structure, Generated learning path and No sections.", async () => {
    fetchTopic.mockResolvedValue(topic({ structure: { title: "", description: "", sections: [] } }));
    renderScreen();
    expect(await screen.findByRole("heading", { name: "Learning Structure", level: 2 })).toBeInTheDocument();
    expect(screen.getByText("Generated learning path")).toBeInTheDocument();
    expect(screen.getByText("No sections.")).toBeInTheDocument();
  });

  it("disables Accept Structure until a structure exists", async () => {
    fetchTopic.mockResolvedValue(topic({ processingStatus: "completed", structure: null }));
    renderScreen();
    expect(await screen.findByRole("button", { name: "Accept Structure" })).toBeDisabled();
    expect(screen.getByText("No sections.")).toBeInTheDocument();
  });
});

describe("a learner who may not manage the topic", () => {
  it("sees the structure without Regenerate or Accept Structure", async () => {
    canManage.mockResolvedValue(false);
    fetchTopic.mockResolvedValue(topic());
    renderScreen();
    expect(await screen.findByRole("heading", { name: "Rivers of Europe" })).toBeInTheDocument();
    await waitFor(() => expect(canManage).toHaveBeenCalledWith(expect.anything(), "t1"));
    expect(screen.queryByRole("button", { name: "Regenerate" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept Structure" })).not.toBeInTheDocument();
  });

  it("is asked to turn to a content manager when generation failed", async () => {
    canManage.mockResolvedValue(false);
    fetchTopic.mockResolvedValue(topic({ processingStatus: "failed", structure: null }));
    renderScreen();
    expect(
      await screen.findByText("Ask a content manager of your organisation to regenerate it."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Regenerate" })).not.toBeInTheDocument();
  });

  it("sees no actions while the check is unanswered or when it fails", async () => {
    canManage.mockRejectedValue(new Error("network down"));
    fetchTopic.mockResolvedValue(topic());
    renderScreen();
    expect(await screen.findByRole("heading", { name: "Rivers of Europe" })).toBeInTheDocument();
    await waitFor(() => expect(canManage).toHaveBeenCalled());
    expect(screen.queryByRole("button", { name: "Accept Structure" })).not.toBeInTheDocument();
  });
});

describe("generating", () => {
  it("shows the card with the progress bar, percentage and Refresh, and polls every 4 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchTopic.mockResolvedValue(
      topic({ processingStatus: "generating_structure", processingProgress: 40, structure: null }),
    );
    renderScreen();
    expect(await screen.findByRole("heading", { name: "Generating structure…" })).toBeInTheDocument();
    expect(screen.getByText("You can leave this page; it continues in the background.")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByText("40%")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept Structure" })).toBeDisabled();
    await waitFor(() => expect(start).toHaveBeenCalledWith({}, "t1"));

    const callsBefore = fetchTopic.mock.calls.length;
    fetchTopic.mockResolvedValue(topic());
    await act(() => vi.advanceTimersByTimeAsync(4000));
    await waitFor(() => expect(fetchTopic.mock.calls.length).toBeGreaterThan(callsBefore));
    expect(await screen.findByRole("heading", { name: "Rivers of Europe" })).toBeInTheDocument();

    const callsWhenReady = fetchTopic.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(fetchTopic.mock.calls.length).toBe(callsWhenReady);
  });

  it("treats generating_structue the same", async () => {
    fetchTopic.mockResolvedValue(
      topic({ processingStatus: "generating_structue", processingProgress: 5, structure: null }),
    );
    renderScreen();
    expect(await screen.findByText("Generating structure…", { selector: "h2" })).toBeInTheDocument();
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  });

  it("re-reads the topic on Refresh", async () => {
    fetchTopic.mockResolvedValue(
      topic({ processingStatus: "generating_structure", processingProgress: 10, structure: null }),
    );
    renderScreen();
    await userEvent.click(await screen.findByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(fetchTopic.mock.calls.length).toBeGreaterThanOrEqual(2));
  });
});

describe("opening a topic with nothing generated", () => {
  it("starts generation once and shows its progress, without the info toast for a run it follows", async () => {
    fetchTopic.mockResolvedValue(
      topic({ processingStatus: "pending", processingProgress: 0, structure: null }),
    );
    start.mockResolvedValue({ started: true, runId: "run_1" });
    renderScreen();
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(await screen.findByText("Generating structure…", { selector: "h2" })).toBeInTheDocument();
    await waitFor(() => expect(fetchTopic.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText("Generation signal sent")).not.toBeInTheDocument();
  });

  it("says the signal was sent when the start gives no run to follow", async () => {
    fetchTopic.mockResolvedValue(
      topic({ processingStatus: "pending", processingProgress: 0, structure: null }),
    );
    start.mockResolvedValue({ started: true });
    renderScreen();
    expect(await screen.findByText("Generation signal sent")).toBeInTheDocument();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts from an empty status too, without the info when nothing was started", async () => {
    fetchTopic.mockResolvedValue(
      topic({ processingStatus: null, processingProgress: null, structure: null }),
    );
    renderScreen();
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fetchTopic.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText("Generation signal sent")).not.toBeInTheDocument();
  });
});

describe("accept", () => {
  it("accepts through the edge function, toasts and navigates", async () => {
    fetchTopic.mockResolvedValue(topic());
    accept.mockResolvedValue(undefined);
    const onAccepted = renderScreen();
    await userEvent.click(await screen.findByRole("button", { name: "Accept Structure" }));
    expect(accept).toHaveBeenCalledWith({}, "t1", structure);
    expect(await screen.findByText("Structure accepted")).toBeInTheDocument();
    expect(onAccepted).toHaveBeenCalledTimes(1);
  });

  it("toasts the error's own message, else Failed to accept", async () => {
    fetchTopic.mockResolvedValue(topic());
    accept.mockRejectedValueOnce(new Error("Only content managers may accept a structure"));
    accept.mockRejectedValueOnce(new Error(""));
    const onAccepted = renderScreen();
    const button = await screen.findByRole("button", { name: "Accept Structure" });
    await userEvent.click(button);
    expect(await screen.findByText("Only content managers may accept a structure")).toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByText("Failed to accept")).toBeInTheDocument();
    expect(onAccepted).not.toHaveBeenCalled();
  });
});

/** Stands for the overview: it reads the topic's status from the shared SWR cache. */
function OverviewStatus({ readStatus }: { readStatus: () => Promise<string> }) {
  const { data } = useSWR(topicKey("t1"), readStatus);
  return <p>Overview status: {data ?? "loading"}</p>;
}

describe("the topic overview after Accept", () => {
  it("reads the topic's status again, so the overview stops saying waiting for review", async () => {
    fetchTopic.mockResolvedValue(topic());
    accept.mockResolvedValue(undefined);
    const readStatus = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce("awaiting_structure_review")
      .mockResolvedValue("generating_course");
    render(
      <>
        <OverviewStatus readStatus={readStatus} />
        <StructureReviewScreen topicId="t1" onAccepted={vi.fn()} />
      </>,
      { wrapper },
    );
    expect(await screen.findByText("Overview status: awaiting_structure_review")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Accept Structure" }));
    expect(await screen.findByText("Overview status: generating_course")).toBeInTheDocument();
  });
});

describe("accepting without a structure", () => {
  it("toasts No structure to accept and calls nothing", async () => {
    fetchTopic.mockResolvedValue(topic({ processingStatus: "completed", structure: null }));
    const onAccepted = vi.fn();
    const { result } = renderHook(() => useStructureReview("t1", onAccepted), { wrapper });
    await waitFor(() => expect(result.current.topic).toBeDefined());
    await act(() => result.current.accept());
    expect(await screen.findByText("No structure to accept")).toBeInTheDocument();
    expect(accept).not.toHaveBeenCalled();
    expect(onAccepted).not.toHaveBeenCalled();
  });
});

describe("regenerate", () => {
  it("clears the structure, regenerates and polls again", async () => {
    fetchTopic.mockResolvedValue(topic());
    let finish: () => void = () => {};
    regenerate.mockReturnValue(new Promise((resolve) => (finish = () => resolve())));
    renderScreen();
    await userEvent.click(await screen.findByRole("button", { name: "Regenerate" }));
    expect(await screen.findByText("Generating structure…", { selector: "h2" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    expect(screen.queryByRole("heading", { name: "Rivers of Europe" })).not.toBeInTheDocument();
    expect(regenerate).toHaveBeenCalledWith({}, "t1");

    const callsBefore = fetchTopic.mock.calls.length;
    fetchTopic.mockResolvedValue(
      topic({ processingStatus: "generating_structure", processingProgress: 1, structure: null }),
    );
    finish();
    await waitFor(() => expect(fetchTopic.mock.calls.length).toBeGreaterThan(callsBefore));
  });

  it("toasts the error's own message, else Failed to regenerate", async () => {
    fetchTopic.mockResolvedValue(topic());
    regenerate.mockRejectedValueOnce(new Error("Not allowed"));
    regenerate.mockRejectedValueOnce(new Error(""));
    renderScreen();
    await userEvent.click(await screen.findByRole("button", { name: "Regenerate" }));
    expect(await screen.findByText("Not allowed")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Regenerate" }));
    expect(await screen.findByText("Failed to regenerate")).toBeInTheDocument();
  });
});

describe("a new version", () => {
  it("names the structure's version, and nothing without a variant", async () => {
    fetchTopic.mockResolvedValue(topic({ structureVariant: 2 }));
    renderScreen();
    expect(await screen.findByText("Version 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Learning Structure" })).toBeInTheDocument();
    expect(screen.queryByText("New version")).not.toBeInTheDocument();
  });

  it("says a new version was generated when the regenerated structure appears", async () => {
    fetchTopic.mockResolvedValue(topic({ structureVariant: 0 }));
    regenerate.mockResolvedValue(undefined);
    renderScreen();
    expect(await screen.findByText("Version 1")).toBeInTheDocument();
    expect(screen.queryByText("New version generated")).not.toBeInTheDocument();

    fetchTopic.mockResolvedValue(
      topic({ processingStatus: "generating_structure", processingProgress: 1, structure: null }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    expect(await screen.findByText("Generating structure…", { selector: "h2" })).toBeInTheDocument();
    expect(screen.queryByText("New version generated")).not.toBeInTheDocument();

    fetchTopic.mockResolvedValue(
      topic({ structure: { ...structure, title: "Rivers, again" }, structureVariant: 1 }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("New version generated")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Rivers, again" })).toBeInTheDocument();
    expect(screen.getByText("Version 2")).toBeInTheDocument();
    expect(screen.getByText("New version")).toBeInTheDocument();
  });

  it("says nothing new when regenerating fails and the old structure stays", async () => {
    fetchTopic.mockResolvedValue(topic({ structureVariant: 0 }));
    regenerate.mockRejectedValue(new Error("Not allowed"));
    renderScreen();
    await userEvent.click(await screen.findByRole("button", { name: "Regenerate" }));
    expect(await screen.findByText("Not allowed")).toBeInTheDocument();
    expect(await screen.findByText("Version 1")).toBeInTheDocument();
    expect(screen.queryByText("New version generated")).not.toBeInTheDocument();
  });

  it("reads structure_variant from the topic row", async () => {
    const { fetchReviewTopic } = await vi.importActual<typeof import("./api.ts")>("./api.ts");
    const row = {
      id: "t1",
      title: "Rivers",
      processing_status: "completed",
      processing_progress: 100,
      structure: null,
    };
    const clientAnswering = (data: unknown) =>
      ({
        from: () => ({ select: () => ({ eq: () => ({ single: async () => ({ data, error: null }) }) }) }),
      }) as unknown as Parameters<typeof fetchReviewTopic>[0];
    expect(
      (await fetchReviewTopic(clientAnswering({ ...row, structure_variant: 4 }), "t1")).structureVariant,
    ).toBe(4);
  });
});

describe("failed generation", () => {
  it("shows the processing error with Regenerate and does not poll", async () => {
    fetchTopic.mockResolvedValue(
      topic({ processingStatus: "failed", processingError: "rivers.pdf could not be read", structure: null }),
    );
    renderScreen();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("rivers.pdf could not be read")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Regenerate" })).toBeEnabled();
    expect(start).not.toHaveBeenCalled();
  });
});

describe("Source Citation dialog", () => {
  async function openDialog(overrides: Partial<Citation>) {
    const cited = { ...citation, ...overrides };
    fetchTopic.mockResolvedValue(topic({ structure: structureCiting(cited) }));
    renderScreen();
    await screen.findByRole("heading", { name: "Sources" });
    await userEvent.click(screen.getByRole("button", { name: citationLabel(cited) }));
    return screen.findByRole("dialog", { name: "Source Citation" });
  }

  it("shows the file name, page, numbered exact lines and the line range; Open file opens the cited page", async () => {
    sign.mockResolvedValue("http://storage.test/signed/rivers.pdf?token=t");
    const dialog = await openDialog({});
    expect(within(dialog).getByText("rivers.pdf")).toBeInTheDocument();
    expect(within(dialog).getByText("Page 2")).toBeInTheDocument();
    const lines = within(dialog).getAllByRole("listitem");
    expect(lines.map((line) => line.textContent)).toEqual([
      "10Rivers start at a source.",
      "11They end in a mouth.",
    ]);
    expect(within(dialog).getByText("Lines: 10-11")).toBeInTheDocument();
    const openFile = await within(dialog).findByRole("link", { name: "Open file" });
    expect(openFile).toHaveAttribute("href", "http://storage.test/signed/rivers.pdf?token=t#page=2");
    expect(openFile).toHaveAttribute("target", "_blank");
    // docs/product.md §2: "View Source" is the link of a web source (source_url) only.
    expect(within(dialog).queryByRole("link", { name: "View Source" })).not.toBeInTheDocument();
    expect(sign).toHaveBeenCalledWith({}, "entity/topic/rivers.pdf");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("links View Source to the source_url in a new tab", async () => {
    const dialog = await openDialog({ file_path: null, source_url: "https://www.example.org/rivers" });
    const link = within(dialog).getByRole("link", { name: "View Source" });
    expect(link).toHaveAttribute("href", "https://www.example.org/rivers");
    expect(link).toHaveAttribute("target", "_blank");
    expect(within(dialog).getByText("example.org")).toBeInTheDocument();
    expect(sign).not.toHaveBeenCalled();
  });

  it("shows the snippet when there are no exact lines, and no View Source without a source", async () => {
    const dialog = await openDialog({ file_path: null, exactLines: [], snippet: "A quoted snippet" });
    expect(within(dialog).getByText("A quoted snippet")).toBeInTheDocument();
    expect(within(dialog).getByText("Web")).toBeInTheDocument();
    expect(within(dialog).queryByRole("link", { name: "View Source" })).not.toBeInTheDocument();
  });

  it("says No excerpt available without lines or snippet", async () => {
    const dialog = await openDialog({ exactLines: [], snippet: null, page_number: null });
    expect(within(dialog).getByText("No excerpt available")).toBeInTheDocument();
    expect(within(dialog).queryByText(/^Page/)).not.toBeInTheDocument();
  });
});

describe("text recognised from images (OCR)", () => {
  const HARD_TO_READ = "Some pages were hard to read: p. 2, 5. Check the cited lines against the original.";
  const scan: ReviewSource = {
    id: "src-1",
    kind: "pdf",
    name: "rivers.pdf",
    filePath: "entity/topic/rivers.pdf",
    sourceUrl: null,
    status: "ingested",
    error: null,
    ocrPages: [2, 3, 5],
    ocrLowConfidencePages: [2, 5],
  };
  const notes: ReviewSource = {
    id: "src-2",
    kind: "markdown",
    name: "notes.md",
    filePath: "entity/topic/notes.md",
    sourceUrl: null,
    status: "ingested",
    error: null,
    ocrPages: [],
    ocrLowConfidencePages: [],
  };

  async function openCitation(cited: Citation) {
    await userEvent.click(await screen.findByRole("button", { name: citationLabel(cited) }));
    return screen.findByRole("dialog", { name: "Source Citation" });
  }

  it("lists the sources, saying which text was recognised from images and which pages were hard to read", async () => {
    fetchTopic.mockResolvedValue(topic());
    fetchSources.mockResolvedValue([scan, notes]);
    renderScreen();
    const list = await screen.findByRole("list", { name: "Sources" });
    await within(list).findByText("Text recognised from images (OCR): p. 2, 3, 5");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      `rivers.pdfText recognised from images (OCR): p. 2, 3, 5${HARD_TO_READ}`,
      "notes.md",
    ]);
    expect(fetchSources).toHaveBeenCalledWith({}, "t1");
  });

  it("says in the Source Citation dialog when the cited page was recognised, and when it was hard to read", async () => {
    fetchTopic.mockResolvedValue(topic());
    fetchSources.mockResolvedValue([scan]);
    renderScreen();
    await screen.findByText(HARD_TO_READ);
    const dialog = await openCitation(citation);
    expect(within(dialog).getByText("Text recognised from images (OCR)")).toBeInTheDocument();
    expect(
      within(dialog).getByText("Page 2 was hard to read. Check the cited lines against the original."),
    ).toBeInTheDocument();
  });

  it("says nothing of recognition for a page read as text", async () => {
    const typeset = { ...citation, page_number: 1 };
    fetchTopic.mockResolvedValue(topic({ structure: structureCiting(typeset) }));
    fetchSources.mockResolvedValue([scan]);
    renderScreen();
    await screen.findByText(HARD_TO_READ);
    const dialog = await openCitation(typeset);
    expect(within(dialog).getByText("Page 1")).toBeInTheDocument();
    expect(within(dialog).queryByText(/recognised from images/)).not.toBeInTheDocument();
  });

  it("names a source that could not be read, with its reason", async () => {
    fetchTopic.mockResolvedValue(topic());
    fetchSources.mockResolvedValue([
      {
        ...notes,
        kind: "url",
        name: "https://example.org/gone",
        filePath: null,
        sourceUrl: "https://example.org/gone",
        status: "failed",
        error: "the site answered 404",
      },
    ]);
    renderScreen();
    expect(await screen.findByText("Could not be read: the site answered 404")).toBeInTheDocument();
    const address = screen.getByRole("link", { name: "https://example.org/gone" });
    expect(address).toHaveAttribute("href", "https://example.org/gone");
    expect(address).toHaveAttribute("target", "_blank");
  });

  it("shows the structure without notes while the sources cannot be read", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    fetchTopic.mockResolvedValue(topic());
    fetchSources.mockRejectedValue(new Error("permission denied"));
    renderScreen();
    expect(await screen.findByRole("heading", { name: "Rivers of Europe" })).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole("list", { name: "Sources" })).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it("reads the topic's sources with supabase-js, recognised pages included", async () => {
    const { fetchTopicSources } = await vi.importActual<typeof import("./api.ts")>("./api.ts");
    const stub = createSupabaseStub();
    stub.on("GET /rest/v1/topic_sources", {
      body: [
        {
          id: "src-1",
          kind: "pdf",
          file_name: "rivers.pdf",
          file_path: "entity/topic/rivers.pdf",
          source_url: null,
          status: "ingested",
          error: null,
          ocr_pages: [2, 3, 5],
          ocr_low_confidence_pages: [2, 5],
        },
      ],
    });
    expect(await fetchTopicSources(stub.client, "t1")).toEqual([scan]);
    const [request] = stub.calls("GET /rest/v1/topic_sources");
    expect(request?.query.get("topic_id")).toBe("eq.t1");
    expect(request?.query.get("select")).toContain("ocr_low_confidence_pages");
    expect(request?.query.get("order")).toBe("created_at.asc,id.asc");
  });
});

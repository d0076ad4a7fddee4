import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { membershipRow, signIn, stubEmptyLists, topicRow } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

const TOPIC_ID = "55555555-5555-4555-8555-555555555555";
const CHAPTER_ID = "77777777-7777-4777-8777-777777777777";
const PDF_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const PASTED_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const REQUEST_ID = "66666666-6666-4666-8666-666666666666";
let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

/** One untested run of notes.pdf; its columns as class_source_coverage returns them. */
const pdfRun = (fields: Record<string, unknown> = {}) => ({
  source_id: PDF_ID,
  file_name: "notes.pdf",
  file_path: "org/topic/notes.pdf",
  source_url: null,
  body_lines: 40,
  tested_lines: 30,
  chunk_id: "c1",
  page_number: 3,
  line_start: 3,
  line_end: 5,
  excerpt: "Chlorophyll absorbs red and blue light…",
  chapter_id: CHAPTER_ID,
  chapter_title: "Light reactions",
  ...fields,
});

/** Pasted text whose body lines are all tested: one row, the run columns null. */
const pastedTested = {
  source_id: PASTED_ID,
  file_name: null,
  file_path: null,
  source_url: null,
  body_lines: 12,
  tested_lines: 12,
  chunk_id: null,
  page_number: null,
  line_start: null,
  line_end: null,
  excerpt: null,
  chapter_id: null,
  chapter_title: null,
};

async function openClass(coverage: unknown[]) {
  await signIn(stub, { memberships: [membershipRow({ member_role: "creator" })] });
  stub.on("POST /rest/v1/rpc/class_topic_progress", { body: [] });
  stub.on("POST /rest/v1/rpc/class_item_analysis", { body: [] });
  stub.on("POST /rest/v1/rpc/item_flag_thresholds", { body: [] });
  stub.on("POST /rest/v1/rpc/class_source_coverage", { body: coverage });
  renderApp(stub, `/studymap/topics/${TOPIC_ID}/class`);
  return screen.findByRole("heading", { name: "Coverage" });
}

/** The card of one source, found by its name. */
async function sourceCard(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole("heading", { name });
  return heading.closest("[data-testid='coverage-source']") as HTMLElement;
}

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  stub.on("GET /rest/v1/topics", {
    body: [
      { ...topicRow(), created_by: null, structure: null, processing_error: null, suggested_metadata: null },
    ],
  });
  stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: { course: null, chapters: [] } });
  stub.on("GET /rest/v1/course_part_regenerations", { body: [] });
});

afterEach(() => errors.mockRestore());

describe("the coverage map", () => {
  it("shows each source's totals and its untested runs, asked for the topic", async () => {
    await openClass([
      pdfRun(),
      pdfRun({
        chunk_id: "c2",
        page_number: 4,
        line_start: 0,
        line_end: 1,
        excerpt: "Water is split.",
        chapter_id: null,
        chapter_title: null,
      }),
      pastedTested,
    ]);
    expect(screen.getByText("Lines of each source that no question or card tests yet.")).toBeInTheDocument();
    const pdf = await sourceCard("notes.pdf");
    expect(within(pdf).getByText("30 of 40 lines tested (75 %)")).toBeInTheDocument();
    const runs = within(pdf).getAllByTestId("untested-run");
    expect(runs.map((run) => run.querySelector("p")?.textContent)).toEqual([
      "p.3 · Lines: 4-6",
      "p.4 · Lines: 1-2",
    ]);
    const [first, second] = runs as [HTMLElement, HTMLElement];
    expect(within(first).getByText("Chlorophyll absorbs red and blue light…").tagName).toBe("BLOCKQUOTE");
    expect(within(first).getByText("→ Light reactions")).toBeInTheDocument();
    expect(
      within(first).getByRole("button", { name: "Add items for notes.pdf p.3 · Lines: 4-6" }),
    ).toHaveTextContent("Add items");
    // Without a chapter to take them, the lines get no button.
    expect(within(second).queryByRole("button")).not.toBeInTheDocument();

    const pasted = await sourceCard("Pasted text");
    expect(within(pasted).getByText("12 of 12 lines tested (100 %)")).toBeInTheDocument();
    expect(within(pasted).getByText("Every line is tested.")).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/class_source_coverage").map((call) => call.body)).toContainEqual({
      p_topic_id: TOPIC_ID,
    });
  });

  it("shows a source's first 10 runs until the teacher asks for all", async () => {
    await openClass(
      Array.from({ length: 12 }, (_, index) =>
        pdfRun({ line_start: index * 10, line_end: index * 10 + 2, excerpt: `Run ${index + 1}` }),
      ),
    );
    const pdf = await sourceCard("notes.pdf");
    expect(within(pdf).getAllByTestId("untested-run")).toHaveLength(10);
    expect(within(pdf).queryByText("Run 11")).not.toBeInTheDocument();
    await userEvent.click(within(pdf).getByRole("button", { name: "Show all 12" }));
    expect(within(pdf).getAllByTestId("untested-run")).toHaveLength(12);
    expect(within(pdf).getByText("Run 12")).toBeInTheDocument();
    expect(within(pdf).queryByRole("button", { name: /Show all/ })).not.toBeInTheDocument();
  });

  it("asks first, queues items for the run's lines, shows them pending, then what was added", async () => {
    await openClass([pdfRun()]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add items for notes.pdf p.3 · Lines: 4-6" }));
    const dialog = await screen.findByRole("dialog", { name: "Add items for these lines?" });
    expect(dialog).toHaveTextContent(
      "New questions for the chapter's mastery check and new practice cards are written from these lines alone. Nothing else changes, and every learner keeps their progress.",
    );
    expect(stub.calls("POST /rest/v1/rpc/request_coverage_items")).toHaveLength(0);

    const request = (status: string, result: Record<string, unknown> | null = null) => ({
      id: REQUEST_ID,
      part: "lines",
      chapter_id: CHAPTER_ID,
      activity_id: null,
      question_id: null,
      chunk_id: "c1",
      line_start: 3,
      line_end: 5,
      status,
      error: null,
      result,
      created_at: "2026-11-28T10:00:00Z",
    });
    stub.on("POST /rest/v1/rpc/request_coverage_items", { body: REQUEST_ID });
    stub.on("GET /rest/v1/course_part_regenerations", { body: [request("queued")] });
    await user.click(within(dialog).getByRole("button", { name: "Add items" }));

    expect(await screen.findByText("Adding items…")).toBeInTheDocument();
    expect(screen.getByText(/Items are being added\./)).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/request_coverage_items").map((call) => call.body)).toEqual([
      { p_topic_id: TOPIC_ID, p_chunk_id: "c1", p_line_start: 3, p_line_end: 5 },
    ]);
    expect(stub.calls("POST /rest/v1/rpc/request_chapter_regeneration")).toHaveLength(0);

    const coverageReadsBefore = stub.calls("POST /rest/v1/rpc/class_source_coverage").length;
    stub.on("POST /rest/v1/rpc/class_source_coverage", {
      body: [
        { ...pastedTested, source_id: PDF_ID, file_name: "notes.pdf", file_path: "org/topic/notes.pdf" },
      ],
    });
    stub.on("GET /rest/v1/course_part_regenerations", {
      body: [request("done", { questions: 2, cards: 1, stems: ["Which colours does chlorophyll absorb?"] })],
    });
    expect(
      await screen.findByText(/Added 2 questions and 1 card\./, {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    // The coverage is read again once the request is done, so the lines leave the map.
    await waitFor(() =>
      expect(stub.calls("POST /rest/v1/rpc/class_source_coverage").length).toBeGreaterThan(
        coverageReadsBefore,
      ),
    );
    expect(await screen.findByText("Every line is tested.")).toBeInTheDocument();
  });

  it("keeps Postgres's refusal in the dialog", async () => {
    await openClass([pdfRun()]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add items for notes.pdf p.3 · Lines: 4-6" }));
    const dialog = await screen.findByRole("dialog", { name: "Add items for these lines?" });
    stub.on("POST /rest/v1/rpc/request_coverage_items", {
      status: 409,
      body: {
        code: "PT409",
        message: "This chapter already has a request waiting. Try again when it is done.",
      },
    });
    await user.click(within(dialog).getByRole("button", { name: "Add items" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("already has a request waiting");
  });

  it("says so when the coverage cannot be loaded", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "creator" })] });
    stub.on("POST /rest/v1/rpc/class_topic_progress", { body: [] });
    stub.on("POST /rest/v1/rpc/class_item_analysis", { body: [] });
    stub.on("POST /rest/v1/rpc/item_flag_thresholds", { body: [] });
    stub.on("POST /rest/v1/rpc/class_source_coverage", { status: 500, body: {} });
    renderApp(stub, `/studymap/topics/${TOPIC_ID}/class`);
    expect(await screen.findByText("The coverage could not be loaded.")).toHaveAttribute("role", "alert");
  });
});

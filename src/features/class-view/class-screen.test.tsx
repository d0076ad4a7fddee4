import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { membershipRow, signIn, stubEmptyLists, topicRow } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

const TOPIC_ID = "55555555-5555-4555-8555-555555555555";
const CHAPTER_ID = "77777777-7777-4777-8777-777777777777";
let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

const counts = (subtopic: [string, string] | null, values: [number, number, number, number, number]) => ({
  chapter_id: CHAPTER_ID,
  chapter_position: 1,
  chapter_title: "Light reactions",
  subtopic_id: subtopic?.[0] ?? null,
  subtopic_title: subtopic?.[1] ?? null,
  started: values[0],
  excused: values[1],
  passed: values[2],
  failed: values[3],
  stuck: values[4],
});

const item = (id: string, stem: string, flags: string[], picks: number[]) => ({
  chapter_id: CHAPTER_ID,
  chapter_position: 1,
  chapter_title: "Light reactions",
  activity_id: "88888888-8888-4888-8888-888888888888",
  kind: "mastery",
  question_id: id,
  question_position: 1,
  subtopic_id: null,
  stem,
  attempts: picks.reduce((sum, n) => sum + n, 0),
  check_attempts: picks.reduce((sum, n) => sum + n, 0),
  quiz_attempts: 0,
  share_correct: (picks[0] ?? 0) / picks.reduce((sum, n) => sum + n, 0),
  discrimination: flags.includes("negative_discrimination") ? -0.4 : 0.3,
  options: ["Chlorophyll", "Water", "Oxygen"].map((text, index) => ({
    index,
    text,
    correct: index === 0,
    picks: picks[index] ?? 0,
  })),
  flags,
});

const THRESHOLDS = [
  { flag: "too_easy", threshold: 0.9, min_attempts: 5 },
  { flag: "too_hard", threshold: 0.2, min_attempts: 5 },
  { flag: "negative_discrimination", threshold: 0, min_attempts: 5 },
  { flag: "unused_option", threshold: 0, min_attempts: 10 },
  { flag: "wrong_option_beats_right", threshold: null, min_attempts: 5 },
];

async function openClass(role: string) {
  await signIn(stub, { memberships: [membershipRow({ member_role: role })] });
  stub.on("POST /rest/v1/rpc/class_topic_progress", {
    body: [counts(null, [5, 1, 1, 1, 2]), counts(["s1-1", "Chlorophyll"], [5, 2, 2, 0, 1])],
  });
  stub.on("POST /rest/v1/rpc/class_item_analysis", {
    body: [
      item("good", "What captures light?", [], [6, 2, 2]),
      item(
        "bad",
        "Which gas do plants take in?",
        ["too_hard", "unused_option", "wrong_option_beats_right"],
        [1, 9, 0],
      ),
    ],
  });
  stub.on("POST /rest/v1/rpc/item_flag_thresholds", { body: THRESHOLDS });
  stub.on("POST /rest/v1/rpc/class_subtopic_learners", {
    body: [
      {
        user_id: "99999999-9999-4999-8999-999999999999",
        display_name: "Cyd Learner",
        email: "cyd@studymap.test",
        excused: false,
        passed: false,
        failed: false,
        stuck: true,
        last_progress_at: "2026-11-01T10:00:00Z",
      },
    ],
  });
  renderApp(stub, `/studymap/topics/${TOPIC_ID}/class`);
  return screen.findByRole("table", { name: "Chapter 1: Light reactions" });
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
  // RLS shows no regeneration to a caller who may not see the class, and there are none yet.
  stub.on("GET /rest/v1/course_part_regenerations", { body: [] });
});

afterEach(() => errors.mockRestore());

describe("the class screen", () => {
  it("shows the counts per chapter and subtopic, asked for the default stuck period", async () => {
    const table = await openClass("admin");
    const chapterRow = within(table).getByRole("row", { name: /Whole chapter/ });
    expect(
      within(chapterRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(["5", "1", "1", "1", "2"]));
    const subtopicRow = within(table).getByRole("row", { name: /Chlorophyll/ });
    expect(
      within(subtopicRow)
        .getAllByRole("cell")
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(["5", "2", "2", "0", "1"]);
    expect(stub.calls("POST /rest/v1/rpc/class_topic_progress")[0]?.body).toEqual({
      p_topic_id: TOPIC_ID,
      p_stuck_days: 7,
    });
  });

  it("asks again when the teacher picks another stuck period", async () => {
    await openClass("creator");
    await userEvent.selectOptions(screen.getByLabelText("Stuck means no progress for"), "14");
    await waitFor(() =>
      expect(stub.calls("POST /rest/v1/rpc/class_topic_progress").at(-1)?.body).toEqual({
        p_topic_id: TOPIC_ID,
        p_stuck_days: 14,
      }),
    );
  });

  it("lists only flagged questions, with their flags in words", async () => {
    await openClass("creator");
    const rows = await screen.findAllByTestId("flagged-question");
    expect(rows).toHaveLength(1);
    const bad = rows[0] as HTMLElement;
    expect(within(bad).getByText("Which gas do plants take in?")).toBeInTheDocument();
    expect(within(bad).getByText("10 %")).toBeInTheDocument();
    expect(within(bad).getByText(/Too hard: fewer than 20 % answer it right/)).toBeInTheDocument();
    expect(within(bad).getByText(/Nobody picks “Oxygen”/)).toBeInTheDocument();
    expect(within(bad).getByText(/More learners pick “Water” than the right answer/)).toBeInTheDocument();
    expect(screen.queryByText("What captures light?")).not.toBeInTheDocument();
  });

  it("lets a manager open the learners of a subtopic by name", async () => {
    const table = await openClass("manager");
    await userEvent.click(within(table).getByRole("button", { name: "Learners of Chlorophyll" }));
    const learner = (await screen.findByText("Cyd Learner")).closest("li") as HTMLElement;
    expect(within(learner).getByText("Stuck")).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/class_subtopic_learners")[0]?.body).toEqual({
      p_topic_id: TOPIC_ID,
      p_chapter_id: CHAPTER_ID,
      p_subtopic_id: "s1-1",
      p_stuck_days: 7,
    });
  });

  it("offers a creator the counts but no names", async () => {
    const table = await openClass("creator");
    expect(within(table).queryByRole("button", { name: /Learners/ })).not.toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/class_subtopic_learners")).toHaveLength(0);
  });

  it("says so when Postgres refuses the caller", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "member" })] });
    const refusal = {
      status: 403,
      body: {
        code: "42501",
        message: "Only the creators, managers and admins of this topic's organisation can see its class.",
      },
    };
    stub.on("POST /rest/v1/rpc/class_topic_progress", refusal);
    stub.on("POST /rest/v1/rpc/class_item_analysis", refusal);
    stub.on("POST /rest/v1/rpc/item_flag_thresholds", { body: THRESHOLDS });
    renderApp(stub, `/studymap/topics/${TOPIC_ID}/class`);
    const alerts = await screen.findAllByRole("alert");
    expect(alerts[0]).toHaveTextContent("can see its class");
  });
});

describe("the hub's Class card", () => {
  it.each([
    ["creator", 1],
    ["member", 0],
  ])("appears when the user may manage the topic (a %s)", async (role, cards) => {
    await signIn(stub, { memberships: [membershipRow({ member_role: role })] });
    renderApp(stub, `/studymap/topics/${TOPIC_ID}`);
    await screen.findByRole("link", { name: "Podcast" });
    expect(screen.queryAllByRole("link", { name: "Class" })).toHaveLength(cards);
  });
});

describe("regenerating one flagged question", () => {
  const REQUEST_ID = "66666666-6666-4666-8666-666666666666";
  const request = (status: string, result: Record<string, unknown> | null = null) => ({
    id: REQUEST_ID,
    part: "item",
    chapter_id: CHAPTER_ID,
    activity_id: "88888888-8888-4888-8888-888888888888",
    question_id: "bad",
    chunk_id: null,
    line_start: null,
    line_end: null,
    status,
    error: null,
    result,
    created_at: "2026-11-28T10:00:00Z",
  });

  it("asks first, queues the question alone, shows it pending, then what replaced it", async () => {
    await openClass("creator");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Regenerate Which gas do plants take in?" }));
    const dialog = await screen.findByRole("dialog", { name: "Regenerate this question?" });
    expect(stub.calls("POST /rest/v1/rpc/request_item_regeneration")).toHaveLength(0);

    stub.on("POST /rest/v1/rpc/request_item_regeneration", { body: REQUEST_ID });
    stub.on("GET /rest/v1/course_part_regenerations", { body: [request("queued")] });
    await user.click(within(dialog).getByRole("button", { name: "Regenerate question" }));

    expect(await screen.findByText("Regenerating…")).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/request_item_regeneration").map((call) => call.body)).toEqual([
      { p_activity_id: "88888888-8888-4888-8888-888888888888", p_question_id: "bad" },
    ]);
    expect(stub.calls("POST /rest/v1/rpc/request_chapter_regeneration")).toHaveLength(0);

    const analysesBefore = stub.calls("POST /rest/v1/rpc/class_item_analysis").length;
    stub.on("GET /rest/v1/course_part_regenerations", {
      body: [request("done", { replaced: "bad", question_id: "new", stem: "Which gas do leaves release?" })],
    });
    expect(
      await screen.findByText(/Question replaced by “Which gas do leaves release\?”/, {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    // The analysis is read again once the request is done, so the new question shows in place.
    await waitFor(() =>
      expect(stub.calls("POST /rest/v1/rpc/class_item_analysis").length).toBeGreaterThan(analysesBefore),
    );
  });

  it("keeps Postgres's refusal in the dialog", async () => {
    await openClass("creator");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Regenerate Chapter 1: Light reactions" }));
    const dialog = await screen.findByRole("dialog", { name: "Regenerate this chapter?" });
    stub.on("POST /rest/v1/rpc/request_chapter_regeneration", {
      status: 429,
      body: {
        code: "PT429",
        message: "Generation limit reached: at most 30 generations an hour. Try again later.",
      },
    });
    await user.click(within(dialog).getByRole("button", { name: "Regenerate chapter" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Generation limit reached");
    expect(stub.calls("POST /rest/v1/rpc/request_chapter_regeneration").map((call) => call.body)).toEqual([
      { p_chapter_id: CHAPTER_ID },
    ]);
  });
});

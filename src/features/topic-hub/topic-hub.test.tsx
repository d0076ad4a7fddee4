import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signIn, stubEmptyLists, topicRow } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

const TOPIC_ID = "55555555-5555-4555-8555-555555555555";
const base = `/studymap/topics/${TOPIC_ID}`;
let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

const structure = {
  title: "Photosynthesis explained",
  description: "From light to sugar.",
  sections: [
    {
      section_id: "s1",
      title: "Light reactions",
      description: "Where light is captured.",
      subtopics: [
        {
          subtopic_id: "s1-1",
          title: "Chlorophyll",
          description: "The green pigment.",
          key_points: ["Absorbs red and blue light", "Reflects green"],
          citations: [
            {
              chunk_id: "c1",
              file_path: "e/t/notes.pdf",
              page_number: 2,
              line_start: 0,
              line_end: 1,
              exactLines: ["a", "b"],
              snippet: null,
              source_url: null,
            },
          ],
        },
      ],
    },
  ],
};

const course = {
  course: {
    id: "course-1",
    title: "Course",
    published_at: null,
    created_at: "2026-01-01T00:00:00Z",
    created_by: null,
  },
  chapters: [
    {
      id: "ch1",
      title: "Light reactions",
      summary: null,
      position: 1,
      activities: [
        {
          id: "a-diag",
          kind: "diagnostic",
          title: "Check what you know",
          position: 2,
          status: "not_started",
        },
        { id: "a-recap", kind: "recap", title: "Recap: light", position: 6, status: "not_started" },
      ],
    },
  ],
};

const question = (id: string, correct: number) => ({
  id,
  stem: `Question ${id}?`,
  options: ["Option A", "Option B"],
  correct_option: correct,
  explanation: `Because ${id}.`,
  difficulty: "easy",
  subtopic_id: null,
  citations: [],
});

beforeEach(async () => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  await signIn(stub);
  stub.on("GET /rest/v1/topics", {
    body: [{ ...topicRow(), created_by: null, structure, processing_error: null, suggested_metadata: null }],
  });
  stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: { course: null, chapters: [] } });
});

afterEach(() => errors.mockRestore());

describe("topic hub", () => {
  it("links to structure review, summary, micro-learning, quizzes, slide deck and podcast", async () => {
    renderApp(stub, `${base}/overview`);
    expect(await screen.findByRole("heading", { level: 1, name: "Photosynthesis" })).toBeInTheDocument();
    const expected = {
      "Structure review": `${base}/structure-review`,
      Summary: `${base}/summary`,
      "Micro-learning": `${base}/microlearning`,
      Quizzes: `${base}/quizzes`,
      "Slide deck": `${base}/overview/slide-deck`,
      Podcast: `${base}/podcast`,
    };
    await screen.findByRole("link", { name: "Summary" });
    const list = screen
      .getAllByRole("list")
      .find((element) => within(element).queryByText("Summary")) as HTMLElement;
    for (const [name, href] of Object.entries(expected)) {
      expect(within(list).getByRole("link", { name })).toHaveAttribute("href", href);
    }
    expect(await screen.findByText("1 section")).toBeInTheDocument();
  });

  it("names the topic in the breadcrumbs", async () => {
    renderApp(stub, `${base}/summary`);
    const nav = await screen.findByRole("navigation", { name: "Breadcrumb" });
    expect(await within(nav).findByRole("link", { name: "Photosynthesis" })).toHaveAttribute("href", base);
  });

  it("shows the structure as a readable summary", async () => {
    renderApp(stub, `${base}/summary`);
    expect(await screen.findByRole("heading", { name: "Photosynthesis explained" })).toBeInTheDocument();
    expect(screen.getByText("Grounded in 1 source.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: /Light reactions/ })).toBeInTheDocument();
    const subtopic = screen.getByRole("region", { name: "Chlorophyll" });
    expect(within(subtopic).getByText("Absorbs red and blue light")).toBeInTheDocument();
  });

  it("says the summary waits for a structure", async () => {
    stub.on("GET /rest/v1/topics", {
      body: [{ ...topicRow(), created_by: null, structure: null, processing_status: null }],
    });
    renderApp(stub, `${base}/summary`);
    expect(await screen.findByRole("heading", { name: "No summary yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to structure review" })).toHaveAttribute(
      "href",
      `${base}/structure-review`,
    );
  });

  it("shows a not-found page for a topic that does not exist or is hidden", async () => {
    stub.on("GET /rest/v1/topics", { body: [] });
    renderApp(stub, `${base}/overview`);
    expect(await screen.findByRole("heading", { name: "Topic not found" })).toBeInTheDocument();
  });

  it("shows the error screen when the topic cannot be loaded", async () => {
    stub.on("GET /rest/v1/topics", {
      status: 500,
      body: { code: "XX000", message: "down", details: null, hint: null },
    });
    renderApp(stub, `${base}/overview`);
    expect(
      await screen.findByRole("heading", { name: "Er is iets mis gegaan" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 20_000);

  it("explains that quizzes come with the micro-learning path", async () => {
    renderApp(stub, `${base}/quizzes`);
    expect(await screen.findByRole("heading", { name: "No quizzes yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to micro-learning" })).toHaveAttribute(
      "href",
      `${base}/microlearning`,
    );
  });

  it("lists the course's quizzes and scores one in the browser", async () => {
    stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: course });
    stub.on("GET /rest/v1/activities", {
      body: [
        {
          id: "a-diag",
          chapter_id: "ch1",
          kind: "diagnostic",
          title: "Check what you know",
          position: 2,
          payload: { questions: [question("q1", 0), question("q2", 1)] },
        },
      ],
    });
    renderApp(stub, `${base}/quizzes`);
    await userEvent.click(await screen.findByRole("link", { name: "Check what you know" }));
    expect(await screen.findByText("1. Question q1?")).toBeInTheDocument();
    const [first, second] = screen.getAllByRole("group");
    await userEvent.click(within(first as HTMLElement).getByLabelText("Option A"));
    await userEvent.click(within(second as HTMLElement).getByLabelText("Option A"));
    await userEvent.click(screen.getByRole("button", { name: "Check answers" }));
    expect(screen.getByRole("status")).toHaveTextContent("1 of 2 correct");
    expect(screen.getByText("Because q2.")).toBeInTheDocument();
  });

  it("plays a podcast episode from the recap's transcript", async () => {
    stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: course });
    stub.on("GET /rest/v1/activities", {
      body: [
        {
          id: "a-recap",
          chapter_id: "ch1",
          kind: "recap",
          title: "Recap: light",
          position: 6,
          payload: { transcript: "Light drives the reactions.", bullets: ["Light is captured"] },
        },
      ],
    });
    // No recorded audio: the browser reads the transcript; a member sees the script read-only.
    stub.on("GET /rest/v1/episode_audio", { body: [] });
    stub.on("POST /rest/v1/rpc/can_manage_topic", { body: false });
    const app = renderApp(stub, `${base}/podcast/`);
    await userEvent.click(await screen.findByRole("link", { name: "Recap: light" }));
    expect(await screen.findByText("Light drives the reactions.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Episode details" }));
    await waitFor(() => expect(app.router.state.location.search).toEqual({ phase: "script" }));
    expect(
      await screen.findByText("Only the topic's content managers can edit this script."),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("link", { name: "3. Publish" }));
    expect(await screen.findByText("Not published — visible to you only")).toBeInTheDocument();
  });
});

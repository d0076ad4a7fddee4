import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { episodeScriptHash } from "@/domain/activity-payload";
import { authUserRoutes, membershipRow, signIn, stubEmptyLists, topicRow } from "@/testing/accounts";
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

const DIAGNOSTIC_ID = "a0000000-0000-4000-8000-00000000d1a9";

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
          id: DIAGNOSTIC_ID,
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

const diagnosticRow = {
  id: DIAGNOSTIC_ID,
  chapter_id: "ch1",
  kind: "diagnostic",
  title: "Check what you know",
  position: 2,
  payload: {
    questions: [
      question("q1", 0),
      {
        ...question("q2", 1),
        citations: [
          {
            chunk_id: "c1",
            file_path: "e/t/notes.pdf",
            page_number: 2,
            line_start: 3,
            line_end: 4,
            exactLines: ["Chlorophyll is green.", "It absorbs light."],
            snippet: null,
            source_url: null,
          },
        ],
      },
    ],
  },
};

const overviewCourse = {
  ...course,
  chapters: [
    {
      ...course.chapters[0],
      activities: [{ id: "a-over", kind: "overview", title: "Overview", position: 1, status: "not_started" }],
    },
  ],
};

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

/** The course with one recap episode, spoken from its transcript. */
function stubRecap() {
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
}

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

  it("takes a chapter quiz one question at a time, with feedback, score and a retry of the missed one", async () => {
    stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: course });
    stub.on("GET /rest/v1/activities", { body: [diagnosticRow] });
    stub.on("GET /rest/v1/quiz_attempts", { body: [] });
    renderApp(stub, `${base}/quizzes`);
    await userEvent.click(await screen.findByRole("link", { name: "Check what you know" }));

    expect(await screen.findByText("Question 1 of 2 · Light reactions")).toBeInTheDocument();
    const check = screen.getByRole("button", { name: "Check answer" });
    expect(check).toBeDisabled();
    await userEvent.click(screen.getByLabelText("Option A"));
    await userEvent.click(check);
    expect(screen.getByText("Correct.")).toBeInTheDocument();
    expect(screen.getByText("Because q1.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next question" }));

    expect(screen.getByText("Question 2 of 2 · Light reactions")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Option A"));
    await userEvent.click(screen.getByRole("button", { name: "Check answer" }));
    expect(screen.getByText("Not quite. The answer is: Option B")).toBeInTheDocument();

    expect(screen.getByRole("heading", { name: "Score: 1 of 2" })).toBeInTheDocument();
    const mistake = screen.getByRole("list", { name: "Your mistakes" });
    expect(within(mistake).getByText("Your answer: Option A")).toBeInTheDocument();
    expect(within(mistake).getByText("notes.pdf p.2 · Lines: 4-5")).toBeInTheDocument();
    expect(within(mistake).getByText("Chlorophyll is green.")).toBeInTheDocument();
    // Chapter checks are practice: nothing is recorded.
    expect(stub.calls("POST /rest/v1/quiz_attempts")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Retry the missed ones" }));
    expect(screen.getByText("Question 1 of 1 · Light reactions")).toBeInTheDocument();
    expect(screen.getByText("Question q2?")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Option B"));
    await userEvent.click(screen.getByRole("button", { name: "Check answer" }));
    expect(screen.getByRole("heading", { name: "Score: 1 of 1" })).toBeInTheDocument();
  }, 20_000);

  it("records a topic quiz attempt and shows the last score on the list", async () => {
    stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: course });
    stub.on("GET /rest/v1/activities", { body: [diagnosticRow] });
    stub.on("GET /rest/v1/quiz_attempts", { body: [] });
    stub.on("POST /rest/v1/quiz_attempts", (request) => ({
      status: 201,
      body: { score: 0, total: 2, created_at: "2026-11-23T10:00:00Z", echo: request.body },
    }));
    const app = renderApp(stub, `${base}/quizzes`);
    expect(await screen.findByText(/Not taken yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Topic quiz" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`${base}/quizzes/topic`));

    for (let index = 0; index < 2; index++) {
      const stem = (await screen.findByText(/^Question q\d\?$/)).textContent;
      const wrong = stem === "Question q1?" ? "Option B" : "Option A";
      await userEvent.click(screen.getByLabelText(wrong));
      await userEvent.click(screen.getByRole("button", { name: "Check answer" }));
      if (index === 0) await userEvent.click(screen.getByRole("button", { name: "Next question" }));
    }
    expect(screen.getByRole("heading", { name: "Score: 0 of 2" })).toBeInTheDocument();
    await waitFor(() => expect(stub.calls("POST /rest/v1/quiz_attempts")).toHaveLength(1));
    const [saved] = stub.calls("POST /rest/v1/quiz_attempts");
    expect(saved?.body).toMatchObject({
      topic_id: TOPIC_ID,
      score: 0,
      total: 2,
      answers: [
        expect.objectContaining({ activity_id: DIAGNOSTIC_ID, correct: false }),
        expect.objectContaining({ activity_id: DIAGNOSTIC_ID, correct: false }),
      ],
    });

    // A retry of the missed ones is practice: still one attempt.
    await userEvent.click(screen.getByRole("button", { name: "Retry the missed ones" }));
    expect(screen.getByText(/Question 1 of 2/)).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/quiz_attempts")).toHaveLength(1);

    stub.on("GET /rest/v1/quiz_attempts", {
      body: [{ score: 0, total: 2, created_at: "2026-11-23T10:00:00Z" }],
    });
    await userEvent.click(screen.getByRole("link", { name: "Quizzes" }));
    expect(await screen.findByText(/Last score: 0 of 2/)).toBeInTheDocument();
  }, 20_000);

  it("presents the slide deck with keys, a counter and speaker notes, and prints it", async () => {
    stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: overviewCourse });
    stub.on("GET /rest/v1/activities", {
      body: [
        {
          id: "a-over",
          chapter_id: "ch1",
          kind: "overview",
          title: "Overview",
          position: 1,
          payload: {
            slides: [
              { title: "Slide one", bullets: ["First"] },
              { title: "Slide two", bullets: ["Second"] },
              { title: "Slide three", bullets: ["Third"] },
            ],
            objectives: [],
          },
        },
      ],
    });
    stub.on("GET /rest/v1/activity_citations", {
      body: [{ activity_id: "a-over", snippet: "Light is captured by chlorophyll." }],
    });
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    renderApp(stub, `${base}/overview/slide-deck`);
    await userEvent.click(await screen.findByRole("button", { name: "Present" }));
    const presentation = screen.getByRole("dialog", { name: "Presentation" });
    expect(within(presentation).getByText("1 / 3")).toBeInTheDocument();
    expect(await within(presentation).findByText("Light is captured by chlorophyll.")).toBeInTheDocument();

    await userEvent.keyboard("{ArrowRight}");
    expect(within(presentation).getByText("2 / 3")).toBeInTheDocument();
    await userEvent.keyboard("{PageDown}");
    expect(within(presentation).getByRole("heading", { name: "Slide three" })).toBeInTheDocument();
    // The last slide stays the last.
    await userEvent.keyboard(" ");
    expect(within(presentation).getByText("3 / 3")).toBeInTheDocument();
    await userEvent.keyboard("{PageUp}{ArrowLeft}");
    expect(within(presentation).getByText("1 / 3")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Presentation" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Print / PDF" }));
    expect(print).toHaveBeenCalledOnce();
    // The print view holds every slide, beside the app's root.
    const printDeck = document.body.querySelector(":scope > .print-deck") as HTMLElement;
    expect(
      within(printDeck)
        .getAllByRole("heading", { hidden: true })
        .map((heading) => heading.textContent),
    ).toEqual(["Slide one", "Slide two", "Slide three"]);
    print.mockRestore();
  }, 20_000);

  it("plays a podcast episode from the recap's transcript", async () => {
    stubRecap();
    // No recorded audio: the browser reads the transcript; a member sees the script read-only.
    stub.on("GET /rest/v1/episode_audio", { body: [] });
    authUserRoutes(stub, { memberships: [membershipRow({ member_role: "member" })] });
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
    // A member sees whether the course is published, and nothing to change it with.
    expect(screen.getByText("Only the topic's content managers can publish its course.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Publish course" })).not.toBeInTheDocument();
  });

  it("lets a content manager render the audio again and follows the run until the audio is current", async () => {
    stubRecap();
    let recorded = false;
    const hash = await episodeScriptHash([{ speaker: "expert", text: "Light drives the reactions." }]);
    stub.on("GET /rest/v1/episode_audio", () => ({
      body: recorded
        ? [
            {
              object_path: "a-recap/episode.wav",
              duration_seconds: 3,
              turn_starts: [0],
              script_hash: hash,
              updated_at: "2026-01-01T10:00:00Z",
            },
          ]
        : [],
    }));
    stub.on("GET /storage/v1/object/episode-audio/a-recap/episode.wav", { body: "RIFF" });
    stub.on("POST /functions/v1/render-episode-audio", {
      body: { runId: "run_render1", publicAccessToken: "read-only-token" },
    });
    // Trigger.dev's runs API, read with the run's own token: executing, then completed.
    const statuses = ["EXECUTING", "COMPLETED"];
    const runRequests: Request[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      runRequests.push(request);
      const status = statuses.length > 1 ? statuses.shift() : statuses[0];
      if (status === "COMPLETED") recorded = true;
      return Response.json({ id: "run_render1", status });
    });
    const objectUrl = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:episode");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    try {
      renderApp(stub, `${base}/podcast/episodes/a-recap/edit?phase=audio`);
      await userEvent.click(await screen.findByRole("button", { name: "Render audio" }));
      expect(stub.calls("POST /functions/v1/render-episode-audio")[0]?.body).toEqual({
        episodeId: "a-recap",
      });
      expect(await screen.findByText("Rendering audio: recording the turns…")).toBeInTheDocument();
      expect(await screen.findByText("Audio rendered.", {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(await screen.findByText("Recorded")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Render audio again" })).toBeEnabled();
      expect(runRequests[0]?.url).toBe("https://api.trigger.dev/api/v3/runs/run_render1");
      expect(runRequests[0]?.headers.get("authorization")).toBe("Bearer read-only-token");
    } finally {
      fetchSpy.mockRestore();
      objectUrl.mockRestore();
      revoke.mockRestore();
    }
  }, 30_000);

  it("says recorded audio of an earlier script is out of date and reads the current script instead", async () => {
    stubRecap();
    stub.on("GET /rest/v1/episode_audio", {
      body: [
        {
          object_path: "a-recap/episode.wav",
          duration_seconds: 3,
          turn_starts: [0],
          script_hash: "0".repeat(64),
          updated_at: "2026-01-01T00:00:00Z",
        },
      ],
    });
    authUserRoutes(stub, { memberships: [membershipRow({ member_role: "member" })] });
    renderApp(stub, `${base}/podcast/episodes/a-recap/edit?phase=audio`);
    expect(await screen.findByText("Out of date")).toBeInTheDocument();
    expect(
      screen.getByText(/made from an earlier version of the script, so it is not played/),
    ).toBeInTheDocument();
    expect(await screen.findByText("Light drives the reactions.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Render audio/ })).not.toBeInTheDocument();
    // The outdated file is never downloaded.
    expect(stub.requests.some((request) => request.path.startsWith("/storage/v1/object/episode-audio"))).toBe(
      false,
    );
  });
});

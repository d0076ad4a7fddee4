import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UploadEvents } from "@/lib/storage-upload";
import { ENTITY_ID, membershipRow, signIn, stubEmptyLists, USER_ID } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, STUB_ANON_KEY, STUB_URL, type SupabaseStub } from "@/testing/supabase-stub";

/**
 * TUS uploads cannot reach the stub; record them instead, report progress in two steps, report an
 * earlier upload to the same path as resumed and stop when cancelled, as the real uploader does (its
 * resuming is pinned by devstack/tests/storage/resumable.test.ts and e2e/uploads.test.ts).
 */
const uploads = vi.hoisted(() => ({
  calls: [] as Array<{ bucket: string; path: string; name: string }>,
  forgotten: [] as Array<{ bucket: string; folder: string }>,
  release: () => {},
}));
vi.mock("@/lib/storage-upload", async (importOriginal) => {
  const { UploadCancelled } = await importOriginal<typeof import("@/lib/storage-upload")>();
  return {
    UploadCancelled,
    forgetUploads: async (bucket: string, folder: string) => {
      uploads.forgotten.push({ bucket, folder });
    },
    resumableUpload: async (
      _client: unknown,
      target: { bucket: string; path: string },
      file: File,
      events: UploadEvents,
      signal?: AbortSignal,
    ) => {
      const earlier = uploads.calls.some((call) => call.path === target.path);
      uploads.calls.push({ bucket: target.bucket, path: target.path, name: file.name });
      if (earlier) events.onPreviousUpload?.("resumed");
      events.onProgress(0.5);
      await new Promise<void>((resolve, reject) => {
        uploads.release = resolve;
        signal?.addEventListener("abort", () => reject(new UploadCancelled()));
      });
      events.onProgress(1);
    },
  };
});

const MODULE_ID = "88888888-8888-4888-8888-888888888888";
let stub: SupabaseStub;

beforeEach(() => {
  uploads.calls = [];
  uploads.forgotten = [];
  localStorage.clear();
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  vi.stubEnv("VITE_SUPABASE_URL", STUB_URL);
  vi.stubEnv("VITE_SUPABASE_ANON_KEY", STUB_ANON_KEY);
  stub.on("GET /rest/v1/modules", {
    body: [
      { id: MODULE_ID, entity_id: ENTITY_ID, title: "Botany", description: null, topics: [{ count: 0 }] },
    ],
  });
  stub.on("GET /rest/v1/subjects", {
    body: [{ id: "66666666-6666-4666-8666-666666666666", title: "Biology" }],
  });
  stub.on("POST /rest/v1/topics", { status: 201 });
  stub.on("PATCH /rest/v1/topics", { status: 204 });
  stub.on("POST /rest/v1/topic_sources", { status: 201 });
});

afterEach(() => vi.unstubAllEnvs());

const pdf = () => new File(["%PDF-1.7 fake"], "Lecture notes.pdf", { type: "application/pdf" });

describe("new topic", () => {
  it("needs a title", async () => {
    await signIn(stub);
    renderApp(stub, "/studymap/topics/new");
    await userEvent.click(await screen.findByRole("button", { name: "Create topic" }));
    expect(await screen.findByText("Give the topic a title.")).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/topics")).toHaveLength(0);
  });

  it("creates the topic, uploads each source with its own progress bar, records the sources and opens the review", async () => {
    await signIn(stub);
    const app = renderApp(stub, `/studymap/topics/new?moduleId=${MODULE_ID}`);
    await userEvent.type(await screen.findByLabelText("Title"), "Photosynthesis");
    await userEvent.type(screen.getByLabelText("Description"), "Light to sugar");
    await userEvent.selectOptions(screen.getByLabelText("Subject"), "Biology");
    await userEvent.type(screen.getByLabelText("Level"), "CEFR B1");
    await waitFor(() => expect(screen.getByLabelText("Collection")).toHaveValue(MODULE_ID));
    fireEvent.drop(screen.getByTestId("source-dropzone"), { dataTransfer: { files: [pdf()] } });
    await userEvent.type(screen.getByLabelText("Pasted text"), "Chlorophyll absorbs light.");
    expect(
      within(screen.getByRole("list", { name: "Selected sources" })).getByText("Lecture notes.pdf"),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    const bar = await screen.findByRole("progressbar", { name: "Upload of Lecture notes.pdf" });
    expect(bar).toHaveAttribute("aria-valuenow", "50");
    uploads.release();
    await waitFor(() =>
      expect(app.router.state.location.pathname).toMatch(
        /^\/studymap\/topics\/[0-9a-f-]{36}\/structure-review$/,
      ),
    );

    const topicId = app.router.state.location.pathname.split("/")[3];
    const [insert] = stub.calls("POST /rest/v1/topics");
    expect(insert?.body).toEqual({
      id: topicId,
      entity_id: ENTITY_ID,
      created_by: USER_ID,
      module_id: MODULE_ID,
      title: "Photosynthesis",
      description: "Light to sugar",
      level: "CEFR B1",
      subject_id: "66666666-6666-4666-8666-666666666666",
      processing_status: "pending",
    });
    expect(uploads.calls).toEqual([
      { bucket: "sources", path: `${ENTITY_ID}/${topicId}/Lecture-notes.pdf`, name: "Lecture notes.pdf" },
    ]);
    const rows = stub.calls("POST /rest/v1/topic_sources")[0]?.body as Array<Record<string, unknown>>;
    expect(rows).toEqual([
      expect.objectContaining({
        topic_id: topicId,
        kind: "pdf",
        file_name: "Lecture notes.pdf",
        file_path: `${ENTITY_ID}/${topicId}/Lecture-notes.pdf`,
        mime_type: "application/pdf",
        status: "pending",
        created_by: USER_ID,
      }),
      expect.objectContaining({
        topic_id: topicId,
        kind: "pasted",
        pasted_text: "Chlorophyll absorbs light.",
        file_path: null,
      }),
    ]);
  });

  it("adds web pages by their address, each once, as url sources", async () => {
    await signIn(stub);
    const app = renderApp(stub, "/studymap/topics/new");
    await userEvent.type(await screen.findByLabelText("Title"), "Water");
    await userEvent.type(
      screen.getByLabelText("Web pages"),
      "https://www.example.org/water-cycle\n\nhttps://www.example.org/water-cycle\nhttp://example.net/rain",
    );
    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/structure-review$/));
    const rows = stub.calls("POST /rest/v1/topic_sources")[0]?.body as Array<Record<string, unknown>>;
    expect(
      rows.map(({ kind, source_url, file_name, file_path }) => ({ kind, source_url, file_name, file_path })),
    ).toEqual([
      {
        kind: "url",
        source_url: "https://www.example.org/water-cycle",
        file_name: "https://www.example.org/water-cycle",
        file_path: null,
      },
      {
        kind: "url",
        source_url: "http://example.net/rain",
        file_name: "http://example.net/rain",
        file_path: null,
      },
    ]);
  });

  it("says which line of the web pages is not an address, and creates nothing", async () => {
    await signIn(stub);
    renderApp(stub, "/studymap/topics/new");
    await userEvent.type(await screen.findByLabelText("Title"), "Water");
    await userEvent.type(screen.getByLabelText("Web pages"), "https://example.org/a\nftp://example.org/b");
    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    expect(
      await screen.findByText(
        "ftp://example.org/b is not a web address; it must start with https:// or http://.",
      ),
    ).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/topics")).toHaveLength(0);
  });

  it("refuses files generation cannot read", async () => {
    await signIn(stub);
    renderApp(stub, "/studymap/topics/new");
    fireEvent.drop(await screen.findByTestId("source-dropzone"), {
      dataTransfer: { files: [new File(["x"], "clip.mp4", { type: "video/mp4" })] },
    });
    expect(await screen.findByText(/^clip\.mp4: only PDF, Word \(\.docx\), PowerPoint/)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Selected sources" })).not.toBeInTheDocument();
  });

  it("keeps members out (docs/product.md §6)", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "member" })] });
    renderApp(stub, "/studymap/topics/new");
    expect(await screen.findByRole("heading", { name: "You cannot create topics here" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create topic" })).not.toBeInTheDocument();
  });

  it("says what failed and continues the same topic on the next submit", async () => {
    await signIn(stub);
    stub.on("POST /rest/v1/topic_sources", {
      status: 403,
      body: {
        code: "42501",
        message: "new row violates row-level security policy",
        details: null,
        hint: null,
      },
    });
    const app = renderApp(stub, "/studymap/topics/new");
    await userEvent.type(await screen.findByLabelText("Title"), "Cells");
    await userEvent.type(screen.getByLabelText("Pasted text"), "Cells divide.");
    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("new row violates row-level security policy");

    stub.on("POST /rest/v1/topic_sources", { status: 201 });
    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/structure-review$/));
    const ids = stub.calls("POST /rest/v1/topics").map((request) => (request.body as { id: string }).id);
    expect(new Set(ids).size).toBe(1);
    expect(stub.calls("POST /rest/v1/topics")[1]?.headers.get("prefer")).toContain(
      "resolution=ignore-duplicates",
    );
  });

  it("cancels an upload under way and continues the same file to the same place on the next submit", async () => {
    await signIn(stub);
    const app = renderApp(stub, "/studymap/topics/new");
    await userEvent.type(await screen.findByLabelText("Title"), "Cells");
    fireEvent.drop(screen.getByTestId("source-dropzone"), { dataTransfer: { files: [pdf()] } });
    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    const bar = await screen.findByRole("progressbar", { name: "Upload of Lecture notes.pdf" });
    expect(bar).toHaveAttribute("aria-valuenow", "50");

    await userEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The upload was cancelled. Submit again to continue where it stopped.",
    );
    expect(screen.getByRole("progressbar", { name: "Upload of Lecture notes.pdf" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    expect(screen.queryByRole("button", { name: "Cancel upload" })).not.toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/topic_sources")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    await waitFor(() => expect(uploads.calls).toHaveLength(2));
    uploads.release();
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/structure-review$/));
    expect(uploads.calls[1]).toEqual(uploads.calls[0]);
    expect(stub.calls("POST /rest/v1/topic_sources")).toHaveLength(1);
  });

  it("keeps the draft's topic through a reload, so the same file resumes, and forgets it once created", async () => {
    await signIn(stub);
    const first = renderApp(stub, "/studymap/topics/new");
    await userEvent.type(await screen.findByLabelText("Title"), "Cells");
    fireEvent.drop(screen.getByTestId("source-dropzone"), { dataTransfer: { files: [pdf()] } });
    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    await screen.findByRole("progressbar", { name: "Upload of Lecture notes.pdf" });
    first.unmount();

    const app = renderApp(stub, "/studymap/topics/new");
    await userEvent.type(await screen.findByLabelText("Title"), "Cells and tissues");
    fireEvent.drop(screen.getByTestId("source-dropzone"), { dataTransfer: { files: [pdf()] } });
    await userEvent.click(screen.getByRole("button", { name: "Create topic" }));
    expect(await screen.findByText("Continuing an earlier upload of this file.")).toBeInTheDocument();
    uploads.release();
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/structure-review$/));

    const topicId = app.router.state.location.pathname.split("/")[3];
    expect(uploads.calls.map((call) => call.path)).toEqual([
      `${ENTITY_ID}/${topicId}/Lecture-notes.pdf`,
      `${ENTITY_ID}/${topicId}/Lecture-notes.pdf`,
    ]);
    // The row the first visit added takes the title as it is now, but only while still pending.
    const update = stub.calls("PATCH /rest/v1/topics").at(-1);
    expect(update?.body).toMatchObject({ title: "Cells and tissues" });
    expect(update?.query.get("processing_status")).toBe("eq.pending");
    expect(uploads.forgotten).toContainEqual({ bucket: "sources", folder: `${ENTITY_ID}/${topicId}/` });
    expect(Object.keys(localStorage).filter((key) => key.startsWith("studymap:new-topic-draft:"))).toEqual(
      [],
    );
  });

  it("starts a new draft after the form is left with Cancel", async () => {
    await signIn(stub);
    const app = renderApp(stub, "/studymap/topics/new");
    await screen.findByLabelText("Title");
    const [key] = Object.keys(localStorage).filter((name) => name.startsWith("studymap:new-topic-draft:"));
    const { topicId } = JSON.parse(localStorage.getItem(key as string) as string) as { topicId: string };
    await userEvent.click(screen.getByRole("link", { name: "Cancel" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/studymap"));
    expect(localStorage.getItem(key as string)).toBeNull();
    expect(uploads.forgotten).toContainEqual({ bucket: "sources", folder: `${ENTITY_ID}/${topicId}/` });
  });
});

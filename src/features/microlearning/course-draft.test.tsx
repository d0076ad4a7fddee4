import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppUser } from "@/domain/access.ts";
import type { OutlineRpc } from "@/domain/outline.ts";
import * as outlineApi from "@/lib/outline";
import * as topicsApi from "@/lib/topics/api";
import { renderWithRouter, TEST_USER } from "@/testing/screen-support.tsx";
import * as api from "./api.ts";
import {
  DISCARD_TITLE,
  NEW_VERSION_HIDDEN,
  NEW_VERSION_MANAGERS_PUBLISH,
  NEW_VERSION_READY,
  PREVIEWING_NEW_VERSION,
  PUBLISH_DESCRIPTION,
  PUBLISH_FIRST_TITLE,
  PUBLISH_TITLE,
  UNPUBLISHED_PATH,
} from "./course-draft.tsx";
import { outlineRpc, topicRow } from "./fixtures.ts";
import { MicrolearningOverviewScreen } from "./microlearning-overview-screen.tsx";

vi.mock("@/lib/outline", () => ({ fetchOutline: vi.fn() }));
vi.mock("@/lib/topics/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/topics/api")>()),
  fetchTopic: vi.fn(),
}));
vi.mock("./api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api.ts")>()),
  fetchOwnCourseDraft: vi.fn(),
  fetchDraftOutline: vi.fn(),
  publishCourseDraft: vi.fn(),
  discardCourseDraft: vi.fn(),
  fetchPracticeActivities: vi.fn(),
  fetchCardStates: vi.fn(),
}));

const fetchOutline = vi.mocked(outlineApi.fetchOutline);
const fetchDraft = vi.mocked(api.fetchOwnCourseDraft);
const fetchDraftOutline = vi.mocked(api.fetchDraftOutline);
const publish = vi.mocked(api.publishCourseDraft);
const discard = vi.mocked(api.discardCourseDraft);

const DRAFT = { id: "draft-1", title: "Rivers, new", created_at: "2025-05-01T10:00:00Z" };

const withRole = (memberRole: string): AppUser => ({
  ...TEST_USER,
  memberships: [
    {
      membershipId: "m1",
      entityId: "entity-1",
      entityName: "School",
      entityKind: "school",
      memberRole,
      status: "active",
      entityMetadata: null,
    },
  ],
  activeMembershipId: "m1",
});

function published(): OutlineRpc {
  const rpc = outlineRpc();
  return { ...rpc, course: rpc.course && { ...rpc.course, published_at: "2025-04-02T10:00:00Z" } };
}

/** The draft's outline: the same chapters, the second one renamed. */
function draftOutline(): OutlineRpc {
  const rpc = outlineRpc();
  return {
    course: rpc.course && { ...rpc.course, id: DRAFT.id },
    chapters: rpc.chapters.map((chapter) =>
      chapter.position === 2 ? { ...chapter, title: "Deltas, herschreven" } : chapter,
    ),
  };
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(topicsApi.fetchTopic).mockResolvedValue(topicRow());
  fetchOutline.mockResolvedValue(published());
  fetchDraft.mockResolvedValue(DRAFT);
  fetchDraftOutline.mockResolvedValue(draftOutline());
  publish.mockResolvedValue(undefined);
  discard.mockResolvedValue(undefined);
  vi.mocked(api.fetchPracticeActivities).mockResolvedValue([]);
  vi.mocked(api.fetchCardStates).mockResolvedValue({});
});

afterEach(() => {
  toast.dismiss();
});

async function openOverview(role: string) {
  renderWithRouter(<MicrolearningOverviewScreen topicId="topic-1" />, withRole(role));
  return screen.findByRole("region", { name: "Nieuwe versie" });
}

describe("a manager's new version of a published path", () => {
  it("tells the manager a new version is ready and that learners still see the published one", async () => {
    const notice = await openOverview("manager");
    expect(notice).toHaveTextContent(NEW_VERSION_READY);
    expect(notice).toHaveTextContent(NEW_VERSION_HIDDEN);
    expect(fetchDraft).toHaveBeenCalledWith({}, "topic-1", TEST_USER.id);
  });

  it("previews the new version's chapters and goes back to the published ones", async () => {
    const notice = await openOverview("manager");
    expect(await screen.findByText(/Deltas$/)).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole("button", { name: "Bekijk nieuwe versie" }));
    expect(await screen.findByText(/Deltas, herschreven/)).toBeInTheDocument();
    expect(notice).toHaveTextContent(PREVIEWING_NEW_VERSION);
    expect(fetchDraftOutline).toHaveBeenCalledWith({}, DRAFT);

    await userEvent.click(within(notice).getByRole("button", { name: "Bekijk gepubliceerde versie" }));
    expect(await screen.findByText(/Deltas$/)).toBeInTheDocument();
    expect(screen.queryByText(/Deltas, herschreven/)).not.toBeInTheDocument();
  });

  it("asks before publishing; cancel publishes nothing, confirm publishes the draft", async () => {
    const notice = await openOverview("manager");
    await userEvent.click(within(notice).getByRole("button", { name: "Publiceren" }));
    let dialog = await screen.findByRole("dialog", { name: PUBLISH_TITLE });
    expect(dialog).toHaveTextContent(PUBLISH_DESCRIPTION);
    await userEvent.click(within(dialog).getByRole("button", { name: "Annuleren" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(publish).not.toHaveBeenCalled();

    await userEvent.click(within(notice).getByRole("button", { name: "Publiceren" }));
    dialog = await screen.findByRole("dialog", { name: PUBLISH_TITLE });
    fetchDraft.mockResolvedValue(null);
    await userEvent.click(within(dialog).getByRole("button", { name: "Publiceren" }));
    await waitFor(() => expect(publish).toHaveBeenCalledWith({}, DRAFT.id));
    expect(await screen.findByText("Nieuwe versie gepubliceerd")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Nieuwe versie" })).not.toBeInTheDocument(),
    );
  });

  it("discards the draft after asking", async () => {
    const notice = await openOverview("admin");
    await userEvent.click(within(notice).getByRole("button", { name: "Nieuwe versie verwijderen" }));
    const dialog = await screen.findByRole("dialog", { name: DISCARD_TITLE });
    await userEvent.click(within(dialog).getByRole("button", { name: "Verwijderen" }));
    await waitFor(() => expect(discard).toHaveBeenCalledWith({}, DRAFT.id));
    expect(publish).not.toHaveBeenCalled();
  });

  it("says when publishing failed", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    publish.mockRejectedValue(new Error("permission denied"));
    const notice = await openOverview("manager");
    await userEvent.click(within(notice).getByRole("button", { name: "Publiceren" }));
    const dialog = await screen.findByRole("dialog", { name: PUBLISH_TITLE });
    await userEvent.click(within(dialog).getByRole("button", { name: "Publiceren" }));
    expect(await screen.findByText("Publiceren mislukt")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith("Publiceren mislukt:", expect.any(Error));
  });

  it("lets a creator preview and discard, but leaves publishing to managers and admins", async () => {
    const notice = await openOverview("creator");
    expect(notice).toHaveTextContent(NEW_VERSION_MANAGERS_PUBLISH);
    expect(within(notice).queryByRole("button", { name: "Publiceren" })).not.toBeInTheDocument();
    expect(within(notice).getByRole("button", { name: "Bekijk nieuwe versie" })).toBeInTheDocument();
  });

  it.each([
    ["a learner", "member", published()],
    ["a manager whose draft is the path shown (nothing published)", "manager", outlineRpc()],
  ])("does not look for a new version for %s", async (_who, role, rpc) => {
    fetchOutline.mockResolvedValue(rpc);
    renderWithRouter(<MicrolearningOverviewScreen topicId="topic-1" />, withRole(role));
    expect(await screen.findByText(/Deltas$/)).toBeInTheDocument();
    expect(fetchDraft).not.toHaveBeenCalled();
    expect(screen.queryByRole("region", { name: "Nieuwe versie" })).not.toBeInTheDocument();
  });

  it("shows nothing when the manager has no new version", async () => {
    fetchDraft.mockResolvedValue(null);
    renderWithRouter(<MicrolearningOverviewScreen topicId="topic-1" />, withRole("manager"));
    await waitFor(() => expect(fetchDraft).toHaveBeenCalled());
    expect(await screen.findByText(/Deltas$/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Nieuwe versie" })).not.toBeInTheDocument();
  });
});

describe("a manager's own path while nothing is published", () => {
  const ownDraft = (): OutlineRpc => {
    const rpc = outlineRpc();
    return { ...rpc, course: rpc.course && { ...rpc.course, created_by: TEST_USER.id } };
  };

  const othersDraft = (): OutlineRpc => {
    const rpc = outlineRpc();
    return { ...rpc, course: rpc.course && { ...rpc.course, created_by: "someone-else" } };
  };

  it("offers to publish it, asking first", async () => {
    fetchOutline.mockResolvedValue(ownDraft());
    renderWithRouter(<MicrolearningOverviewScreen topicId="topic-1" />, withRole("manager"));
    const region = await screen.findByRole("region", { name: "Publiceren" });
    expect(region).toHaveTextContent(UNPUBLISHED_PATH);
    await userEvent.click(within(region).getByRole("button", { name: "Publiceren" }));
    const dialog = await screen.findByRole("dialog", { name: PUBLISH_FIRST_TITLE });
    await userEvent.click(within(dialog).getByRole("button", { name: "Annuleren" }));
    expect(publish).not.toHaveBeenCalled();

    await userEvent.click(within(region).getByRole("button", { name: "Publiceren" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: PUBLISH_FIRST_TITLE })).getByRole("button", {
        name: "Publiceren",
      }),
    );
    await waitFor(() => expect(publish).toHaveBeenCalledWith({}, "course-1"));
    expect(await screen.findByText("Leerpad gepubliceerd")).toBeInTheDocument();
  });

  it.each([
    ["a creator", "creator", ownDraft],
    ["a manager shown another user's course", "manager", othersDraft],
    ["a manager shown a published path", "manager", published],
  ])("offers nothing to %s", async (_who, role, rpc) => {
    fetchDraft.mockResolvedValue(null);
    fetchOutline.mockResolvedValue(rpc());
    renderWithRouter(<MicrolearningOverviewScreen topicId="topic-1" />, withRole(role));
    expect(await screen.findByText(/Deltas$/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Publiceren" })).not.toBeInTheDocument();
  });
});

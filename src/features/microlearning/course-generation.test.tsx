import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppUser } from "@/domain/access.ts";
import * as outlineApi from "@/lib/outline";
import * as topicsApi from "@/lib/topics/api";
import { renderWithRouter, TEST_USER } from "@/testing/screen-support.tsx";
import * as api from "./api.ts";
import {
  type ProgressAtRisk,
  REGENERATE_TITLE,
  regenerateDescription,
} from "./course-generation-confirm.tsx";
import { activityId, CHAPTER_1, outlineRpc, topicRow } from "./fixtures.ts";
import { MicrolearningOverviewScreen } from "./microlearning-overview-screen.tsx";

vi.mock("@/lib/outline", () => ({ fetchOutline: vi.fn() }));
vi.mock("@/lib/topics/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/topics/api")>()),
  fetchTopic: vi.fn(),
}));
vi.mock("./api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api.ts")>()),
  fetchTriggerToken: vi.fn(),
  fetchRegenerationLearners: vi.fn(),
  fetchPracticeActivities: vi.fn(),
  fetchCardStates: vi.fn(),
}));

const fetchOutline = vi.mocked(outlineApi.fetchOutline);
const fetchToken = vi.mocked(api.fetchTriggerToken);
const fetchLearners = vi.mocked(api.fetchRegenerationLearners);

/** The test user with one role in the topic's organisation (fixtures' topicRow is in entity-1). */
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
const MANAGER = withRole("manager");
const MEMBER = withRole("member");

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(topicsApi.fetchTopic).mockResolvedValue(topicRow());
  fetchOutline.mockResolvedValue(outlineRpc());
  vi.mocked(api.fetchPracticeActivities).mockResolvedValue([]);
  vi.mocked(api.fetchCardStates).mockResolvedValue({});
  // Generation itself stops at the token: these tests are about whether it is asked for.
  fetchToken.mockResolvedValue({ token: null, grant: null });
});

afterEach(() => {
  toast.dismiss();
});

async function pressGenerate(user: AppUser) {
  renderWithRouter(<MicrolearningOverviewScreen topicId="topic-1" />, user);
  await userEvent.click(await screen.findByRole("button", { name: "Genereer leerpad" }));
}

describe("regenerateDescription", () => {
  it.each<[ProgressAtRisk, string]>([
    [1, "1 leerling heeft voortgang in dit leerpad."],
    [30, "30 leerlingen hebben voortgang in dit leerpad."],
    ["own", "Je hebt al voortgang in dit leerpad."],
    ["unknown", "Er kan al voortgang in dit leerpad zijn."],
  ])("for %s says who has progress and that unchanged onderdelen keep it", (atRisk, who) => {
    expect(regenerateDescription(atRisk)).toBe(
      `${who} De voortgang op onderdelen die niet veranderen blijft bewaard; op gewijzigde onderdelen begint de voortgang opnieuw.`,
    );
  });
});

describe("Genereer leerpad on a course with progress", () => {
  it("asks a manager first when learners have progress, and cancelling starts nothing", async () => {
    fetchLearners.mockResolvedValue(30);
    await pressGenerate(MANAGER);
    const dialog = await screen.findByRole("dialog", { name: REGENERATE_TITLE });
    expect(within(dialog).getByText(/^30 leerlingen hebben voortgang/)).toHaveTextContent("blijft bewaard");
    expect(fetchLearners).toHaveBeenCalledWith({}, "topic-1");
    expect(fetchToken).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole("button", { name: "Annuleren" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchToken).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Genereer leerpad" })).toBeEnabled();
  });

  it("starts the generation once the manager confirms", async () => {
    fetchLearners.mockResolvedValue(2);
    await pressGenerate(MANAGER);
    const dialog = await screen.findByRole("dialog", { name: REGENERATE_TITLE });
    await userEvent.click(within(dialog).getByRole("button", { name: "Opnieuw genereren" }));
    await waitFor(() => expect(fetchToken).toHaveBeenCalledWith({}, "topic-1"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("does not ask a manager when nobody has progress", async () => {
    fetchLearners.mockResolvedValue(0);
    await pressGenerate(MANAGER);
    await waitFor(() => expect(fetchToken).toHaveBeenCalledWith({}, "topic-1"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("asks anyway when the count cannot be read", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    fetchLearners.mockRejectedValue(new Error("permission denied"));
    await pressGenerate(MANAGER);
    const dialog = await screen.findByRole("dialog", { name: REGENERATE_TITLE });
    expect(within(dialog).getByText(/^Er kan al voortgang/)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith("Failed to count learners with progress:", expect.any(Error));
    expect(fetchToken).not.toHaveBeenCalled();
  });

  it.each<[string, number, ProgressAtRisk]>([
    ["the only learner is the manager, on their own draft", 1, "own"],
    ["others have progress too", 3, 3],
  ])("asks a manager with progress on their own draft: %s", async (_case, learners, atRisk) => {
    fetchOutline.mockResolvedValue(outlineRpc({ [activityId(CHAPTER_1, "overview")]: "completed" }));
    fetchLearners.mockResolvedValue(learners);
    await pressGenerate(MANAGER);
    const dialog = await screen.findByRole("dialog", { name: REGENERATE_TITLE });
    expect(dialog).toHaveTextContent(regenerateDescription(atRisk));
  });

  it("asks a learner who has progress on their own draft, without asking the server", async () => {
    fetchOutline.mockResolvedValue(outlineRpc({ [activityId(CHAPTER_1, "overview")]: "completed" }));
    await pressGenerate(MEMBER);
    const dialog = await screen.findByRole("dialog", { name: REGENERATE_TITLE });
    expect(within(dialog).getByText(/^Je hebt al voortgang/)).toBeInTheDocument();
    expect(fetchLearners).not.toHaveBeenCalled();
  });

  it("does not ask a learner without progress", async () => {
    await pressGenerate(MEMBER);
    await waitFor(() => expect(fetchToken).toHaveBeenCalledWith({}, "topic-1"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fetchLearners).not.toHaveBeenCalled();
  });
});

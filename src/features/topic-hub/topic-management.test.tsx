import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authUserRoutes, membershipRow, signIn, stubEmptyLists, topicRow } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

const TOPIC_ID = "55555555-5555-4555-8555-555555555555";
const MODULE_ID = "77777777-7777-4777-8777-777777777777";
let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  await signIn(stub);
  stub.on("GET /rest/v1/topics", {
    body: [
      { ...topicRow(), created_by: null, structure: null, processing_error: null, suggested_metadata: null },
    ],
  });
  stub.on("GET /rest/v1/modules", {
    body: [
      {
        id: MODULE_ID,
        entity_id: topicRow().entity_id,
        title: "Botany",
        description: null,
        topics: [{ count: 0 }],
      },
    ],
  });
  stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: { course: null, chapters: [] } });
});

afterEach(() => errors.mockRestore());

/** A manager is the topic's organisation's creator (signIn's default role); a member may not manage. */
const openTopic = async (canManage: boolean) => {
  if (!canManage) authUserRoutes(stub, { memberships: [membershipRow({ member_role: "member" })] });
  const app = renderApp(stub, `/studymap/topics/${TOPIC_ID}/overview`);
  await screen.findByRole("heading", { level: 1, name: "Photosynthesis" });
  return app;
};

describe("managing a topic", () => {
  it("is not offered to those who may not manage the topic", async () => {
    await openTopic(false);
    expect(screen.queryByRole("button", { name: "Edit details" })).not.toBeInTheDocument();
  });

  it("shows a manager the controls with the topic, from the memberships, without asking the server", async () => {
    renderApp(stub, `/studymap/topics/${TOPIC_ID}/overview`);
    // Nothing may appear above the hub later and push it down (layout shift).
    expect(await screen.findByText("How plants make sugar from light.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit details" })).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/can_manage_topic")).toHaveLength(0);
  });

  it("reads which items went stale only once the topic is shown", async () => {
    const waiting: Array<() => void> = [];
    renderApp(stub, `/studymap/topics/${TOPIC_ID}/overview`, { background: (task) => waiting.push(task) });
    expect(await screen.findByRole("button", { name: "Edit details" })).toBeInTheDocument();
    expect(stub.calls("GET /rest/v1/stale_activities")).toHaveLength(0);

    for (const task of waiting.splice(0)) task();
    await waitFor(() => expect(stub.calls("GET /rest/v1/stale_activities")).toHaveLength(1));
  });

  it("renames and describes the topic through update_topic_details", async () => {
    stub.on("POST /rest/v1/rpc/update_topic_details", { status: 204 });
    await openTopic(true);
    await userEvent.click(await screen.findByRole("button", { name: "Edit details" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit topic details" });
    const title = within(dialog).getByLabelText("Title");
    expect(title).toHaveAttribute("maxlength", "300");
    await userEvent.clear(title);
    await userEvent.type(title, "  Plants and light ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(stub.calls("POST /rest/v1/rpc/update_topic_details")[0]?.body).toEqual({
      p_topic_id: TOPIC_ID,
      p_title: "Plants and light",
      p_description: "How plants make sugar from light.",
    });
  });

  it("keeps the dialog open with the database's sentence on a refusal", async () => {
    stub.on("POST /rest/v1/rpc/update_topic_details", {
      status: 403,
      body: {
        code: "42501",
        message: "Only the creators, managers and admins of this topic's organisation can change it.",
        details: null,
        hint: null,
      },
    });
    await openTopic(true);
    await userEvent.click(await screen.findByRole("button", { name: "Edit details" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit topic details" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Only the creators, managers and admins of this topic's organisation can change it.",
    );
  });

  it("moves the topic into a collection of its organisation", async () => {
    stub.on("POST /rest/v1/rpc/move_topic", { status: 204 });
    await openTopic(true);
    await userEvent.click(await screen.findByRole("button", { name: "Move" }));
    const dialog = await screen.findByRole("dialog", { name: "Move topic" });
    await userEvent.selectOptions(
      within(dialog).getByLabelText("Collection"),
      await within(dialog).findByRole("option", { name: "Botany" }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Move topic" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(stub.calls("POST /rest/v1/rpc/move_topic")[0]?.body).toEqual({
      p_topic_id: TOPIC_ID,
      p_module_id: MODULE_ID,
    });
  });

  it("deletes the topic after a confirmation and goes to the dashboard", async () => {
    stub.on("POST /rest/v1/rpc/delete_topic", { status: 204 });
    const app = await openTopic(true);
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Photosynthesis?" });
    expect(stub.calls("POST /rest/v1/rpc/delete_topic")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete topic" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/studymap"));
    expect(stub.calls("POST /rest/v1/rpc/delete_topic")[0]?.body).toEqual({ p_topic_id: TOPIC_ID });
  });
});

describe("the topic header's thumbnail", () => {
  it("is hidden on a phone when the topic has no image", async () => {
    await openTopic(false);
    expect(screen.getByTestId("topic-thumbnail")).toHaveClass("hidden", "sm:block");
  });
});

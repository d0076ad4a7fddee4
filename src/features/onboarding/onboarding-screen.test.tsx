import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { membershipRow, signIn, stubEmptyLists } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

let stub: SupabaseStub;

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
});

describe("onboarding", () => {
  it("creates an organisation through create_entity and enters the main area", async () => {
    await signIn(stub, { memberships: [] });
    stub.on("POST /rest/v1/rpc/create_entity", () => {
      stub.on("POST /rest/v1/rpc/get_user_memberships", {
        body: [membershipRow({ entity_name: "Lab 42", member_role: "admin" })],
      });
      return { body: "22222222-2222-4222-8222-222222222222" };
    });
    const app = renderApp(stub, "/onboarding");
    await userEvent.click(await screen.findByRole("button", { name: "Create organisation" }));
    expect(await screen.findByText("Give your organisation a name.")).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/create_entity")).toHaveLength(0);

    await userEvent.type(screen.getByLabelText("Organisation name"), "  Lab 42 ");
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "school");
    await userEvent.click(screen.getByRole("button", { name: "Create organisation" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/studymap"));
    expect(stub.calls("POST /rest/v1/rpc/create_entity")[0]?.body).toEqual({
      p_name: "Lab 42",
      p_kind: "school",
    });
    expect(await screen.findByRole("heading", { name: "Lab 42" })).toBeInTheDocument();
  });

  it("shows the service's refusal", async () => {
    await signIn(stub, { memberships: [] });
    stub.on("POST /rest/v1/rpc/create_entity", {
      status: 400,
      body: { code: "23514", message: "new row violates check constraint", details: null, hint: null },
    });
    renderApp(stub, "/onboarding");
    await userEvent.type(await screen.findByLabelText("Organisation name"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Create organisation" }));
    expect(await screen.findByText("new row violates check constraint")).toBeInTheDocument();
  });

  it("accepts a pending invitation through accept_invitation", async () => {
    const invited = membershipRow({
      membership_id: "invite-1",
      status: "invited",
      entity_name: "Beta School",
      member_role: "member",
    });
    await signIn(stub, { memberships: [invited] });
    stub.on("POST /rest/v1/rpc/accept_invitation", () => {
      stub.on("POST /rest/v1/rpc/get_user_memberships", { body: [{ ...invited, status: "active" }] });
      return { status: 204 };
    });
    const app = renderApp(stub, "/onboarding");
    await userEvent.click(await screen.findByRole("button", { name: "Accept invitation to Beta School" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/studymap"));
    expect(stub.calls("POST /rest/v1/rpc/accept_invitation")[0]?.body).toEqual({
      p_membership_id: "invite-1",
    });
  });

  it("goes on to the deep link a new user came through once they belong to an organisation", async () => {
    await signIn(stub, { memberships: [] });
    stub.on("POST /rest/v1/rpc/create_entity", () => {
      stub.on("POST /rest/v1/rpc/get_user_memberships", { body: [membershipRow({ member_role: "admin" })] });
      return { body: "22222222-2222-4222-8222-222222222222" };
    });
    const app = renderApp(stub, "/onboarding?redirectTo=%2Fexplore%3Fq%3Dcells");
    await userEvent.type(await screen.findByLabelText("Organisation name"), "Lab 42");
    await userEvent.click(screen.getByRole("button", { name: "Create organisation" }));
    await waitFor(() => expect(app.router.state.location.href).toBe("/explore?q=cells"));
  });

  it("ignores a redirectTo to another site", async () => {
    await signIn(stub, { memberships: [] });
    stub.on("POST /rest/v1/rpc/create_entity", () => {
      stub.on("POST /rest/v1/rpc/get_user_memberships", { body: [membershipRow({ member_role: "admin" })] });
      return { body: "22222222-2222-4222-8222-222222222222" };
    });
    const app = renderApp(stub, "/onboarding?redirectTo=%2F%2Fevil.test");
    await userEvent.type(await screen.findByLabelText("Organisation name"), "Lab 42");
    await userEvent.click(screen.getByRole("button", { name: "Create organisation" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/studymap"));
  });
});

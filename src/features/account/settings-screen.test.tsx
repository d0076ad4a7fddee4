import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ENTITY_ID,
  membershipRow,
  SECOND_ENTITY_ID,
  signIn,
  stubEmptyLists,
  USER_ID,
} from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  stub.on("GET /rest/v1/profiles", {
    body: { id: USER_ID, email: "ada@studymap.test", display_name: "Ada" },
  });
  stub.on("GET /rest/v1/core_memberships", { body: [] });
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  errors.mockRestore();
  localStorage.clear();
});

describe("account settings", () => {
  it("signs out and goes to /login (docs/product.md §4)", async () => {
    await signIn(stub);
    stub.on("POST /auth/v1/logout", { status: 204 });
    const app = renderApp(stub, "/account/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(app.router.state.location.href).toBe("/login"));
    expect(stub.calls("POST /auth/v1/logout")).toHaveLength(1);
    expect(await screen.findByRole("heading", { name: "Sign in to studymap" })).toBeInTheDocument();
    // No screen inside the guarded layout rendered without its user on the way out.
    expect(errors).not.toHaveBeenCalled();
  });

  it("still goes to /login when signing out fails, and logs it (docs/product.md §8)", async () => {
    await signIn(stub);
    stub.on("POST /auth/v1/logout", { status: 500, body: { message: "down" } });
    const app = renderApp(stub, "/account/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(app.router.state.location.href).toBe("/login"));
    expect(errors).toHaveBeenCalledWith("Failed to sign out:", expect.anything());
  });

  it("saves the display name", async () => {
    await signIn(stub);
    stub.on("PATCH /rest/v1/profiles", { status: 204 });
    renderApp(stub, "/account/settings");
    const name = await screen.findByLabelText("Display name");
    await waitFor(() => expect(name).toHaveValue("Ada"));
    await userEvent.clear(name);
    await userEvent.type(name, "Ada L.");
    await userEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() =>
      expect(stub.calls("PATCH /rest/v1/profiles")[0]?.body).toEqual({ display_name: "Ada L." }),
    );
    expect(stub.calls("PATCH /rest/v1/profiles")[0]?.query.get("id")).toBe(`eq.${USER_ID}`);
  });

  it("changes and keeps the theme", async () => {
    await signIn(stub);
    renderApp(stub, "/account/settings");
    await userEvent.click(await screen.findByRole("radio", { name: "Dark" }));
    expect(localStorage.getItem("vite-ui-theme")).toBe("dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(screen.getByRole("radio", { name: "Dark" })).toBeChecked();
  });

  it("lets admins invite members through the invite-member function", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
    stub.on("POST /functions/v1/invite-member", {
      body: { membershipId: "77777777-7777-4777-8777-777777777777", runId: "run_1" },
    });
    renderApp(stub, "/account/settings");
    await userEvent.type(
      await screen.findByLabelText("E-mail address", { selector: "input[type=email]" }),
      "Mia@Studymap.test",
    );
    await userEvent.selectOptions(screen.getByLabelText("Role"), "creator");
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("Invitation sent to mia@studymap.test")).toBeInTheDocument();
    expect(stub.calls("POST /functions/v1/invite-member").map((call) => call.body)).toEqual([
      { entityId: ENTITY_ID, email: "mia@studymap.test", role: "creator" },
    ]);
  });

  it("shows the function's refusal under the form", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
    stub.on("POST /functions/v1/invite-member", {
      status: 429,
      body: { error: "You can send at most 50 invitations a day. Try again tomorrow." },
    });
    renderApp(stub, "/account/settings");
    await userEvent.type(
      await screen.findByLabelText("E-mail address", { selector: "input[type=email]" }),
      "noor@studymap.test",
    );
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(
      await screen.findByText("You can send at most 50 invitations a day. Try again tomorrow."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Invitation sent to noor@studymap.test")).not.toBeInTheDocument();
  });

  it("shows no invitations to anyone but admins", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "manager" })] });
    renderApp(stub, "/account/settings");
    expect(await screen.findByRole("heading", { name: "Organisations" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Invite members" })).not.toBeInTheDocument();
  });

  it("lists memberships and switches the active organisation", async () => {
    await signIn(stub, {
      memberships: [
        membershipRow({ membership_id: "m1" }),
        membershipRow({
          membership_id: "m2",
          entity_id: "99999999-9999-4999-8999-999999999999",
          entity_name: "Beta School",
          status: "active",
        }),
      ],
    });
    renderApp(stub, "/account/settings");
    const select = (await screen.findAllByLabelText("Active organisation")).find(
      (element) => element.id,
    ) as HTMLSelectElement;
    await userEvent.selectOptions(select, "m2");
    expect(select).toHaveValue("m2");
    expect(screen.getAllByText("Beta School").length).toBeGreaterThan(0);
  });

  it("accepts an invitation without switching the active organisation, and offers the switch", async () => {
    const acme = membershipRow({ membership_id: "m1" });
    const beta = membershipRow({
      membership_id: "m2",
      entity_id: SECOND_ENTITY_ID,
      entity_name: "Beta School",
      status: "invited",
    });
    await signIn(stub, { memberships: [acme, beta] });
    stub.on("POST /rest/v1/rpc/accept_invitation", { body: SECOND_ENTITY_ID });
    renderApp(stub, "/account/settings");
    const select = (await screen.findAllByLabelText("Active organisation")).find(
      (element) => element.id,
    ) as HTMLSelectElement;
    expect(select).toHaveValue("m1");
    // After accepting, the new membership is listed first: the first active one no longer is Acme's.
    stub.on("POST /rest/v1/rpc/get_user_memberships", { body: [{ ...beta, status: "active" }, acme] });
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));

    expect(
      await screen.findByText("You joined Beta School. You are still working in Acme Academy."),
    ).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/accept_invitation")[0]?.body).toEqual({ p_membership_id: "m2" });
    expect(select).toHaveValue("m1");

    await userEvent.click(screen.getByRole("button", { name: "Switch to Beta School" }));
    expect(select).toHaveValue("m2");
    expect(screen.queryByText(/You are still working in/)).not.toBeInTheDocument();
  });

  it("lists the organisation's members with name, e-mail and role to admins and managers", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "manager" })] });
    stub.on("GET /rest/v1/core_memberships", (request) => ({
      body:
        request.query.get("status") === "eq.active"
          ? [
              {
                id: "m1",
                user_id: USER_ID,
                member_role: "manager",
                profiles: { display_name: "Ada", email: "ada@studymap.test" },
              },
              {
                id: "m2",
                user_id: "66666666-6666-4666-8666-666666666666",
                member_role: "member",
                profiles: { display_name: null, email: "bo@studymap.test" },
              },
            ]
          : [],
    }));
    renderApp(stub, "/account/settings");
    const members = await screen.findByRole("region", { name: "Members" });
    const rows = await within(members).findAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Ada(you)ada@studymap.testmanager",
      "bo@studymap.testmember",
    ]);
    const [request] = stub
      .calls("GET /rest/v1/core_memberships")
      .filter((call) => call.query.get("select")?.includes("profiles"));
    expect(request?.query.get("entity_id")).toBe(`eq.${ENTITY_ID}`);
  });

  it("shows no member list to plain members", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "member" })] });
    renderApp(stub, "/account/settings");
    expect(await screen.findByRole("heading", { name: "Organisations" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Members" })).not.toBeInTheDocument();
  });

  it("lets admins revoke a pending invitation", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
    let open = [{ id: "inv1", invited_email: "mia@studymap.test", member_role: "member", created_at: "" }];
    stub.on("GET /rest/v1/core_memberships", (request) => ({
      body: request.query.get("status") === "eq.invited" ? open : [],
    }));
    stub.on("DELETE /rest/v1/core_memberships", () => {
      const removed = open.map(({ id }) => ({ id }));
      open = [];
      return { body: removed };
    });
    renderApp(stub, "/account/settings");
    await userEvent.click(
      await screen.findByRole("button", { name: "Revoke the invitation to mia@studymap.test" }),
    );
    expect(await screen.findByText("Invitation to mia@studymap.test revoked")).toBeInTheDocument();
    const [request] = stub.calls("DELETE /rest/v1/core_memberships");
    expect(request?.query.get("id")).toBe("eq.inv1");
    expect(request?.query.get("status")).toBe("eq.invited");
    await waitFor(() => expect(screen.queryByText("mia@studymap.test")).not.toBeInTheDocument());
  });

  it("says so when the invitation to revoke is already gone", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
    stub.on("GET /rest/v1/core_memberships", (request) => ({
      body:
        request.query.get("status") === "eq.invited"
          ? [{ id: "inv1", invited_email: "mia@studymap.test", member_role: "member", created_at: "" }]
          : [],
    }));
    stub.on("DELETE /rest/v1/core_memberships", { body: [] });
    renderApp(stub, "/account/settings");
    await userEvent.click(
      await screen.findByRole("button", { name: "Revoke the invitation to mia@studymap.test" }),
    );
    expect(await screen.findByText("This invitation was already accepted or revoked.")).toBeInTheDocument();
  });

  it("asks before leaving, and keeps the last admin in with a sentence", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
    stub.on("DELETE /rest/v1/core_memberships", {
      status: 400,
      body: {
        code: "23514",
        message: "an entity needs at least one active admin",
        hint: "Make another member an active admin first, or delete the entity.",
        details: null,
      },
    });
    renderApp(stub, "/account/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Leave Acme Academy" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave Acme Academy?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Leave organisation" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "You are the last admin of Acme Academy. Make another member an admin before you leave.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("leaves the organisation and, with none left, goes to onboarding", async () => {
    await signIn(stub, { memberships: [membershipRow({ membership_id: "m1" })] });
    stub.on("DELETE /rest/v1/core_memberships", () => {
      stub.on("POST /rest/v1/rpc/get_user_memberships", { body: [] });
      return { body: [{ id: "m1" }] };
    });
    const app = renderApp(stub, "/account/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Leave Acme Academy" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave Acme Academy?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Leave organisation" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/onboarding"));
    expect(stub.calls("DELETE /rest/v1/core_memberships")[0]?.query.get("id")).toBe("eq.m1");
  });
});

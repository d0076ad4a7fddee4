import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ENTITY_ID, membershipRow, signIn, stubEmptyLists, USER_ID } from "@/testing/accounts";
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

  it("lets admins invite members through invite_member", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
    stub.on("POST /rest/v1/rpc/invite_member", { body: "new-id" });
    renderApp(stub, "/account/settings");
    await userEvent.type(
      await screen.findByLabelText("E-mail address", { selector: "input[type=email]" }),
      "Mia@Studymap.test",
    );
    await userEvent.selectOptions(screen.getByLabelText("Role"), "creator");
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() =>
      expect(stub.calls("POST /rest/v1/rpc/invite_member")[0]?.body).toEqual({
        p_entity_id: ENTITY_ID,
        p_email: "mia@studymap.test",
        p_role: "creator",
      }),
    );
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
});

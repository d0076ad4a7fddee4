import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { membershipRow, signIn, stubEmptyLists, USER_ID } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

const OTHER_USER = "66666666-6666-4666-8666-666666666666";
let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

/** Two active members: the signed-in admin Ada and Bo, whose role the rows show. */
function stubMembers(boRole: () => string) {
  stub.on("GET /rest/v1/core_memberships", (request) => ({
    body:
      request.query.get("status") === "eq.active"
        ? [
            {
              id: "m1",
              user_id: USER_ID,
              member_role: "admin",
              profiles: { display_name: "Ada", email: null },
            },
            {
              id: "m2",
              user_id: OTHER_USER,
              member_role: boRole(),
              profiles: { display_name: "Bo", email: null },
            },
          ]
        : [],
  }));
}

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  stub.on("GET /rest/v1/profiles", {
    body: { id: USER_ID, email: "ada@studymap.test", display_name: "Ada" },
  });
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  errors.mockRestore();
  localStorage.clear();
});

describe("changing a member's role", () => {
  it("lets an admin pick a role per member, through change_member_role", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
    let boRole = "member";
    stubMembers(() => boRole);
    stub.on("POST /rest/v1/rpc/change_member_role", () => {
      boRole = "manager";
      return { status: 204 };
    });
    renderApp(stub, "/account/settings");
    const members = await screen.findByRole("region", { name: "Members" });
    const select = await within(members).findByRole("combobox", { name: "Role of Bo" });
    expect(select).toHaveValue("member");

    await userEvent.selectOptions(select, "manager");

    expect(stub.calls("POST /rest/v1/rpc/change_member_role")[0]?.body).toEqual({
      p_membership_id: "m2",
      p_role: "manager",
    });
    await waitFor(() =>
      expect(within(members).getByRole("combobox", { name: "Role of Bo" })).toHaveValue("manager"),
    );
  });

  it("keeps the role and shows Postgres's sentence when the change is refused", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
    stubMembers(() => "member");
    stub.on("POST /rest/v1/rpc/change_member_role", {
      status: 409,
      body: {
        code: "PT409",
        message: "Acme Academy needs at least one admin. Make another member an admin first.",
        details: null,
        hint: null,
      },
    });
    renderApp(stub, "/account/settings");
    const members = await screen.findByRole("region", { name: "Members" });

    await userEvent.selectOptions(
      await within(members).findByRole("combobox", { name: "Role of Ada" }),
      "member",
    );

    expect(await within(members).findByRole("alert")).toHaveTextContent(
      "Acme Academy needs at least one admin. Make another member an admin first.",
    );
    expect(within(members).getByRole("combobox", { name: "Role of Ada" })).toHaveValue("admin");
  });

  it("shows managers the roles without a way to change them", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "manager" })] });
    stubMembers(() => "admin");
    renderApp(stub, "/account/settings");
    const members = await screen.findByRole("region", { name: "Members" });
    expect(await within(members).findByText("Bo")).toBeInTheDocument();
    expect(within(members).queryByRole("combobox")).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { membershipRow, signIn, stubEmptyLists } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";
import { MEMBERSHIPS_ERROR_TITLE, MEMBERSHIPS_RETRY } from "./memberships-error";

let stub: SupabaseStub;
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  await signIn(stub, { memberships: [membershipRow({ member_role: "admin" })] });
  stub.on("POST /rest/v1/rpc/get_user_memberships", {
    status: 503,
    body: { code: "XX000", message: "upstream unavailable" },
  });
});

afterEach(() => errors.mockRestore());

describe("a failed memberships request", () => {
  it.each(["/studymap", "/explore", "/onboarding", "/"])(
    "shows an error with a retry on %s, never onboarding",
    async (path) => {
      renderApp(stub, path);
      expect(await screen.findByRole("heading", { name: MEMBERSHIPS_ERROR_TITLE })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: MEMBERSHIPS_RETRY })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Welcome to studymap" })).not.toBeInTheDocument();
      expect(screen.queryByText(/Create an organisation/)).not.toBeInTheDocument();
    },
  );

  it("lets the admin in once a retry reads the memberships", async () => {
    const app = renderApp(stub, "/studymap");
    const retry = await screen.findByRole("button", { name: MEMBERSHIPS_RETRY });
    stub.on("POST /rest/v1/rpc/get_user_memberships", { body: [membershipRow({ member_role: "admin" })] });
    await userEvent.click(retry);
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: MEMBERSHIPS_ERROR_TITLE })).not.toBeInTheDocument(),
    );
    expect(app.router.state.location.pathname).toBe("/studymap");
    expect(screen.queryByRole("heading", { name: "Welcome to studymap" })).not.toBeInTheDocument();
  });

  it("sends a user who really has no active membership to onboarding after a retry", async () => {
    const app = renderApp(stub, "/studymap");
    const retry = await screen.findByRole("button", { name: MEMBERSHIPS_RETRY });
    stub.on("POST /rest/v1/rpc/get_user_memberships", { body: [] });
    await userEvent.click(retry);
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/onboarding"));
    expect(await screen.findByRole("heading", { name: "Welcome to studymap" })).toBeInTheDocument();
  });
});

import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { authUserRoutes, stubEmptyLists } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub, sessionBody } from "@/testing/supabase-stub";
import { readCallbackParams } from "./auth-callback-screen";

let stub: SupabaseStub;

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
});

describe("readCallbackParams", () => {
  it("reads errors and token hashes from the query or the fragment", () => {
    expect(readCallbackParams("https://x/auth/callback?error_description=Link+expired")).toEqual({
      error: "Link expired",
      tokenHash: null,
      type: null,
    });
    expect(readCallbackParams("https://x/auth/callback#error=access_denied").error).toBe("access_denied");
    expect(readCallbackParams("https://x/auth/callback?token_hash=abc&type=email")).toMatchObject({
      tokenHash: "abc",
      type: "email",
    });
  });
});

describe("/auth/callback", () => {
  it("completes an e-mail link and goes on to redirectTo", async () => {
    window.history.replaceState(
      null,
      "",
      "/auth/callback?token_hash=hash-1&type=email&redirectTo=%2Fexplore",
    );
    stub.on("POST /auth/v1/verify", {
      body: sessionBody("11111111-1111-4111-8111-111111111111", "ada@studymap.test"),
    });
    authUserRoutes(stub);
    const app = renderApp(stub, "/auth/callback?token_hash=hash-1&type=email&redirectTo=%2Fexplore");
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/explore"));
    expect(stub.calls("POST /auth/v1/verify")[0]?.body).toMatchObject({
      token_hash: "hash-1",
      type: "email",
    });
  });

  it("verifies an e-mail link once although StrictMode runs the page's effect twice", async () => {
    window.history.replaceState(null, "", "/auth/callback?token_hash=hash-strict&type=email");
    // Like the real service: the link works once, a second use is refused.
    let uses = 0;
    stub.on("POST /auth/v1/verify", () =>
      uses++ === 0
        ? { body: sessionBody("11111111-1111-4111-8111-111111111111", "ada@studymap.test") }
        : { status: 403, body: { code: "otp_expired", message: "Email link is invalid or has expired" } },
    );
    authUserRoutes(stub);
    const app = renderApp(stub, "/auth/callback?token_hash=hash-strict&type=email", { strict: true });
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/studymap"));
    expect(stub.calls("POST /auth/v1/verify")).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: "Sign-in failed" })).not.toBeInTheDocument();
  });

  it("shows the provider's error with a way back", async () => {
    window.history.replaceState(
      null,
      "",
      "/auth/callback?error_description=Email+link+is+invalid+or+has+expired",
    );
    renderApp(stub, "/auth/callback?error_description=Email+link+is+invalid+or+has+expired");
    expect(await screen.findByRole("heading", { name: "Sign-in failed" })).toBeInTheDocument();
    expect(screen.getByText("Email link is invalid or has expired")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");
  });

  it("says so when no session came back", async () => {
    window.history.replaceState(null, "", "/auth/callback");
    renderApp(stub, "/auth/callback");
    expect(
      await screen.findByText(
        "We could not complete your sign-in. The link may have expired or been used already.",
      ),
    ).toBeInTheDocument();
  });
});

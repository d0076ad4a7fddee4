import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authUserRoutes, stubEmptyLists } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub, sessionBody } from "@/testing/supabase-stub";

let stub: SupabaseStub;

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  stub.on("POST /auth/v1/otp", { body: {} });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openLogin(path = "/login") {
  const app = renderApp(stub, path);
  await screen.findByRole("heading", { name: "Sign in to studymap" });
  return app;
}

async function requestCode(user: ReturnType<typeof userEvent.setup>, email = "ada@studymap.test") {
  await user.type(screen.getByLabelText("E-mail address"), email);
  await user.click(screen.getByRole("button", { name: "Send code" }));
  await screen.findByRole("heading", { name: "Check your e-mail" });
}

describe("login: e-mail code", () => {
  it("refuses an address that is not an e-mail", async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.type(screen.getByLabelText("E-mail address"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Enter a valid e-mail address.")).toBeInTheDocument();
    expect(screen.getByLabelText("E-mail address")).toHaveAttribute("aria-invalid", "true");
    expect(stub.calls("POST /auth/v1/otp")).toHaveLength(0);
  });

  it("sends a code that creates the user if new and returns to /auth/callback", async () => {
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    const [request] = stub.calls("POST /auth/v1/otp");
    expect(request?.body).toMatchObject({ email: "ada@studymap.test", create_user: true });
    expect(request?.query.get("redirect_to")).toBe(`${window.location.origin}/auth/callback`);
    expect(screen.getByText("ada@studymap.test")).toBeInTheDocument();
  });

  it("wants six digits before verifying", async () => {
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    await user.type(screen.getByLabelText("Sign-in code"), "12a34");
    expect(screen.getByLabelText("Sign-in code")).toHaveValue("1234");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter the 6-digit code from the e-mail.")).toBeInTheDocument();
    expect(stub.calls("POST /auth/v1/verify")).toHaveLength(0);
  });

  it("verifies the code (type email) and goes where redirectTo points", async () => {
    const user = userEvent.setup();
    const app = await openLogin("/login?redirectTo=%2Ffavorites");
    await requestCode(user);
    stub.on("POST /auth/v1/verify", {
      body: sessionBody("11111111-1111-4111-8111-111111111111", "ada@studymap.test"),
    });
    authUserRoutes(stub);
    await user.type(screen.getByLabelText("Sign-in code"), "123456");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe("/favorites"));
    expect(stub.calls("POST /auth/v1/verify")[0]?.body).toMatchObject({
      email: "ada@studymap.test",
      token: "123456",
      type: "email",
    });
    expect(await screen.findByRole("heading", { name: "Favorites" })).toBeInTheDocument();
  });

  it("goes to /studymap without redirectTo, and ignores a redirectTo to another site", async () => {
    const user = userEvent.setup();
    const app = await openLogin("/login?redirectTo=https%3A%2F%2Fevil.example");
    await requestCode(user);
    stub.on("POST /auth/v1/verify", {
      body: sessionBody("11111111-1111-4111-8111-111111111111", "ada@studymap.test"),
    });
    authUserRoutes(stub);
    await user.type(screen.getByLabelText("Sign-in code"), "123456");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(app.router.state.location.href).toBe("/studymap"));
  });

  it("explains an invalid or expired code", async () => {
    const user = userEvent.setup();
    await openLogin();
    await requestCode(user);
    stub.on("POST /auth/v1/verify", {
      status: 403,
      body: { code: "otp_expired", message: "Token has expired or is invalid" },
      headers: { "x-supabase-api-version": "2024-01-01" },
    });
    await user.type(screen.getByLabelText("Sign-in code"), "000000");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(
      await screen.findByText("That code is invalid or has expired. Check it, or request a new code."),
    ).toBeInTheDocument();
  });

  it("lets the code be resent only after the 60 s cooldown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openLogin();
    await requestCode(user);
    const resend = screen.getByRole("button", { name: /Resend code in \d+ s/ });
    expect(resend).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    const ready = await screen.findByRole("button", { name: "Resend code" });
    expect(ready).toBeEnabled();
    await user.click(ready);
    expect(await screen.findByText("A new code is on its way.")).toBeInTheDocument();
    expect(stub.calls("POST /auth/v1/otp")).toHaveLength(2);
    expect(screen.getByRole("button", { name: /Resend code in \d+ s/ })).toBeDisabled();
  });

  it("passes on a rate limit's wait time", async () => {
    const user = userEvent.setup();
    await openLogin();
    const message = "For security purposes, you can only request this after 37 seconds.";
    stub.on("POST /auth/v1/otp", {
      status: 429,
      body: { code: "over_email_send_rate_limit", message },
      headers: { "x-supabase-api-version": "2024-01-01" },
    });
    await user.type(screen.getByLabelText("E-mail address"), "ada@studymap.test");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe("login: Google and Microsoft", () => {
  it("shows both buttons and, when a provider is not enabled, a banner that leaves the e-mail field alone", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          {
            code: 400,
            error_code: "validation_failed",
            msg: "Unsupported provider: provider is not enabled",
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    await openLogin();
    expect(screen.getByRole("button", { name: "Continue with Microsoft" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Signing in with Google is not available for studymap. Use an e-mail code instead.",
    );
    expect(screen.queryByText(/Unsupported provider/)).not.toBeInTheDocument();
    expect(screen.getByLabelText("E-mail address")).not.toHaveAttribute("aria-invalid", "true");
  });
});

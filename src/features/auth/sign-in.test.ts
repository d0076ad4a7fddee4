import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSupabaseStub, type SupabaseStub, sessionBody } from "@/testing/supabase-stub";
import { authCallbackUrl, sendSignInCode, startOAuthSignIn, verifySignInCode } from "./sign-in";

const ORIGIN = "https://studymap.app";
let stub: SupabaseStub;

beforeEach(() => {
  stub = createSupabaseStub();
});

afterEach(() => vi.unstubAllGlobals());

describe("authCallbackUrl (docs/product.md §9)", () => {
  it("is the origin plus /auth/callback, carrying where to go next", () => {
    expect(authCallbackUrl(ORIGIN)).toBe("https://studymap.app/auth/callback");
    expect(authCallbackUrl(ORIGIN, "/explore?x=1")).toBe(
      "https://studymap.app/auth/callback?redirectTo=%2Fexplore%3Fx%3D1",
    );
  });
});

describe("e-mail code sign-in (docs/product.md §7)", () => {
  it("sends the code, redirecting to the auth callback and creating the user when new", async () => {
    stub.on("POST /auth/v1/otp", { body: {} });
    await sendSignInCode(stub.client, "new@studymap.test", ORIGIN);
    const [request] = stub.calls("POST /auth/v1/otp");
    expect(request?.body).toMatchObject({ email: "new@studymap.test", create_user: true });
    expect(request?.query.get("redirect_to")).toBe("https://studymap.app/auth/callback");
  });

  it("verifies the e-mail plus the token with type email", async () => {
    stub.on("POST /auth/v1/verify", { body: sessionBody("u1", "new@studymap.test") });
    await verifySignInCode(stub.client, "new@studymap.test", "123456");
    expect(stub.calls("POST /auth/v1/verify")[0]?.body).toMatchObject({
      email: "new@studymap.test",
      token: "123456",
      type: "email",
    });
    expect((await stub.client.auth.getSession()).data.session?.user.id).toBe("u1");
  });

  it("throws the service's error", async () => {
    stub.on("POST /auth/v1/verify", {
      status: 403,
      body: { code: "otp_expired", message: "Token has expired or is invalid" },
      headers: { "x-supabase-api-version": "2024-01-01" },
    });
    await expect(verifySignInCode(stub.client, "a@b.test", "000000")).rejects.toMatchObject({
      code: "otp_expired",
    });
  });
});

describe("OAuth sign-in (docs/product.md §7)", () => {
  function probe(response: Response) {
    const fetch = vi.fn(async () => response);
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  it("asks Google for offline access with the consent prompt", async () => {
    probe(new Response(null, { status: 200 }));
    const navigate = vi.fn();
    await startOAuthSignIn(stub.client, "google", ORIGIN, "/explore", navigate);
    const url = new URL(navigate.mock.calls[0]?.[0] as string);
    expect(url.pathname).toBe("/auth/v1/authorize");
    expect(url.searchParams.get("provider")).toBe("google");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("redirect_to")).toBe(
      "https://studymap.app/auth/callback?redirectTo=%2Fexplore",
    );
    expect(url.searchParams.get("code_challenge_method")).toBe("s256");
  });

  it("signs in with Microsoft as provider azure with the scopes email profile", async () => {
    probe(new Response(null, { status: 200 }));
    const navigate = vi.fn();
    await startOAuthSignIn(stub.client, "azure", ORIGIN, undefined, navigate);
    const url = new URL(navigate.mock.calls[0]?.[0] as string);
    expect(url.searchParams.get("provider")).toBe("azure");
    expect(url.searchParams.get("scopes")).toBe("email profile");
    expect(url.searchParams.get("redirect_to")).toBe("https://studymap.app/auth/callback");
  });

  it("stays on the page with the service's message when the provider is not enabled", async () => {
    probe(
      new Response(
        JSON.stringify({
          code: 400,
          error_code: "validation_failed",
          msg: "Unsupported provider: provider is not enabled",
        }),
        {
          status: 400,
          headers: { "content-type": "application/json" },
        },
      ),
    );
    const navigate = vi.fn();
    await expect(startOAuthSignIn(stub.client, "google", ORIGIN, undefined, navigate)).rejects.toMatchObject({
      message: "Unsupported provider: provider is not enabled",
      code: "validation_failed",
      status: 400,
    });
    expect(navigate).not.toHaveBeenCalled();
  });
});

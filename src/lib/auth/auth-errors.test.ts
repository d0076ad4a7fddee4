import { describe, expect, it } from "vitest";
import { CODE_PATTERN, EMAIL_PATTERN, oauthErrorMessage, signInErrorMessage } from "./auth-errors";

describe("signInErrorMessage", () => {
  it("explains an invalid or expired code", () => {
    expect(
      signInErrorMessage({ code: "otp_expired", status: 403, message: "Token has expired or is invalid" }),
    ).toBe("That code is invalid or has expired. Check it, or request a new code.");
  });

  it("passes on the service's wait time when rate limited", () => {
    const message = "For security purposes, you can only request this after 42 seconds.";
    expect(signInErrorMessage({ status: 429, code: "over_email_send_rate_limit", message })).toBe(message);
    expect(signInErrorMessage({ status: 429, code: "over_request_rate_limit", message: "Rate limit" })).toBe(
      "Too many attempts. Wait a minute, then try again.",
    );
  });

  it("names a network failure", () => {
    expect(
      signInErrorMessage({ name: "AuthRetryableFetchError", status: 0, message: "Failed to fetch" }),
    ).toBe("We could not reach the sign-in service. Check your connection and try again.");
  });

  it("explains closed sign-ups", () => {
    expect(signInErrorMessage({ code: "otp_disabled", status: 422 })).toMatch(/sign-ups are closed/);
  });

  it("falls back to the service's message, then a generic one", () => {
    expect(signInErrorMessage({ message: "Provider is not enabled" })).toBe("Provider is not enabled");
    expect(signInErrorMessage(undefined)).toBe("Something went wrong. Please try again.");
  });
});

describe("sign-in formats", () => {
  it("accepts a plain e-mail address and refuses obvious mistakes", () => {
    expect(EMAIL_PATTERN.test("ada@studymap.test")).toBe(true);
    for (const bad of ["ada", "ada@", "ada@studymap", "a da@x.test", "@x.test"])
      expect(EMAIL_PATTERN.test(bad)).toBe(false);
  });

  it("wants exactly six digits", () => {
    expect(CODE_PATTERN.test("123456")).toBe(true);
    for (const bad of ["12345", "1234567", "12a456", " 123456"]) expect(CODE_PATTERN.test(bad)).toBe(false);
  });
});

describe("oauthErrorMessage", () => {
  it("says a provider that is not switched on is not available, naming it", () => {
    const error = { code: "validation_failed", message: "Unsupported provider: provider is not enabled" };
    expect(oauthErrorMessage(error, "azure")).toBe(
      "Signing in with Microsoft is not available for studymap. Use an e-mail code instead.",
    );
  });

  it("explains a cancelled or refused sign-in", () => {
    expect(oauthErrorMessage({ code: "access_denied", message: "access_denied" }, "google")).toBe(
      "Signing in with Google was cancelled or refused. Try again, or use an e-mail code.",
    );
  });

  it("explains a provider account without an e-mail address", () => {
    expect(oauthErrorMessage({ message: "Error getting user email from external provider" })).toBe(
      "Your account with that provider did not share an e-mail address, which studymap needs. Use an e-mail code instead.",
    );
  });

  it("names a network failure, and hides any other server text", () => {
    expect(oauthErrorMessage(new TypeError("Failed to fetch"), "google")).toBe(
      "We could not reach the sign-in service. Check your connection and try again.",
    );
    expect(oauthErrorMessage({ status: 500, message: "pq: relation missing" }, "google")).toBe(
      "Signing in with Google did not work. Try again, or use an e-mail code.",
    );
  });
});

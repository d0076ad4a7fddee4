import * as Sentry from "@sentry/react";
import { describe, expect, it } from "vitest";
import { buildSentryOptions, initSentry, reportError, tracePropagationTargets } from "./sentry";

const router = { subscribe: () => () => {}, state: { matches: [] }, options: {} };

function matches(targets: Array<string | RegExp>, url: string): boolean {
  return targets.some((target) => (typeof target === "string" ? url.includes(target) : target.test(url)));
}

describe("buildSentryOptions (docs/product.md §1)", () => {
  it("is off without a DSN", () => {
    expect(buildSentryOptions(Sentry, {}, router, "https://studymap.app")).toBeNull();
    expect(buildSentryOptions(Sentry, { VITE_SENTRY_DSN: "" }, router, "https://studymap.app")).toBeNull();
  });

  it("samples 50% of traces, 10% of sessions and every session with an error", () => {
    const options = buildSentryOptions(
      Sentry,
      { VITE_SENTRY_DSN: "https://k@o1.ingest.sentry.io/1" },
      router,
      "x:",
    );
    expect(options).toMatchObject({
      dsn: "https://k@o1.ingest.sentry.io/1",
      tracesSampleRate: 0.5,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1.0,
    });
  });

  it("uses the TanStack Router tracing integration and a replay that masks text and inputs and blocks media", () => {
    const options = buildSentryOptions(
      Sentry,
      { VITE_SENTRY_DSN: "https://k@o1.ingest.sentry.io/1", VITE_SITE_URL: "https://studymap.app" },
      router,
      "https://studymap.app",
    );
    const integrations = options?.integrations as Array<{ name: string; options?: Record<string, unknown> }>;
    expect(integrations.map((integration) => integration.name)).toEqual(["BrowserTracing", "Replay"]);
    const replay = integrations[1] as unknown as { _initialOptions: Record<string, unknown> };
    expect(replay._initialOptions).toMatchObject({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
  });

  it("takes environment and release from env", () => {
    const options = buildSentryOptions(
      Sentry,
      {
        VITE_SENTRY_DSN: "https://k@o1.ingest.sentry.io/1",
        MODE: "production",
        VITE_SENTRY_RELEASE: "1.2.3",
      },
      router,
      "https://studymap.app",
    );
    expect(options).toMatchObject({ environment: "production", release: "1.2.3" });
  });
});

describe("tracePropagationTargets (docs/product.md §1)", () => {
  const targets = tracePropagationTargets("https://www.studymap.app");

  it.each([
    "http://localhost:54321/rest/v1/topics",
    "https://studymap.app/api/v1/runs",
    "https://www.studymap.app/api",
    "https://api.studymap.app/v1/anything",
    "https://api.studymap.app",
  ])("attaches headers to %s", (url) => {
    expect(matches(targets, url)).toBe(true);
  });

  it.each([
    "https://studymap.app/studymap",
    "https://studymap.app/apiary",
    "https://plausible.io/api/event",
    "https://api.other.app/v1",
    "https://studymap.app.evil.example/api",
    "https://xyz.supabase.co/rest/v1/topics",
  ])("attaches no headers to %s", (url) => {
    expect(matches(targets, url)).toBe(false);
  });
});

describe("initSentry", () => {
  it("stays off, and reporting is a no-op, without a DSN", async () => {
    await expect(initSentry({}, router)).resolves.toBe(false);
    expect(() => reportError(new Error("ignored"))).not.toThrow();
  });
});

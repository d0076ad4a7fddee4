import type * as SentryModule from "@sentry/react";

/**
 * Sentry is loaded only when a DSN is configured, and then after the app has started, so the first
 * screen does not wait for (or download) the error reporter and its replay recorder.
 */

export interface SentryEnv {
  VITE_SENTRY_DSN?: string;
  VITE_SENTRY_ENVIRONMENT?: string;
  VITE_SENTRY_RELEASE?: string;
  /** The product's public address, e.g. https://studymap.app; its host and api subdomain get traces. */
  VITE_SITE_URL?: string;
  MODE?: string;
}

/** docs/product.md §1: 50% of traces, 10% of sessions as replays, every session with an error. */
export const SENTRY_SAMPLING = {
  tracesSampleRate: 0.5,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

/** docs/product.md §1: replays mask all text and inputs and block media. */
export const REPLAY_PRIVACY = { maskAllText: true, maskAllInputs: true, blockAllMedia: true } as const;

/**
 * docs/product.md §1: tracing headers go to localhost, to the product's own hosts when the path begins with /api,
 * and to its api subdomain — nowhere else (third parties must not receive trace ids).
 */
export function tracePropagationTargets(siteUrl: string): Array<string | RegExp> {
  const host = new URL(siteUrl).hostname.replace(/^www\./, "");
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [
    "localhost",
    new RegExp(`^https?://(www\\.)?${escaped}(:\\d+)?/api(/|$|\\?)`),
    new RegExp(`^https?://api\\.${escaped}(:\\d+)?(/|$)`),
  ];
}

export type SentryRouter = Parameters<typeof SentryModule.tanstackRouterBrowserTracingIntegration>[0];

/** The options handed to Sentry.init, or null when no DSN is configured (reporting off). */
export function buildSentryOptions(
  Sentry: typeof SentryModule,
  env: SentryEnv,
  router: SentryRouter,
  currentOrigin: string,
): SentryModule.BrowserOptions | null {
  if (!env.VITE_SENTRY_DSN) return null;
  return {
    dsn: env.VITE_SENTRY_DSN,
    environment: env.VITE_SENTRY_ENVIRONMENT ?? env.MODE,
    release: env.VITE_SENTRY_RELEASE,
    ...SENTRY_SAMPLING,
    tracePropagationTargets: tracePropagationTargets(env.VITE_SITE_URL || currentOrigin),
    integrations: [
      Sentry.tanstackRouterBrowserTracingIntegration(router),
      Sentry.replayIntegration(REPLAY_PRIVACY),
    ],
  };
}

let reporter: typeof SentryModule | null = null;

/** Starts error reporting when configured; resolves to whether it is on. */
export async function initSentry(env: SentryEnv, router: SentryRouter): Promise<boolean> {
  if (!env.VITE_SENTRY_DSN) return false;
  const Sentry = await import("@sentry/react");
  const options = buildSentryOptions(Sentry, env, router, window.location.origin);
  if (!options) return false;
  Sentry.init(options);
  reporter = Sentry;
  return true;
}

/** Reports an error that a boundary caught (and so never reached the global handlers). */
export function reportError(error: unknown): void {
  reporter?.captureException(error);
}

/**
 * Privacy-friendly web analytics (a Plausible-compatible script). The manual build of the script is
 * used because a single-page app must report each route change itself.
 */
export interface AnalyticsEnv {
  /** The site's domain as registered with the analytics service; analytics are off without it. */
  VITE_ANALYTICS_DOMAIN?: string;
  /** The script URL (a self-hosted Plausible or a compatible service). */
  VITE_ANALYTICS_SCRIPT_URL?: string;
}

export const DEFAULT_ANALYTICS_SCRIPT_URL = "https://plausible.io/js/script.manual.js";

export interface AnalyticsConfig {
  domain: string;
  scriptUrl: string;
}

type PlausibleFn = ((event: string, options?: { u?: string; props?: Record<string, string> }) => void) & {
  q?: unknown[][];
};

declare global {
  interface Window {
    plausible?: PlausibleFn;
  }
}

export function buildAnalyticsConfig(env: AnalyticsEnv): AnalyticsConfig | null {
  const domain = env.VITE_ANALYTICS_DOMAIN?.trim();
  if (!domain) return null;
  return { domain, scriptUrl: env.VITE_ANALYTICS_SCRIPT_URL?.trim() || DEFAULT_ANALYTICS_SCRIPT_URL };
}

export interface Analytics {
  pageview(url: string): void;
  event(name: string, props?: Record<string, string>): void;
}

const disabled: Analytics = { pageview: () => {}, event: () => {} };

/**
 * Adds the script once and returns the tracker. Calls made before the script has loaded are queued
 * the way the service's own snippet queues them.
 */
export function loadAnalytics(config: AnalyticsConfig | null, doc: Document = document): Analytics {
  if (!config) return disabled;
  const win = doc.defaultView as Window;
  win.plausible ??= Object.assign(
    (...args: unknown[]) => {
      const queued = win.plausible as PlausibleFn;
      queued.q ??= [];
      queued.q.push(args);
    },
    { q: [] as unknown[][] },
  );
  if (!doc.querySelector(`script[data-domain="${config.domain}"]`)) {
    const script = doc.createElement("script");
    script.defer = true;
    script.src = config.scriptUrl;
    script.dataset.domain = config.domain;
    doc.head.appendChild(script);
  }
  return {
    pageview: (url) => win.plausible?.("pageview", { u: url }),
    event: (name, props) => win.plausible?.(name, props ? { props } : undefined),
  };
}

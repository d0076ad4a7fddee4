// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { buildAnalyticsConfig, DEFAULT_ANALYTICS_SCRIPT_URL, loadAnalytics } from "./analytics";

afterEach(() => {
  document.head.innerHTML = "";
  delete window.plausible;
});

describe("buildAnalyticsConfig", () => {
  it("is off when no domain is configured", () => {
    expect(buildAnalyticsConfig({})).toBeNull();
    expect(buildAnalyticsConfig({ VITE_ANALYTICS_DOMAIN: "  " })).toBeNull();
  });

  it("uses the configured script, else the manual Plausible script", () => {
    expect(buildAnalyticsConfig({ VITE_ANALYTICS_DOMAIN: "studymap.app" })).toEqual({
      domain: "studymap.app",
      scriptUrl: DEFAULT_ANALYTICS_SCRIPT_URL,
    });
    expect(
      buildAnalyticsConfig({
        VITE_ANALYTICS_DOMAIN: "studymap.app",
        VITE_ANALYTICS_SCRIPT_URL: "https://stats.studymap.app/js/script.js",
      })?.scriptUrl,
    ).toBe("https://stats.studymap.app/js/script.js");
  });
});

describe("loadAnalytics", () => {
  it("adds nothing and records nothing when off", () => {
    const analytics = loadAnalytics(null);
    analytics.pageview("/studymap");
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(window.plausible).toBeUndefined();
  });

  it("adds the script once with the domain", () => {
    const config = { domain: "studymap.app", scriptUrl: "https://plausible.io/js/script.manual.js" };
    loadAnalytics(config);
    loadAnalytics(config);
    const scripts = document.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute("src")).toBe(config.scriptUrl);
    expect(scripts[0]?.dataset.domain).toBe("studymap.app");
  });

  it("queues pageviews and custom events until the script has loaded", () => {
    const analytics = loadAnalytics({ domain: "studymap.app", scriptUrl: "https://plausible.io/x.js" });
    analytics.pageview("http://localhost/studymap?page=2");
    analytics.event("signup", { topicId: "t1" });
    expect(window.plausible?.q).toEqual([
      ["pageview", { u: "http://localhost/studymap?page=2" }],
      ["signup", { props: { topicId: "t1" } }],
    ]);
  });
});

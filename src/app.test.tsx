import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { membershipRow, recordingAnalytics, signIn, stubEmptyLists } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

const TOPIC_ID = "55555555-5555-4555-8555-555555555555";
let stub: SupabaseStub;

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
});

async function landsOn(app: ReturnType<typeof renderApp>, href: string) {
  await waitFor(() => expect(app.router.state.location.href).toBe(href), { timeout: 3000 });
}

describe("guards and redirects (docs/product.md §2)", () => {
  it("sends a visitor from / to /login", async () => {
    await landsOn(renderApp(stub, "/"), "/login");
  });

  it("sends a signed-in user from / to /studymap", async () => {
    await signIn(stub);
    await landsOn(renderApp(stub, "/"), "/studymap");
  });

  it.each([
    ["/studymap?page=2", "/login?redirectTo=%2Fstudymap%3Fpage%3D2"],
    ["/favorites", "/login?redirectTo=%2Ffavorites"],
    ["/explore", "/login?redirectTo=%2Fexplore"],
    ["/onboarding", "/login?redirectTo=%2Fonboarding"],
    ["/account/settings", "/login?redirectTo=%2Faccount%2Fsettings"],
    [
      `/studymap/topics/${TOPIC_ID}/summary`,
      `/login?redirectTo=%2Fstudymap%2Ftopics%2F${TOPIC_ID}%2Fsummary`,
    ],
    [
      `/subscribe/topic/${TOPIC_ID}?entityId=e`,
      `/login?redirectTo=%2Fsubscribe%2Ftopic%2F${TOPIC_ID}%3FentityId%3De`,
    ],
  ])("sends a visitor from %s to /login with redirectTo", async (from, to) => {
    const app = renderApp(stub, from);
    await landsOn(app, to);
    expect(await screen.findByRole("heading", { name: "Sign in to studymap" })).toBeInTheDocument();
  });

  it("sends an authenticated user away from /login to /studymap", async () => {
    await signIn(stub);
    await landsOn(renderApp(stub, "/login?redirectTo=%2Fexplore"), "/studymap");
  });

  it("sends a user with an active membership from /onboarding to /studymap", async () => {
    await signIn(stub);
    await landsOn(renderApp(stub, "/onboarding"), "/studymap");
  });

  it.each([
    ["/studymap", "/onboarding"],
    ["/favorites", "/onboarding?redirectTo=%2Ffavorites"],
    ["/explore", "/onboarding?redirectTo=%2Fexplore"],
    [
      `/studymap/topics/${TOPIC_ID}/overview`,
      `/onboarding?redirectTo=%2Fstudymap%2Ftopics%2F${TOPIC_ID}%2Foverview`,
    ],
  ])(
    "sends a user without an active membership from %s to onboarding, keeping where they were going",
    async (from, to) => {
      await signIn(stub, { memberships: [membershipRow({ status: "invited" })] });
      const app = renderApp(stub, from);
      await landsOn(app, to);
      expect(await screen.findByRole("heading", { name: "Welcome to studymap" })).toBeInTheDocument();
    },
  );

  it("lets a user without memberships reach account settings", async () => {
    await signIn(stub, { memberships: [] });
    stub.on("GET /rest/v1/profiles", { body: null, status: 200 });
    await landsOn(renderApp(stub, "/account/settings"), "/account/settings");
    expect(await screen.findByRole("heading", { name: "Account settings" })).toBeInTheDocument();
  });

  it("redirects /topics to /studymap", async () => {
    await signIn(stub);
    await landsOn(renderApp(stub, "/topics"), "/studymap");
  });

  it("redirects the collections index to /studymap", async () => {
    await signIn(stub);
    await landsOn(renderApp(stub, "/studymap/collections/"), "/studymap");
  });

  it("redirects a topic's index to its overview", async () => {
    await signIn(stub);
    await landsOn(renderApp(stub, `/studymap/topics/${TOPIC_ID}`), `/studymap/topics/${TOPIC_ID}/overview`);
  });

  it("keeps /topics/{topicId} as an alias of the overview (docs/decisions.md §2)", async () => {
    await signIn(stub);
    await landsOn(renderApp(stub, `/topics/${TOPIC_ID}`), `/studymap/topics/${TOPIC_ID}/overview`);
  });

  it("shows the not-found page for an unknown address", async () => {
    renderApp(stub, "/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  });
});

describe("analytics", () => {
  it("records a pageview on every route change", async () => {
    await signIn(stub);
    const { analytics, pageviews } = recordingAnalytics();
    const app = renderApp(stub, "/studymap", { analytics });
    await landsOn(app, "/studymap");
    await app.router.navigate({ to: "/favorites" });
    await waitFor(() => expect(pageviews.at(-1)).toMatch(/\/favorites$/));
    expect(pageviews.some((url) => url.endsWith("/studymap"))).toBe(true);
  });

  it("forwards a topic route's event search param as a custom event (docs/decisions.md §19)", async () => {
    await signIn(stub);
    stub.on("GET /rest/v1/topics", { body: null, status: 200 });
    const { analytics, events } = recordingAnalytics();
    renderApp(stub, `/studymap/topics/${TOPIC_ID}/overview?event=shared-link`, { analytics });
    await waitFor(() => expect(events).toEqual([{ name: "shared-link", props: { topicId: TOPIC_ID } }]));
  });
});

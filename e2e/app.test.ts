import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./support/accessibility.ts";
import { launchChromium, openPage, screenshot, signInWithCode, uniqueEmail } from "./support/browser.ts";

/**
 * The web client in Debian's Chromium against the real local stack: sign-in with a code from the inbox,
 * onboarding, a topic with a PDF upload, favorites, pagination, guards and redirects, theme, the error
 * screen. Screenshots of each main screen land in test-results/screenshots/.
 */
let browser: Browser;
const webUrl = inject("webUrl");
let admin: SupabaseClient;

const learner = { email: uniqueEmail("learner"), organisation: `E2E Academy ${Date.now().toString(36)}` };
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let topicId: string;

beforeAll(async () => {
  const stack = inject("stack");
  admin = createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  browser = await launchChromium();
  context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 900 } });
  ({ page, consoleErrors } = await openPage(context));
});

afterAll(async () => {
  await browser?.close();
});

async function samplePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [heading, body] of [
    ["Photosynthesis", "Plants turn light, water and carbon dioxide into sugar and oxygen."],
    ["Chlorophyll", "Chlorophyll absorbs red and blue light and reflects green light."],
  ] as const) {
    const sheet = pdf.addPage([595, 842]);
    sheet.drawText(heading, { x: 50, y: 780, size: 20, font });
    sheet.drawText(body, { x: 50, y: 740, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}

describe("signing in and onboarding", () => {
  it("sends a visitor to /login with redirectTo set to where they were going", async () => {
    await page.goto("/favorites");
    await page.waitForURL("**/login?redirectTo=%2Ffavorites");
    await expectVisible(page.getByRole("heading", { name: "Sign in to studymap" }));
    await screenshot(page, "login");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("signs in a new learner with the code from the inbox and onboards them", async () => {
    await signInWithCode(page, learner.email);
    // redirectTo was /favorites, whose guard sends a learner without an organisation to onboarding,
    // which keeps the deep link and goes there once the learner has an organisation.
    await page.waitForURL((url) => url.pathname === "/onboarding");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/favorites");
    await expectVisible(page.getByRole("heading", { name: "Welcome to studymap" }));
    await screenshot(page, "onboarding");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Organisation name").fill(learner.organisation);
    await page.getByRole("button", { name: "Create organisation" }).click();
    await page.waitForURL((url) => url.pathname === "/favorites");
    await page.goto("/studymap");
    await expectVisible(page.getByRole("heading", { name: learner.organisation }));
    await expectVisible(page.getByRole("heading", { name: "No topics yet" }));
    await screenshot(page, "dashboard-empty");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("sends a signed-in learner away from /login and /onboarding", async () => {
    await page.goto("/login");
    await page.waitForURL((url) => url.pathname === "/studymap");
    await page.goto("/onboarding");
    await page.waitForURL((url) => url.pathname === "/studymap");
  });
});

describe("topics", () => {
  it("creates a topic with a PDF uploaded to the sources bucket and opens its structure review", async () => {
    await page.goto("/studymap/topics/new");
    await page.getByLabel("Title").fill("Photosynthesis");
    await page.getByLabel("Description").fill("How plants make sugar from light.");
    await page.getByLabel("Level").fill("CEFR B1");
    await page.getByLabel("Source files").setInputFiles({
      name: "photosynthesis notes.pdf",
      mimeType: "application/pdf",
      buffer: await samplePdf(),
    });
    await page.getByLabel("Pasted text").fill("Stomata let carbon dioxide into the leaf.");
    await screenshot(page, "new-topic");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create topic" }).click();
    await page.waitForURL(/\/studymap\/topics\/[0-9a-f-]{36}\/structure-review$/, { timeout: 30_000 });
    topicId = new URL(page.url()).pathname.split("/")[3] as string;

    const { data: topic } = await admin
      .from("topics")
      .select("title, entity_id, processing_status")
      .eq("id", topicId)
      .single();
    expect(topic?.title).toBe("Photosynthesis");
    const { data: sources } = await admin
      .from("topic_sources")
      .select("kind, file_name, file_path, pasted_text")
      .eq("topic_id", topicId)
      .order("kind");
    expect(sources).toEqual([
      {
        kind: "pasted",
        file_name: null,
        file_path: null,
        pasted_text: "Stomata let carbon dioxide into the leaf.",
      },
      {
        kind: "pdf",
        file_name: "photosynthesis notes.pdf",
        file_path: `${topic?.entity_id}/${topicId}/photosynthesis-notes.pdf`,
        pasted_text: null,
      },
    ]);
    const { data: stored, error } = await admin.storage
      .from("sources")
      .download(`${topic?.entity_id}/${topicId}/photosynthesis-notes.pdf`);
    expect(error).toBeNull();
    expect(
      Buffer.from(await (stored as Blob).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("shows the topic hub", async () => {
    await page.goto(`/studymap/topics/${topicId}`);
    await page.waitForURL(`**/studymap/topics/${topicId}/overview`);
    await expectVisible(page.getByRole("heading", { level: 1, name: "Photosynthesis" }));
    for (const name of [
      "Structure review",
      "Summary",
      "Micro-learning",
      "Quizzes",
      "Slide deck",
      "Podcast",
    ]) {
      await expectVisible(page.getByRole("main").getByRole("link", { name, exact: true }).first());
    }
    await screenshot(page, "topic-overview");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("stars a topic on its card and lists it under favorites", async () => {
    await page.goto("/studymap");
    await page.getByRole("button", { name: "Add Photosynthesis to favorites" }).click();
    await expectVisible(page.getByRole("button", { name: "Remove Photosynthesis from favorites" }));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Favorites" }).click();
    await page.waitForURL("**/favorites");
    await expectVisible(page.getByRole("link", { name: "Photosynthesis" }));
    await screenshot(page, "favorites");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("pages through the dashboard with the page search param", async () => {
    const { data: entity } = await admin
      .from("core_entities")
      .select("id")
      .eq("name", learner.organisation)
      .single();
    const { data: owner } = await admin.from("profiles").select("id").eq("email", learner.email).single();
    const rows = Array.from({ length: 13 }, (_, index) => ({
      entity_id: entity?.id,
      created_by: owner?.id,
      title: `Extra topic ${String(index + 1).padStart(2, "0")}`,
    }));
    const { error } = await admin.from("topics").insert(rows);
    expect(error).toBeNull();

    await page.goto("/studymap");
    await expectVisible(page.getByText("Page 1 of 2"));
    await screenshot(page, "dashboard");
    expect(await seriousViolations(page)).toEqual([]);
    // Topics without a thumbnail each get a decorative placeholder of their own, made from the title.
    const placeholders = page.getByTestId("topic-placeholder");
    const looks = await placeholders.evaluateAll((nodes) =>
      nodes.map(
        (node) => `${getComputedStyle(node.parentElement as Element).backgroundImage} ${node.className}`,
      ),
    );
    expect(looks.length).toBe(12);
    expect(new Set(looks).size).toBe(looks.length);
    expect(await placeholders.first().getAttribute("aria-hidden")).toBe("true");
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL("**/studymap?page=2");
    await expectVisible(page.getByText("Page 2 of 2"));
    await page.locator('[data-testid="topic-results"][aria-busy="false"]').waitFor();
    expect(
      await page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 3 }) })
        .count(),
    ).toBe(2);
    await page.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL((url) => url.pathname === "/studymap" && url.search === "");
  });

  it("keeps the topics in place on a phone while many collections load (issue 24)", async () => {
    const { data: entity } = await admin
      .from("core_entities")
      .select("id")
      .eq("name", learner.organisation)
      .single();
    const { data: owner } = await admin.from("profiles").select("id").eq("email", learner.email).single();
    const collections = Array.from({ length: 8 }, (_, index) => ({
      entity_id: entity?.id,
      created_by: owner?.id,
      title: `Collection ${index + 1}`,
    }));
    expect((await admin.from("modules").insert(collections)).error).toBeNull();

    // Layout shifts as Lighthouse counts them (its CLS on /studymap was 0.52 with 10 collections).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto("/studymap");
      await expectVisible(page.getByRole("link", { name: "Collection 1", exact: true }));
      await page.locator('[data-testid="topic-results"][aria-busy="false"]').waitFor();
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      );
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.1);
      await screenshot(page, "dashboard-phone");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe("settings", () => {
  it("keeps the chosen theme across a reload", async () => {
    await page.goto("/account/settings");
    await page.getByText("Dark", { exact: true }).click();
    expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");
    await page.reload();
    await expectVisible(page.getByRole("heading", { name: "Account settings" }));
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await screenshot(page, "settings-dark");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByText("System", { exact: true }).click();
  });
});

describe("errors", () => {
  it("shows the error screen when data cannot be loaded, and recovers with Probeer opnieuw", async () => {
    const failing = context.newPage();
    const errorPage = await failing;
    await errorPage.route("**/rest/v1/topics?**", (route) => route.abort());
    await errorPage.goto(`/studymap/topics/${topicId}/overview`);
    await expectVisible(errorPage.getByRole("heading", { name: "Er is iets mis gegaan" }), 30_000);
    await expectVisible(
      errorPage.getByText("We hebben een fout gedetecteerd. Probeer de pagina te vernieuwen."),
    );
    await screenshot(errorPage, "error-screen");
    await errorPage.unroute("**/rest/v1/topics?**");
    await errorPage.getByRole("button", { name: "Probeer opnieuw" }).click();
    await expectVisible(errorPage.getByRole("heading", { level: 1, name: "Photosynthesis" }));
    await errorPage.close();
  });

  it("shows the not-found page for an unknown address", async () => {
    await page.goto("/no/such/page");
    await expectVisible(page.getByRole("heading", { name: "Page not found" }));
  });
});

describe("returning learners", () => {
  it("go back to redirectTo after signing in", async () => {
    const other = await browser.newContext({ baseURL: webUrl });
    const { page: fresh } = await openPage(other);
    await fresh.goto(`/studymap/topics/${topicId}/summary`);
    await fresh.waitForURL(/\/login\?redirectTo=/);
    await signInWithCode(fresh, learner.email);
    await fresh.waitForURL(`**/studymap/topics/${topicId}/summary`);
    await expectVisible(fresh.getByRole("heading", { level: 1, name: "Photosynthesis" }));
    await other.close();
  });

  it("sign out to /login, and the guards then send them back there", async () => {
    await page.goto("/account/settings");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");
    await page.goto("/studymap");
    await page.waitForURL("**/login?redirectTo=%2Fstudymap");
  });

  it("logged no console errors on the way", () => {
    expect(consoleErrors).toEqual([]);
  });
});

async function expectVisible(locator: ReturnType<Page["getByRole"]>, timeout = 15_000): Promise<void> {
  await locator.waitFor({ state: "visible", timeout });
}

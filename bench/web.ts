/**
 * Lighthouse on the production build, signed in, with its mobile preset (simulated slow 4G and a 4×
 * slower CPU): performance, LCP, TBT and accessibility per main page, as the median of `--runs` runs.
 *
 *   npm run bench:web [-- --runs 3] [--pages studymap,micro] [--save <folder>]
 *
 * `--pages` keeps the pages whose name contains one of the words; `--save` keeps each run's report and
 * the trace Lighthouse simulated from (`*.trace.json`); `--demo-seed-only` measures on
 * supabase/seed.sql alone, to compare with the grown organisation on the same machine.
 *
 * Starts a throwaway stack with the demo data and grows the demo school into a realistic organisation
 * (bench/web-seed.ts: 200 topics in 10 collections, 50 favourites and course progress for the admin),
 * builds the web client against it and serves it with
 * `vite preview` (e2e/setup/web.ts: the files a static host serves), signs in as the demo admin through
 * the login page in Debian's Chromium (as e2e/ finds it), then runs npm `lighthouse` against that
 * browser for each page. The browser keeps the session between runs (Lighthouse's storage reset would
 * sign it out); its HTTP cache is cleared before every run, so each run loads everything again.
 * Figures only; nothing is asserted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { freePort } from "../devstack/postgres.ts";
import { startStack } from "../devstack/stack.ts";
import { serveClient } from "../e2e/setup/web.ts";
import { CHROMIUM_ARGS } from "../e2e/support/browser.ts";
import { ensureCommand } from "../scripts/system-deps.ts";
import { median } from "./gateway-client.ts";
import { inboxCode } from "./inbox-code.ts";
import { SEEDED_TOPIC_TOTAL, seedLargeOrganisation } from "./web-seed.ts";

/** `--save` keeps every run's full Lighthouse JSON (long tasks, LCP breakdown, unused JS) and trace. */
const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    save: { type: "string" },
    pages: { type: "string" },
    "demo-seed-only": { type: "boolean", default: false },
  },
});

const EMAIL = "ada.admin@studymap.test";
/** De Gouden Eeuw in supabase/seed.sql: completed, with a published course. */
const TOPIC_ID = "5eed0004-0000-4000-8000-000000000002";

const PAGES = [
  { name: "/login", path: "/login", signedIn: false },
  { name: "/studymap", path: "/studymap", signedIn: true },
  { name: "topic overview", path: `/studymap/topics/${TOPIC_ID}/overview`, signedIn: true },
  { name: "micro-learning overview", path: `/studymap/topics/${TOPIC_ID}/microlearning/`, signedIn: true },
];

interface Run {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  accessibility: number;
}

async function main(): Promise<void> {
  ensureCommand("chromium", "chromium");
  const stack = await startStack({ mode: "test", seed: true });
  if (!args["demo-seed-only"]) {
    const seeded = await seedLargeOrganisation(stack.databaseUrl).catch(async (error) => {
      await stack.stop();
      throw error;
    });
    console.log(
      `Demo school: ${seeded.topics} topics in ${seeded.collections} collections; the admin has ${seeded.favourites} favourites and progress on ${seeded.progress} activities.`,
    );
  }
  const client = await serveClient(stack);
  const profile = mkdtempSync(path.join(tmpdir(), "studymap-lighthouse-"));
  const port = await freePort();
  // One persistent context: Lighthouse's tabs open in it and so share the signed-in session.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const results = new Map<string, Run[]>();
    const runs = Number(args.runs);
    const only = args.pages?.split(",");
    for (const target of PAGES.filter((page) => !only || only.some((name) => page.name.includes(name)))) {
      if (target.signedIn) await signIn(page, client.url, stack.supabaseUrl);
      else await signOut(page, client.url);
      const cdp = await browser.newCDPSession(page);
      for (let run = 0; run < runs; run++) {
        await cdp.send("Network.clearBrowserCache");
        const result = await lighthouse(`${client.url}${target.path}`, {
          port,
          logLevel: "error",
          output: "json",
          onlyCategories: ["performance", "accessibility"],
          disableStorageReset: true,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${target.path}`);
        if (args.save) {
          mkdirSync(args.save, { recursive: true });
          const file = `${target.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}-${run + 1}.json`;
          writeFileSync(path.join(args.save, file), JSON.stringify(lhr));
          const trace = (result.artifacts as { Trace?: unknown }).Trace;
          if (trace)
            writeFileSync(
              path.join(args.save, file.replace(/\.json$/, ".trace.json")),
              JSON.stringify(trace),
            );
        }
        if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.includes(target.path.replace(/\/$/, ""))) {
          throw new Error(`${target.path} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
        }
        const runResult = {
          performance: lhr.categories.performance?.score ?? Number.NaN,
          lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
          tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          accessibility: lhr.categories.accessibility?.score ?? Number.NaN,
        };
        const failing = Object.values(lhr.audits)
          .filter((audit) => lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id))
          .filter((audit) => audit.score === 0)
          .map((audit) => audit.id);
        if (failing.length)
          console.error(`  ${target.name}: accessibility audits failing: ${failing.join(", ")}`);
        results.set(target.name, [...(results.get(target.name) ?? []), runResult]);
      }
      await cdp.detach();
    }
    console.log(
      `\nLighthouse ${lighthouseVersion()}, mobile preset, production build, ${args["demo-seed-only"] ? "supabase/seed.sql alone" : `${SEEDED_TOPIC_TOTAL} topics seeded`}, median of ${runs} runs:\n`,
    );
    console.log("| page | performance | LCP | TBT | accessibility |");
    console.log("| --- | --- | --- | --- | --- |");
    for (const [name, list] of results) {
      const m = (pick: (run: Run) => number) => median(list.map(pick));
      console.log(
        `| ${name} | ${m((r) => r.performance).toFixed(2)} | ${(m((r) => r.lcpMs) / 1000).toFixed(1)} s | ${m((r) => r.tbtMs).toFixed(0)} ms | ${m((r) => r.accessibility).toFixed(2)} |`,
      );
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
    await client.stop();
    await stack.stop();
  }
}

function lighthouseVersion(): string {
  return (lighthouse as unknown as { version?: string }).version ?? "12";
}

async function signIn(page: import("playwright-core").Page, webUrl: string, supabaseUrl: string) {
  await page.goto(`${webUrl}/studymap`);
  await page.waitForLoadState("networkidle");
  if (!page.url().includes("/login")) return;
  await page.getByLabel("E-mail address").fill(EMAIL);
  const sent = new Date(Date.now() - 1000);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Sign-in code").fill(await inboxCode(supabaseUrl, EMAIL, sent));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/studymap/);
}

async function signOut(page: import("playwright-core").Page, webUrl: string) {
  await page.goto(webUrl);
  await page.evaluate(() => localStorage.clear());
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

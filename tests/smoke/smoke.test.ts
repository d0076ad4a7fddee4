import { expect, inject, it } from "vitest";
import { PHASE_KINDS } from "../../src/domain/phase.ts";
import { runSmokeJourney, smokeTargetSchema } from "./journey.ts";

/** The smoke test `npm run smoke` runs against a deployment, here against the local stack. */
it("the main journey passes against the local stack: code sign-in to a finished first phase", async () => {
  const stack = inject("stack");
  const target = smokeTargetSchema.parse({
    STUDYMAP_SMOKE_SUPABASE_URL: stack.supabaseUrl,
    STUDYMAP_SMOKE_ANON_KEY: stack.anonKey,
    // An external stack (scripts/external-stack.ts) names its task API and inbox kind; locally the
    // gateway serves both.
    STUDYMAP_SMOKE_TRIGGER_API_URL: process.env.STUDYMAP_TEST_TRIGGER_API_URL ?? stack.supabaseUrl,
    STUDYMAP_SMOKE_INBOX_URL: stack.inboxUrl,
    STUDYMAP_SMOKE_INBOX_KIND: process.env.STUDYMAP_TEST_INBOX_KIND ?? "local",
    STUDYMAP_SMOKE_TIMEOUT: "100",
  });
  const report = await runSmokeJourney(target);
  expect(report.chapters).toBeGreaterThan(0);
  expect(report.phase).toBe(PHASE_KINDS[0]);
  expect(report.steps.map((step) => step.step)).toEqual([
    "sign in",
    "an organisation to create in",
    "create a topic with a pasted source",
    "start structure generation",
    "structure generated",
    "accept the structure",
    "start the learning path",
    "learning path generated",
    "finish phase overview of the first chapter",
  ]);
}, 240_000);

it("refuses a target it cannot sign in to", () => {
  const parsed = smokeTargetSchema.safeParse({
    STUDYMAP_SMOKE_SUPABASE_URL: "https://abcdefghijklmnopqrst.supabase.co",
    STUDYMAP_SMOKE_ANON_KEY: "anon",
  });
  expect(parsed.success).toBe(false);
});

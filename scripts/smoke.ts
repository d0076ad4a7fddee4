import { z } from "zod";
import { runSmokeJourney, smokeTargetSchema } from "../tests/smoke/journey.ts";

/**
 * `npm run smoke`: the main journey (tests/smoke/journey.ts) against the deployment the environment
 * names, e.g. production after `npm run deploy`:
 *
 *   STUDYMAP_SMOKE_SUPABASE_URL=https://<ref>.supabase.co STUDYMAP_SMOKE_ANON_KEY=… \
 *   STUDYMAP_SMOKE_EMAIL=smoke@example.org STUDYMAP_SMOKE_PASSWORD=… npm run smoke
 *
 * or against `supabase start` with codes from its Mailpit inbox:
 *
 *   STUDYMAP_SMOKE_SUPABASE_URL=http://127.0.0.1:54321 STUDYMAP_SMOKE_ANON_KEY=… \
 *   STUDYMAP_SMOKE_TRIGGER_API_URL=http://localhost:3030 \
 *   STUDYMAP_SMOKE_INBOX_URL=http://127.0.0.1:54324 STUDYMAP_SMOKE_INBOX_KIND=mailpit npm run smoke
 */
async function main(): Promise<number> {
  const parsed = smokeTargetSchema.safeParse(process.env);
  if (!parsed.success) {
    console.error(`The smoke test needs a target:\n${z.prettifyError(parsed.error)}`);
    return 2;
  }
  console.log(`Smoke test against ${parsed.data.STUDYMAP_SMOKE_SUPABASE_URL}`);
  const report = await runSmokeJourney(parsed.data, (line) => console.log(line));
  console.log(`Passed: topic ${report.topicId}, ${report.chapters} chapters, phase ${report.phase} done.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Smoke test failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

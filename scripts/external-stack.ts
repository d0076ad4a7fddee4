import { z } from "zod";
import type { StackInfo } from "../devstack/stack.ts";

/**
 * `npm test` against a stack it did not start (e.g. `supabase start` with `supabase functions serve`
 * and `npx trigger.dev dev`): set STUDYMAP_TEST_DATABASE_URL and the variables below, and the suite runs
 * against it instead of starting its own. Values for `supabase start` come from `supabase status -o env`.
 * The smoke test (tests/smoke) also reads STUDYMAP_TEST_TRIGGER_API_URL (`npx trigger.dev dev`: the
 * Trigger.dev API its dev environment uses) and STUDYMAP_TEST_INBOX_KIND=mailpit.
 */
const externalStackSchema = z.object({
  STUDYMAP_TEST_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "a postgres:// URL"),
  STUDYMAP_TEST_SUPABASE_URL: z.url(),
  STUDYMAP_TEST_ANON_KEY: z.string().min(1),
  STUDYMAP_TEST_SERVICE_ROLE_KEY: z.string().min(1),
  STUDYMAP_TEST_JWT_SECRET: z.string().min(1),
  /** Where auth mails land (`supabase start`: Mailpit, http://127.0.0.1:54324). */
  STUDYMAP_TEST_INBOX_URL: z.url(),
  STUDYMAP_TEST_SITE_URL: z.url().default("http://127.0.0.1:5173"),
  /** The functions' TRIGGER_SECRET_KEY and GENERATION_GRANT_SECRET (`supabase/functions/.env`). */
  STUDYMAP_TEST_TRIGGER_SECRET_KEY: z.string().min(1),
  STUDYMAP_TEST_GENERATION_GRANT_SECRET: z.string().min(32),
});

/** The external stack the environment names, or null when it names none (the suite starts its own). */
export function externalStack(env: Record<string, string | undefined>): StackInfo | null {
  if (!env.STUDYMAP_TEST_DATABASE_URL) return null;
  const parsed = externalStackSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `STUDYMAP_TEST_DATABASE_URL names an external stack, but:\n${z.prettifyError(parsed.error)}`,
    );
  }
  const values = parsed.data;
  return {
    databaseUrl: values.STUDYMAP_TEST_DATABASE_URL,
    supabaseUrl: values.STUDYMAP_TEST_SUPABASE_URL,
    anonKey: values.STUDYMAP_TEST_ANON_KEY,
    serviceRoleKey: values.STUDYMAP_TEST_SERVICE_ROLE_KEY,
    jwtSecret: values.STUDYMAP_TEST_JWT_SECRET,
    inboxUrl: values.STUDYMAP_TEST_INBOX_URL,
    siteUrl: values.STUDYMAP_TEST_SITE_URL,
    stateDir: "",
    triggerSecretKey: values.STUDYMAP_TEST_TRIGGER_SECRET_KEY,
    generationGrantSecret: values.STUDYMAP_TEST_GENERATION_GRANT_SECRET,
  };
}

import { describe, expect, it } from "vitest";
import { externalStack } from "./external-stack.ts";

const SUPABASE_START = {
  STUDYMAP_TEST_DATABASE_URL: "postgresql://postgres:postgres@127.0.0.1:54322/postgres",
  STUDYMAP_TEST_SUPABASE_URL: "http://127.0.0.1:54321",
  STUDYMAP_TEST_ANON_KEY: "anon-key",
  STUDYMAP_TEST_SERVICE_ROLE_KEY: "service-role-key",
  STUDYMAP_TEST_JWT_SECRET: "super-secret-jwt-token-with-at-least-32-characters-long",
  STUDYMAP_TEST_INBOX_URL: "http://127.0.0.1:54324",
  STUDYMAP_TEST_TRIGGER_SECRET_KEY: "tr_dev_secret",
  STUDYMAP_TEST_GENERATION_GRANT_SECRET: "grant-secret-grant-secret-grant-secret-0123",
};

describe("npm test against an external stack", () => {
  it("starts its own stack when the environment names none", () => {
    expect(externalStack({})).toBeNull();
  });

  it("takes `supabase start`'s addresses and keys from the environment", () => {
    expect(externalStack(SUPABASE_START)).toEqual({
      databaseUrl: SUPABASE_START.STUDYMAP_TEST_DATABASE_URL,
      supabaseUrl: SUPABASE_START.STUDYMAP_TEST_SUPABASE_URL,
      anonKey: "anon-key",
      serviceRoleKey: "service-role-key",
      jwtSecret: SUPABASE_START.STUDYMAP_TEST_JWT_SECRET,
      inboxUrl: SUPABASE_START.STUDYMAP_TEST_INBOX_URL,
      siteUrl: "http://127.0.0.1:5173",
      stateDir: "",
      triggerSecretKey: "tr_dev_secret",
      generationGrantSecret: SUPABASE_START.STUDYMAP_TEST_GENERATION_GRANT_SECRET,
    });
  });

  it("refuses a half-named stack instead of testing something else", () => {
    const { STUDYMAP_TEST_ANON_KEY: _anon, ...partial } = SUPABASE_START;
    expect(() => externalStack(partial)).toThrow(/STUDYMAP_TEST_ANON_KEY/);
  });
});

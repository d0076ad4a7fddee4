import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fixtures, type TestUser } from "../functions/support.ts";

/**
 * The explicit grants (20261123000400_explicit_grants.sql) as the REST API answers them: a role without
 * the privilege is refused outright (401 for anon, 403 signed in, code 42501), as PostgREST does on a
 * Supabase project that grants nothing by default, rather than silently matching no row.
 */
const fixtures = new Fixtures();
let user: TestUser;

beforeAll(async () => {
  user = await fixtures.user("grants");
});
afterAll(() => fixtures.end());

describe("REST API privileges", () => {
  it("anon reads no table: 401 permission denied", async () => {
    const anon = createClient(fixtures.stack.supabaseUrl, fixtures.stack.anonKey, {
      auth: { persistSession: false },
    });
    for (const table of ["topics", "profiles", "core_entities", "subjects"]) {
      const { error, status } = await anon.from(table).select("id").limit(1);
      expect({ table, status, code: error?.code }).toEqual({ table, status: 401, code: "42501" });
    }
  });

  it("a signed-in user may read subjects but not rename one: 403, not an empty update", async () => {
    expect((await user.supabase.from("subjects").select("id").limit(1)).error).toBeNull();
    const { error, status } = await user.supabase
      .from("subjects")
      .update({ title: "Renamed" })
      .neq("title", "");
    expect({ status, code: error?.code }).toEqual({ status: 403, code: "42501" });
  });

  it("a signed-in user may not insert an organisation directly (create_entity is the way in)", async () => {
    const { error, status } = await user.supabase.from("core_entities").insert({ name: "Direct" });
    expect({ status, code: error?.code }).toEqual({ status: 403, code: "42501" });
  });
});

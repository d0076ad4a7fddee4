import { readFileSync } from "node:fs";
import { expect, inject, it } from "vitest";
import { generateTypes, TYPES_FILE } from "../../scripts/gen-types.ts";

/** The checked-in database types must be what the Supabase CLI generates from the migrated schema. */
it("supabase/types/database.types.ts is up to date with the migrations (npm run db:types)", async () => {
  const generated = await generateTypes(inject("stack").databaseUrl);
  const checkedIn = readFileSync(TYPES_FILE, "utf8");
  expect(checkedIn, "stale database types: run `npm run db:types` and commit the result").toBe(generated);
});

import { prepareDatabase } from "../devstack/migrate.ts";

/**
 * `npm run db:prepare -- <postgres-url> [--seed]`: what `npm start` does to its own database, for any
 * Postgres the URL names — the platform bootstrap, the pending migrations of supabase/migrations and,
 * with --seed on a database that had none, supabase/seed.sql. The local stand-in for
 * `supabase db reset --db-url`; tests/database/seed.test.ts prepares its fresh database with it.
 */
async function main(argv: string[]): Promise<number> {
  const url = argv.find((arg) => !arg.startsWith("--"));
  if (!url) {
    console.error("usage: npm run db:prepare -- <postgres-url> [--seed]");
    return 2;
  }
  const prepared = await prepareDatabase(url, { seed: argv.includes("--seed") });
  for (const file of prepared.applied) console.log(`migration applied: ${file}`);
  if (prepared.seeded) console.log("seed applied: supabase/seed.sql");
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

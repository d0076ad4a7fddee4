import { expect, inject, it } from "vitest";
import { cliDatabaseUrl, supabaseCli } from "../../scripts/gen-types.ts";

interface Finding {
  level: string;
  name: string;
  detail: string;
}

/**
 * Supabase's own security and performance lints (the dashboard's Advisors) against the migrated
 * database: `supabase db advisors --type all --fail-on warn` must pass.
 */
it("supabase db advisors finds nothing at level warn or above", async () => {
  const args = [
    "db",
    "advisors",
    `--remote=${cliDatabaseUrl(inject("stack").databaseUrl)}`,
    "--type",
    "all",
    "--level",
    "warn",
    "--fail-on",
    "warn",
    "--output-format",
    "json",
  ];
  const outcome = await supabaseCli(args).then(
    ({ stdout }) => ({ passed: true, stdout }),
    (error: { stdout?: string }) => ({ passed: false, stdout: error.stdout ?? "" }),
  );
  const findings = parseFindings(outcome.stdout);
  expect(findings.map((finding) => `${finding.level} ${finding.name}: ${finding.detail}`)).toEqual([]);
  expect(outcome.passed).toBe(true);
});

function parseFindings(stdout: string): Finding[] {
  const start = stdout.indexOf("{");
  if (start < 0) return [];
  return (JSON.parse(stdout.slice(start)) as { results?: Finding[] }).results ?? [];
}

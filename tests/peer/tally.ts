import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { skipRule } from "./setup/skips.ts";

/**
 * The peer figures from a Vitest JSON report (`--reporter=json --outputFile.json=<file>`), per vendored
 * file: server-calling tests passed out of all server-calling ones (those that sent a request to the
 * stack, plus the skipped ones that would), and every test's outcome.
 *
 *   npx tsx tests/peer/tally.ts <report.json>
 */
interface Assertion {
  ancestorTitles: string[];
  title: string;
  status: "passed" | "failed" | "skipped" | "pending" | "todo";
  meta?: { calledStack?: boolean };
}

interface Report {
  testResults: Array<{ name: string; assertionResults: Assertion[] }>;
}

export interface FileTally {
  file: string;
  server: { passed: number; total: number };
  all: { passed: number; failed: number; skipped: number };
}

const SKIP_SUFFIX = / \[skipped: .*\]$/;

export function tally(report: Report): FileTally[] {
  return report.testResults
    .filter((result) => result.name.includes("/tests/peer/"))
    .map((result) => {
      const file = result.name.split("/tests/peer/").at(-1) ?? result.name;
      const callsServer = (test: Assertion) => {
        if (test.meta?.calledStack) return true;
        const name = [...test.ancestorTitles, test.title.replace(SKIP_SUFFIX, "")].join(" > ");
        return test.status !== "passed" && test.status !== "failed" && !!skipRule(file, name)?.callsServer;
      };
      const tests = result.assertionResults;
      const server = tests.filter(callsServer);
      return {
        file,
        server: { passed: server.filter((test) => test.status === "passed").length, total: server.length },
        all: {
          passed: tests.filter((test) => test.status === "passed").length,
          failed: tests.filter((test) => test.status === "failed").length,
          skipped: tests.filter((test) => test.status !== "passed" && test.status !== "failed").length,
        },
      };
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: npx tsx tests/peer/tally.ts <vitest-report.json>");
  const rows = tally(JSON.parse(readFileSync(file, "utf8")) as Report);
  for (const row of rows) {
    const { server, all } = row;
    console.log(
      `${row.file}: server-calling ${server.passed}/${server.total}; all ${all.passed} passed, ${all.failed} failed, ${all.skipped} skipped`,
    );
  }
  const passed = rows.reduce((sum, row) => sum + row.server.passed, 0);
  const total = rows.reduce((sum, row) => sum + row.server.total, 0);
  console.log(`server-calling: ${passed}/${total} (${total ? Math.round((100 * passed) / total) : 0} %)`);
}

import path from "node:path";
import { cruise, type IForbiddenRuleType, type IReporterOutput } from "dependency-cruiser";

/**
 * The import boundaries of the repository, checked by dependency-cruiser in `npm run check`
 * (docs/architecture.md draws them):
 * - the local stack (`devstack/`) is a tool: only its own code (its conformance tests included),
 *   `scripts/`, `bench/` and the test harness that starts it (`tests/setup`, `e2e/setup`) import it,
 *   and it imports nothing of the product; product tests know only the running stack's StackInfo;
 * - the task runtime (`trigger/`) is imported only by itself, its tests and benchmarks: the contract
 *   everyone shares with it lives in `src/domain`;
 * - edge functions import nothing from outside `supabase/functions` (that is what deploys);
 * - inside `src`, layers point down: domain ← lib ← components ← features ← routes, and a feature
 *   never imports another feature;
 * - no import cycles anywhere, type-only imports included.
 */

const SOURCES = [
  "src",
  "trigger",
  "devstack",
  "supabase/functions",
  "tests",
  "e2e",
  "bench",
  "scripts",
  "trigger.config.ts",
  "vite.config.ts",
  "vitest.config.ts",
];

/** Tests may reach the test harness (src/testing) and render the whole app from any layer. */
const TEST_FILE = "\\.test\\.tsx?$";

export const rules: IForbiddenRuleType[] = [
  {
    name: "no-cycles",
    comment: "Import cycles (type-only ones too) make modules impossible to read or load on their own.",
    severity: "error",
    from: {},
    to: { circular: true },
  },
  {
    name: "devstack-is-a-tool",
    comment:
      "Only the local stack itself, scripts/, bench/ and the test harness (tests/setup, e2e/setup) import " +
      "devstack/; product tests read the stack's public StackInfo through Vitest's inject('stack').",
    severity: "error",
    from: { pathNot: "^(devstack|scripts|bench)/|^(tests|e2e)/setup/|^tests/peer/setup/" },
    to: { path: "^devstack/" },
  },
  {
    name: "devstack-knows-no-product",
    comment: "The local stack emulates Supabase and Trigger.dev; it must not depend on the product's code.",
    severity: "error",
    from: { path: "^devstack/" },
    to: { path: "^(src|trigger|supabase/functions)/" },
  },
  {
    name: "only-the-task-runtime-imports-trigger",
    comment:
      "What callers share with the tasks (ids, payloads, options) lives in src/domain. Tests of the tasks, " +
      "and e2e tests that prepare a course by running a task in-process, may import them.",
    severity: "error",
    from: { pathNot: "^(trigger/|trigger\\.config\\.ts$|tests/(tasks|generation|storage)/|bench/|e2e/)" },
    to: { path: "^trigger/" },
  },
  {
    name: "functions-deploy-alone",
    comment: "supabase functions deploy bundles only supabase/functions (see npm run functions:domain).",
    severity: "error",
    from: { path: "^supabase/functions/" },
    to: { path: "^(?!supabase/functions/)", dependencyTypes: ["local"] },
  },
  {
    name: "src-is-self-contained",
    comment:
      "The web client imports nothing from the tasks, the local stack, the functions or the tests; of " +
      "supabase/ only the generated database types (type-only, through src/lib/database.ts).",
    severity: "error",
    from: { path: "^src/" },
    to: { path: "^(trigger|devstack|supabase|tests|e2e|bench|scripts)/", pathNot: "^supabase/types/" },
  },
  {
    name: "database-types-through-lib",
    comment: "The generated database types reach the web client through src/lib/database.ts alone.",
    severity: "error",
    from: { path: "^src/", pathNot: "^src/lib/database\\.ts$" },
    to: { path: "^supabase/types/" },
  },
  {
    name: "domain-is-pure",
    comment: "src/domain runs in the browser, Node and Deno: it imports only itself (and zod, jose).",
    severity: "error",
    from: { path: "^src/domain/" },
    to: { path: "^src/", pathNot: "^src/domain/" },
  },
  {
    name: "lib-below-components",
    comment:
      "src/lib (clients, hooks, formatting) is imported by components and features, never the reverse.",
    severity: "error",
    from: { path: "^src/lib/", pathNot: TEST_FILE },
    to: { path: "^src/", pathNot: "^src/(domain|lib)/" },
  },
  {
    name: "components-below-features",
    comment: "Shared components must not import features; move what they need down to lib or domain.",
    severity: "error",
    from: { path: "^src/components/", pathNot: TEST_FILE },
    to: { path: "^src/", pathNot: "^src/(domain|lib|components)/" },
  },
  {
    name: "testing-is-for-tests",
    comment: "src/testing (stubs, fixtures, render helpers) is imported by tests and itself only.",
    severity: "error",
    from: { path: "^src/", pathNot: `${TEST_FILE}|^src/testing/` },
    to: { path: "^src/testing/" },
  },
  {
    name: "features-stay-apart",
    comment: "Features talk through lib, domain and components, not to each other.",
    severity: "error",
    from: { path: "^src/features/([^/]+)/", pathNot: TEST_FILE },
    to: { path: "^src/", pathNot: "^src/(domain|lib|components)/|^src/features/$1/" },
  },
];

/**
 * Cruises `sources` (paths relative to `baseDir`, the repository by default) against the rules; a
 * non-zero exitCode means a violation, which `output` names.
 */
export function checkBoundaries(sources: string[], baseDir?: string): Promise<IReporterOutput> {
  return cruise(
    sources,
    {
      ruleSet: { forbidden: rules },
      validate: true,
      outputType: "err-long",
      tsPreCompilationDeps: true,
      // The repository's tsconfig; a test's scratch tree has none.
      ...(baseDir ? { baseDir } : { tsConfig: { fileName: "tsconfig.json" } }),
      doNotFollow: { path: "node_modules" },
      exclude: { path: "node_modules" },
    },
    { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const result = await checkBoundaries(SOURCES);
  process.stdout.write(String(result.output));
  process.exitCode = result.exitCode === 0 ? 0 : 1;
}

/**
 * Vendored peer tests that are skipped, each with its reason; devstack/README.md lists them too. A
 * rule names the suite's file and matches the test's full name (describe blocks joined by " > ").
 */
interface SkipRule {
  file: string;
  test: RegExp;
  reason: string;
  /** Whether the skipped tests send requests to the server (they count in the server-calling total). */
  callsServer: boolean;
}

const SPIES_ON_SOURCES =
  "spies on storage-js's source module ../src/lib/common/fetch, which the published package bundles (client-only, calls no server)";
const NO_TRANSFORMATIONS = "image transformations (/render/image) are not emulated by the local stack";

export const SKIPS: SkipRule[] = [
  {
    file: "storage-js/upstream/storageBucketApi.test.ts",
    test: /^Bucket API Error Handling > \w+ > throws non-StorageError exceptions$/,
    reason: SPIES_ON_SOURCES,
    callsServer: false,
  },
  {
    file: "storage-js/upstream/storageBucketApi.test.ts",
    test: /^Bucket API Error Handling > listBuckets > (constructs query string with .+|handles empty options object)$/,
    reason: SPIES_ON_SOURCES,
    callsServer: false,
  },
  {
    file: "storage-js/upstream/storageFileApi.test.ts",
    test: /^StorageFileApi Edge Cases > Body Payload Tests > /,
    reason: SPIES_ON_SOURCES,
    callsServer: false,
  },
  {
    file: "storage-js/upstream/storageFileApi.test.ts",
    test: /^(Object API > Transformations > will download an authenticated transformed file|Object API > will get a signed transformed image|download with fetch parameters > download with transform and fetch parameters)$/,
    reason: NO_TRANSFORMATIONS,
    callsServer: true,
  },
  {
    file: "storage-js/upstream/storageFileApi.test.ts",
    test: /^Object API > File operations > list objects V2 - folders$/,
    reason:
      "expects `key` on folder entries; storage-api since its search-v2-optimised migration (0050) folds folders to `{id: null, name}`, which the local stack answers",
    callsServer: true,
  },
  {
    file: "postgrest-js/upstream/transforms.test.ts",
    test: /^geojson$/,
    reason:
      "needs PostGIS (a geometry column read as GeoJSON); the embedded Postgres has no PostGIS, so the suite's schema keeps that column as text",
    callsServer: true,
  },
  {
    file: "postgrest-js/upstream/transforms.test.ts",
    test: /^explain with (json\/text format|options)$/,
    reason:
      "EXPLAIN (Accept: application/vnd.pgrst.plan, which upstream's schema enables with pgrst.db_plan_enabled) is not emulated; hosted Supabase has it off",
    callsServer: true,
  },
];

export function skipRule(file: string, test: string): SkipRule | null {
  return SKIPS.find((skip) => skip.file === file && skip.test.test(test)) ?? null;
}

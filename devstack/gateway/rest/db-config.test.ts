import { describe, expect, it } from "vitest";
import { applySettings, defaultRestConfig, type RestConfig } from "./db-config.ts";

const DEFAULTS = defaultRestConfig(["public"]);

describe("applySettings", () => {
  it("keeps hosted Supabase's defaults without settings: aggregates off, 1000 rows", () => {
    expect(applySettings(DEFAULTS, new Map())).toEqual({
      schemas: ["public"],
      aggregatesEnabled: false,
      maxRows: 1000,
      txEnd: "commit",
    });
  });

  const cases: Array<[string, Record<string, string>, Partial<RestConfig>]> = [
    ["aggregates on", { db_aggregates_enabled: "true" }, { aggregatesEnabled: true }],
    [
      "aggregates on, PostgREST's other spellings",
      { db_aggregates_enabled: " On " },
      { aggregatesEnabled: true },
    ],
    ["aggregates off", { db_aggregates_enabled: "false" }, { aggregatesEnabled: false }],
    ["schemas, blanks trimmed", { db_schemas: "public, personal" }, { schemas: ["public", "personal"] }],
    ["an empty schema list keeps the default", { db_schemas: " , " }, { schemas: ["public"] }],
    ["max rows", { db_max_rows: "25" }, { maxRows: 25 }],
    ["max rows empty: no limit", { db_max_rows: "" }, { maxRows: null }],
    ["max rows malformed keeps the default", { db_max_rows: "many" }, { maxRows: 1000 }],
    [
      "transactions may be rolled back on request",
      { db_tx_end: "commit-allow-override" },
      { txEnd: "commit-allow-override" },
    ],
    ["an unknown transaction end keeps the default", { db_tx_end: "sometimes" }, {}],
    ["settings the stack does not read change nothing", { db_plan_enabled: "true" }, {}],
  ];
  it.each(cases)("%s", (_name, settings, expected) => {
    expect(applySettings(DEFAULTS, new Map(Object.entries(settings)))).toEqual({ ...DEFAULTS, ...expected });
  });
});

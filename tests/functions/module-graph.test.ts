import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * `supabase functions deploy` bundles a function from `supabase/functions`; an import that climbs out
 * of it (as `../../../src/domain/…` once did) fails to deploy. Deno's own module graph of every
 * function must stay inside `supabase/functions`, with npm packages by `npm:` specifier only.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FUNCTIONS = path.join(ROOT, "supabase", "functions");
const DENO = path.join(ROOT, "node_modules", ".bin", "deno");
const run = promisify(execFile);

const functionNames = readdirSync(FUNCTIONS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
  .map((entry) => entry.name);

interface DenoInfo {
  modules: { specifier: string }[];
}

async function moduleGraph(name: string): Promise<string[]> {
  const { stdout } = await run(
    DENO,
    ["info", "--json", "--config", path.join(FUNCTIONS, "deno.json"), path.join(FUNCTIONS, name, "index.ts")],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as DenoInfo).modules.map((module) => module.specifier);
}

describe("edge function module graphs", () => {
  it("finds the functions", () => {
    expect(functionNames).toEqual(
      expect.arrayContaining(["accept-structure", "auth-trigger-dev", "start-structure-generation"]),
    );
  });

  it.each(functionNames)("%s imports nothing from outside supabase/functions", async (name) => {
    const specifiers = await moduleGraph(name);
    const local = specifiers.filter((specifier) => specifier.startsWith("file:"));
    expect(local).toContain(`file://${path.join(FUNCTIONS, name, "index.ts")}`);
    const outside = local.filter((specifier) => !fileURLToPath(specifier).startsWith(FUNCTIONS + path.sep));
    expect(outside, "imports outside supabase/functions do not deploy").toEqual([]);
    const other = specifiers.filter(
      (specifier) => !specifier.startsWith("file:") && !specifier.startsWith("npm:"),
    );
    expect(other, "only npm: specifiers besides local files").toEqual([]);
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { z } from "zod";

/** Function names the Supabase CLI accepts; `_shared` and other helper folders are not functions. */
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The slice of supabase/config.toml the runner honours, with the Supabase CLI's defaults. */
const configSchema = z.looseObject({
  functions: z
    .record(
      z.string(),
      z.looseObject({
        verify_jwt: z.boolean().default(true),
        /** Relative to the supabase folder, like the CLI reads it. */
        import_map: z.string().optional(),
      }),
    )
    .default({}),
});

export interface FunctionLocation {
  name: string;
  entryPath: string;
  /** Import map: config.toml's import_map, else the function's deno.json, else the shared one. */
  configPath: string | null;
  verifyJwt: boolean;
}

/**
 * Where `<supabaseDir>/functions/<name>` lives and how to run it, or null when there is no such
 * function. config.toml is read on every call, so an edit applies without restarting the gateway.
 */
export function locateFunction(supabaseDir: string, name: string): FunctionLocation | null {
  if (!FUNCTION_NAME.test(name)) return null;
  const functionsDir = path.join(supabaseDir, "functions");
  const entryPath = path.join(functionsDir, name, "index.ts");
  if (!existsSync(entryPath)) return null;
  const settings = readConfig(supabaseDir).functions[name];
  const candidates = [
    ...(settings?.import_map ? [path.resolve(supabaseDir, settings.import_map)] : []),
    path.join(functionsDir, name, "deno.json"),
    path.join(functionsDir, "deno.json"),
  ];
  return {
    name,
    entryPath,
    configPath: candidates.find((file) => existsSync(file)) ?? null,
    verifyJwt: settings?.verify_jwt ?? true,
  };
}

/** Every function of the project, as the Supabase CLI would serve them. */
export function listFunctions(supabaseDir: string): FunctionLocation[] {
  const functionsDir = path.join(supabaseDir, "functions");
  if (!existsSync(functionsDir)) return [];
  return readdirSync(functionsDir).flatMap((name) => locateFunction(supabaseDir, name) ?? []);
}

function readConfig(supabaseDir: string) {
  const file = path.join(supabaseDir, "config.toml");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  return configSchema.parse(parse(text));
}

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

/**
 * `npm run functions:domain`: copies the rules the edge functions share with the rest of the product
 * from `src/domain` (the one place they are written) to `supabase/functions/_shared/domain`, because
 * `supabase functions deploy` bundles only what lives under `supabase/functions`.
 *
 * Which files: those the functions import from `_shared/domain/`, plus what those import in turn,
 * and the generated database types (supabase/types/database.types.ts) for the functions' clients.
 * `--check` (run by `npm run check`) fails when the copy is missing, stale or has extra files.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DOMAIN = path.join(ROOT, "src", "domain");
const FUNCTIONS = path.join(ROOT, "supabase", "functions");
export const MIRROR = path.join(FUNCTIONS, "_shared", "domain");

/** The generated database types, copied beside the domain files so the functions' clients are typed too. */
const DATABASE_TYPES = path.join(ROOT, "supabase", "types", "database.types.ts");
const DATABASE_TYPES_COPY = "database.types.ts";

const header = (name: string) =>
  `// Generated from src/domain/${name} by scripts/functions-domain.ts: edit that file, then run\n` +
  "// `npm run functions:domain` (the edge functions deploy only what lives under supabase/functions).\n";

function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((ref) => ref.fileName);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(dir, name));
}

/** The domain files the functions need: their `_shared/domain/*` imports and what those import. */
export function neededDomainFiles(): string[] {
  const wanted = new Set<string>();
  const visit = (name: string) => {
    if (wanted.has(name) || name === DATABASE_TYPES_COPY) return;
    const source = path.join(DOMAIN, name);
    if (!existsSync(source))
      throw new Error(`supabase/functions imports _shared/domain/${name}, not in src/domain`);
    wanted.add(name);
    for (const specifier of importsOf(source)) {
      if (!specifier.startsWith(".")) continue;
      const target = path.relative(DOMAIN, path.resolve(DOMAIN, specifier));
      if (target.startsWith(".."))
        throw new Error(`src/domain/${name} imports ${specifier}, outside src/domain`);
      visit(target);
    }
  };
  const functionFiles = sourceFiles(FUNCTIONS).filter((file) => !file.startsWith(MIRROR + path.sep));
  for (const file of functionFiles) {
    for (const specifier of importsOf(file)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (specifier.startsWith(".") && target.startsWith(MIRROR + path.sep))
        visit(path.relative(MIRROR, target));
    }
  }
  return [...wanted].sort();
}

/** Every file the mirror should hold, by name, with its content. */
export function expectedMirror(): Map<string, string> {
  const files = new Map(
    neededDomainFiles().map((name) => [name, header(name) + readFileSync(path.join(DOMAIN, name), "utf8")]),
  );
  files.set(
    DATABASE_TYPES_COPY,
    "// Generated from supabase/types/database.types.ts by scripts/functions-domain.ts (npm run db:types\n" +
      "// regenerates the source; then run `npm run functions:domain`).\n" +
      readFileSync(DATABASE_TYPES, "utf8"),
  );
  return files;
}

/** What differs between the mirror on disk and what it should be (empty when current). */
export function mirrorDifferences(): string[] {
  const expected = expectedMirror();
  const present = existsSync(MIRROR) ? sourceFiles(MIRROR).map((file) => path.relative(MIRROR, file)) : [];
  const differences = present.filter((name) => !expected.has(name)).map((name) => `extra: ${name}`);
  for (const [name, content] of expected) {
    const file = path.join(MIRROR, name);
    if (!existsSync(file)) differences.push(`missing: ${name}`);
    else if (readFileSync(file, "utf8") !== content) differences.push(`stale: ${name}`);
  }
  return differences;
}

function writeMirror(): void {
  const expected = expectedMirror();
  rmSync(MIRROR, { recursive: true, force: true });
  mkdirSync(MIRROR, { recursive: true });
  for (const [name, content] of expected) writeFileSync(path.join(MIRROR, name), content);
  console.log(`supabase/functions/_shared/domain: ${[...expected.keys()].join(", ")}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--check")) {
    const differences = mirrorDifferences();
    if (differences.length > 0) {
      console.error(
        `supabase/functions/_shared/domain is not a current copy of src/domain (run npm run functions:domain):\n  ${differences.join("\n  ")}`,
      );
      process.exit(1);
    }
  } else {
    writeMirror();
  }
}

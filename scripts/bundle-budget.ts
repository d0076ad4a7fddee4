/**
 * The initial-JS budget (issue 12): builds the web client into a temporary folder and adds up, gzipped,
 * every script a first visit loads before any route code: the entries and their static imports (what
 * `index.html` loads and modulepreloads). Lazy route chunks are not counted; they load with a route.
 *
 *   npx tsx scripts/bundle-budget.ts           prints the table and fails above the budget
 *   npx tsx scripts/bundle-budget.ts --all     also lists the ten largest lazy chunks
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";

/** Initial JS, gzip, in kB (1000 bytes, as Vite prints them). */
export const INITIAL_JS_BUDGET_KB = 150;

export interface ChunkSize {
  file: string;
  gzipKb: number;
}

/** The entry chunks (index.html's scripts) and everything they import statically, each once. */
export function initialChunks(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error("the build manifest has no entry");
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return [...seen].map((key) => manifest[key]?.file ?? key);
}

function gzipKb(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length / 1000;
}

async function main() {
  const outDir = mkdtempSync(join(tmpdir(), "studymap-budget-"));
  try {
    await build({ logLevel: "warn", build: { outDir, manifest: true, emptyOutDir: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
    const initial = initialChunks(manifest).map((file) => ({ file, gzipKb: gzipKb(join(outDir, file)) }));
    initial.sort((a, b) => b.gzipKb - a.gzipKb);
    const total = initial.reduce((sum, chunk) => sum + chunk.gzipKb, 0);
    console.log("initial JS (entry + static imports), gzip:");
    for (const chunk of initial) console.log(`  ${chunk.gzipKb.toFixed(1).padStart(7)} kB  ${chunk.file}`);
    console.log(`  ${total.toFixed(1).padStart(7)} kB  total (budget ${INITIAL_JS_BUDGET_KB} kB)`);
    if (process.argv.includes("--all")) {
      const initialFiles = new Set(initial.map((chunk) => chunk.file));
      const lazy = Object.values(manifest)
        .filter((chunk) => chunk.file.endsWith(".js") && !initialFiles.has(chunk.file))
        .map((chunk) => ({ file: chunk.file, gzipKb: gzipKb(join(outDir, chunk.file)) }))
        .sort((a, b) => b.gzipKb - a.gzipKb)
        .slice(0, 10);
      console.log("largest lazy chunks, gzip:");
      for (const chunk of lazy) console.log(`  ${chunk.gzipKb.toFixed(1).padStart(7)} kB  ${chunk.file}`);
    }
    if (total > INITIAL_JS_BUDGET_KB) {
      console.error(`initial JS is ${total.toFixed(1)} kB gzip, above the ${INITIAL_JS_BUDGET_KB} kB budget`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

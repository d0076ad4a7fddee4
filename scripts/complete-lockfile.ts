import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The npm registry mirror these machines reach lacks some other platforms' binary packages (biome,
 * tailwind oxide, deno and supabase CLI builds for macOS, Windows, Android). `npm install` then leaves
 * them out of package-lock.json and `npm ci` refuses the lockfile as out of sync. Recording each missing
 * optional dependency as an optional entry fixes that: npm skips optional packages it cannot fetch,
 * exactly as on any machine of another platform. Run after changing dependencies (`--check` in npm test).
 */
interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}

const lockPath = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { packages: Record<string, LockEntry> };
const added: string[] = [];

for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    const target = `node_modules/${name}`;
    const placement = lock.packages[target] ? `${location}/${target}` : target;
    lock.packages[placement] = { version, ...(entry.dev ? { dev: true } : {}), optional: true };
    added.push(`${name}@${version}`);
  }
}

if (process.argv.includes("--check")) {
  if (added.length) {
    console.error(
      `package-lock.json misses optional packages (${added.join(", ")}): run npm run lock:complete`,
    );
    process.exit(1);
  }
} else if (added.length) {
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`Recorded ${added.length} optional packages the registry does not serve.`);
}

/** Node's resolution: the package's own node_modules, then each ancestor's, up to the root. */
function resolves(location: string, name: string): boolean {
  for (let base = location; ; base = parentOf(base)) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return true;
    if (!base) return false;
  }
}

function parentOf(location: string): string {
  const index = location.lastIndexOf("/node_modules/");
  return index === -1 ? "" : location.slice(0, index);
}

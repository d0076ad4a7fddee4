import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, preview } from "vite";
import type { TestProject } from "vitest/node";
import { ROOT, type StackInfo } from "../../devstack/stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The web client built for the test stack, served by `vite preview`. */
    webUrl: string;
  }
}

export interface ServedClient {
  url: string;
  stop(): Promise<void>;
}

/**
 * Builds the web client once, pointed at the given stack, and serves it with `vite preview` on a free
 * port: the same files a static host serves in production. `.env*` files are ignored (a developer's
 * `.env.local` points at their own `npm start`).
 */
export async function serveClient(
  stack: Pick<StackInfo, "supabaseUrl" | "anonKey" | "siteUrl">,
): Promise<ServedClient> {
  const outDir = mkdtempSync(path.join(tmpdir(), "studymap-web-"));
  const emptyEnvDir = mkdtempSync(path.join(tmpdir(), "studymap-env-"));
  const define = {
    "import.meta.env.VITE_SUPABASE_URL": JSON.stringify(stack.supabaseUrl),
    "import.meta.env.VITE_SUPABASE_ANON_KEY": JSON.stringify(stack.anonKey),
    "import.meta.env.VITE_TRIGGER_API_URL": JSON.stringify(stack.supabaseUrl),
  };
  await build({
    root: ROOT,
    configFile: path.join(ROOT, "vite.config.ts"),
    envDir: emptyEnvDir,
    define,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  // The stack's site URL: the only origin its edge functions answer CORS for.
  const port = Number(new URL(stack.siteUrl).port);
  const server = await preview({
    root: ROOT,
    configFile: path.join(ROOT, "vite.config.ts"),
    envDir: emptyEnvDir,
    logLevel: "warn",
    build: { outDir },
    preview: { port, host: "127.0.0.1", strictPort: true },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
      rmSync(emptyEnvDir, { recursive: true, force: true });
    },
  };
}

/** Vitest global setup (after the stack's): serves the client once for every browser test file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { stack } = project.getProvidedContext();
  mkdirSync(path.join(ROOT, "test-results", "screenshots"), { recursive: true });
  const client = await serveClient(stack);
  project.provide("webUrl", client.url);
  return client.stop;
}

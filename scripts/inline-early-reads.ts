import { rolldown } from "rolldown";
import type { Plugin, ResolvedConfig } from "vite";

const EARLY_SCRIPT = new URL("../src/early.ts", import.meta.url).pathname;
const SOURCE = new URL("../src", import.meta.url).pathname;

/** The Supabase settings a build is made with: from its `define` (e2e/setup/web.ts) or its env. */
export function apiSettings(config: ResolvedConfig): { url?: string; anonKey?: string } {
  const read = (name: string) => {
    const defined = config.define?.[`import.meta.env.${name}`];
    return typeof defined === "string" ? (JSON.parse(defined) as string) : config.env[name];
  };
  return { url: read("VITE_SUPABASE_URL"), anonKey: read("VITE_SUPABASE_ANON_KEY") };
}

/**
 * index.html's first script, inlined in its <head> (docs/performance.md): `src/early.ts` sends the first
 * page's reads while the HTML is still being read, before any of the app's JavaScript has downloaded.
 * As a module script Vite would merge it into the app's entry, which runs only once the vendor file is
 * in; so the build bundles it on its own (no supabase-js, no zod) and writes it into the page. The dev
 * server serves it as a module.
 */
export function inlineEarlyReads(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "studymap:inline-early-reads",
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: "pre",
      async handler() {
        if (config.command === "serve") {
          return [{ tag: "script", attrs: { type: "module", src: "/src/early.ts" }, injectTo: "head" }];
        }
        const { url, anonKey } = apiSettings(config);
        if (!url || !anonKey) return []; // a build without settings shows the configuration message
        const bundle = await rolldown({
          input: EARLY_SCRIPT,
          resolve: { alias: { "@": SOURCE } },
          transform: {
            define: {
              "import.meta.env.VITE_SUPABASE_URL": JSON.stringify(url),
              "import.meta.env.VITE_SUPABASE_ANON_KEY": JSON.stringify(anonKey),
            },
          },
        });
        const { output } = await bundle.generate({ format: "iife", minify: true });
        await bundle.close();
        return [{ tag: "script", children: output[0].code.trim(), injectTo: "head" }];
      },
    },
  };
}

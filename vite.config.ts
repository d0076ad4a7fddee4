import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compileHints } from "./scripts/compile-hints.ts";
import { apiSettings, inlineEarlyReads } from "./scripts/inline-early-reads.ts";
import { preloadRouteChunks } from "./scripts/route-preload.ts";

const stub = (file: string) => new URL(`./src/lib/${file}`, import.meta.url).pathname;

/**
 * Parts of supabase-js the product never calls, kept out of every first load by stand-ins that throw if
 * ever used (docs/performance.md): Realtime (realtime-js, phoenix), Analytics buckets (iceberg-js) and
 * passkey MFA (auth-js's WebAuthn helpers) and wallet sign-in (its Ethereum helpers). A stand-in that lacks a name the library imports fails the
 * build, so an upgrade that changes these imports cannot slip through.
 */
const LEFT_OUT = [
  {
    importer: /\/@supabase\/supabase-js\//,
    source: "@supabase/realtime-js",
    stub: stub("realtime-left-out.ts"),
  },
  { importer: /\/@supabase\/storage-js\//, source: "iceberg-js", stub: stub("iceberg-left-out.ts") },
  { importer: /\/@supabase\/auth-js\//, source: "./lib/webauthn", stub: stub("webauthn-left-out.ts") },
  { importer: /\/@supabase\/auth-js\//, source: "./lib/web3/ethereum", stub: stub("web3-left-out.ts") },
];

function leaveOutUnused(): Plugin {
  return {
    name: "studymap:leave-out-unused",
    enforce: "pre",
    resolveId(source, importer) {
      return LEFT_OUT.find((part) => part.source === source && importer && part.importer.test(importer))
        ?.stub;
    },
  };
}

/**
 * A preconnect to the API's origin in index.html: the first requests there start only once a script
 * has run, so the connection can be open by then (docs/performance.md).
 */
function preconnectToApi(): Plugin {
  let origin: string | null = null;
  return {
    name: "studymap:preconnect-to-api",
    configResolved(config) {
      const { url } = apiSettings(config);
      origin = url && URL.canParse(url) ? new URL(url).origin : null;
    },
    transformIndexHtml() {
      // supabase-js's requests are CORS without credentials: the preconnect must be anonymous too.
      return origin
        ? [
            {
              tag: "link",
              attrs: { rel: "preconnect", href: origin, crossorigin: "" },
              injectTo: "head-prepend",
            },
          ]
        : [];
    },
  };
}

/**
 * What every first load needs, in one file: React, the router, supabase-js and SWR. As some twenty small
 * chunks they cost more (gzip restarts per file, a request each) than as one (docs/performance.md).
 */
const FIRST_LOAD_VENDOR =
  /\/node_modules\/(react|react-dom|scheduler|use-sync-external-store|@tanstack\/(react-router|router-core|history|store|react-store)|@supabase\/(supabase-js|auth-js|postgrest-js|storage-js|functions-js)|swr|tslib)\//;

/**
 * Shared app modules smaller than this (source bytes) are copied into each route chunk that uses them
 * instead of being a file of their own. Rolldown splits every module two routes share into its own chunk;
 * a first load of the micro-learning overview fetched 31 files, most under 1 kB gzip, each a request and a
 * round trip on a phone's network (docs/performance.md). Rolldown's runtime keeps one instance of each
 * copied module (one state, one execution), so a copy behaves like an import.
 */
const SHARED_CHUNK_INLINE_BELOW = 20_000;

/** Vite's own limit (kB of minified code) for its "Some chunks are larger than 500 kB" warning. */
const CHUNK_WARNING_KB = 500;
/**
 * sql.js's asm.js build (about 1.3 MB minified): the Anki export builds its SQLite file in the browser
 * and loads it only then (src/lib/card-export-file.ts), so it weighs on no page's load.
 */
const LARGE_BY_DESIGN = /(^|\/)sql-asm-[^/]*\.js$/;

/**
 * Vite's warning about chunks above 500 kB, for every chunk but the one that is large by design: with
 * Vite's own warning every build warned about sql.js, so a new large chunk would not have been noticed
 * (docs/performance.md, session 12).
 */
function warnOnLargeChunks(): Plugin {
  return {
    name: "studymap:warn-on-large-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk" || LARGE_BY_DESIGN.test(file.fileName)) continue;
        const kB = file.code.length / 1000;
        if (kB > CHUNK_WARNING_KB)
          this.warn(
            `${file.fileName} is ${Math.round(kB)} kB after minification (above ${CHUNK_WARNING_KB} kB): split it with a dynamic import()`,
          );
      }
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    leaveOutUnused(),
    preconnectToApi(),
    inlineEarlyReads(),
    preloadRouteChunks(),
    compileHints(),
    warnOnLargeChunks(),
  ],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  build: {
    // Replaced by warnOnLargeChunks, which leaves out the one chunk that is large by design.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rolldownOptions: {
      // Inlining small shared chunks (below) needs entry signatures that may drop unused exports; a static
      // host serves this app, nothing imports its entry.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: "vendor", test: FIRST_LOAD_VENDOR }],
          experimentalInlineCommonChunks: { maxSize: SHARED_CHUNK_INLINE_BELOW },
        },
      },
    },
  },
});

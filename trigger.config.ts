import { aptGet } from "@trigger.dev/build/extensions/core";
import { defineConfig } from "@trigger.dev/sdk";

/**
 * Trigger.dev cloud configuration (`npx trigger.dev deploy`, `npx trigger.dev dev`). The local task
 * service (devstack/worker) reads the same file: its task directories, retries and maxDuration.
 */
export default defineConfig({
  project: process.env.TRIGGER_PROJECT_REF ?? "proj_studymap_local",
  runtime: "node",
  dirs: ["./trigger"],
  // Replaces Trigger.dev's defaults: tests and their fixtures (dev-only packages) are never bundled.
  ignorePatterns: ["**/*.test.*", "**/*.spec.*", "**/*.d.ts", "**/fixtures/**"],
  // Generation over a few hundred pages stays well under this; a run stuck longer is stopped.
  maxDuration: 900,
  retries: {
    enabledInDev: true,
    default: {
      maxAttempts: 3,
      factor: 2,
      minTimeoutInMs: 1_000,
      maxTimeoutInMs: 30_000,
      randomize: true,
    },
  },
  logLevel: "info",
  build: {
    // pdftoppm renders scanned PDF pages for text recognition (trigger/generation/ingest/ocr.ts);
    // espeak-ng speaks and lame encodes episodes when no speech provider is configured (docs/podcast.md).
    extensions: [aptGet({ packages: ["poppler-utils", "espeak-ng", "lame"] })],
    // tesseract.js loads its worker script, WebAssembly core and language data from node_modules by path
    // at run time, so they are installed in the image rather than bundled.
    external: ["tesseract.js", "tesseract.js-core", "@tesseract.js-data/eng", "@tesseract.js-data/nld"],
  },
});

import { defineConfig } from "vitest/config";
import { PeerPathOrderSequencer } from "./tests/peer/setup/sequencer.ts";

const alias = { "@": new URL("./src", import.meta.url).pathname };

/**
 * unit: pure rules, generation modules, gateway internals (node).
 * components: React screens and components (jsdom, Testing Library).
 * integration: the official clients against the real local stack (tests/: the product;
 *   devstack/tests: the local stack's conformance to Supabase and Trigger.dev).
 * peer: Supabase's own client test suites (tests/peer/), vendored, on a throwaway stack of their own.
 * e2e: Playwright driving Debian's Chromium against the running product (e2e/).
 */
export default defineConfig({
  test: {
    // Only reorders the peer project's files (tests/peer/setup/sequencer.ts); Vitest takes one per run.
    sequence: { sequencer: PeerPathOrderSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          exclude: ["devstack/tests/**", "**/node_modules/**"],
          include: [
            "src/**/*.test.ts",
            "trigger/**/*.test.ts",
            "devstack/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          // A timeout only catches a hang: generation over a 200-page source takes seconds on a busy
          // 2-core machine, and speed is measured in bench/, never asserted by a test's clock.
          testTimeout: 30_000,
        },
      },
      {
        extends: "./vite.config.ts",
        test: {
          name: "components",
          environment: "jsdom",
          include: ["src/**/*.test.tsx"],
          setupFiles: ["./tests/setup/dom.ts"],
          // As for unit tests: a hang guard. A screen's first render in jsdom (module graph, Radix,
          // router) can take over 5 s while the machine runs other suites.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/**/*.test.ts", "devstack/tests/**/*.test.ts"],
          exclude: ["tests/peer/**", "**/node_modules/**"],
          globalSetup: ["./tests/setup/stack.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "peer",
          environment: "node",
          include: ["tests/peer/**/*.test.ts"],
          // Supabase's client suites, vendored and written for Jest (tests/peer/README.md).
          globals: true,
          globalSetup: ["./tests/peer/setup/stack.ts"],
          setupFiles: ["./tests/peer/setup/jest.ts"],
          // One file at a time, in path order (the run's sequencer above), as upstream runs them.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["./tests/setup/stack.ts", "./e2e/setup/web.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

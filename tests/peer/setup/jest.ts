import { afterAll, afterEach, beforeEach, describe, expect, inject, test, vi } from "vitest";
import { skipRule } from "./skips.ts";

/**
 * Runs Jest-written suites under Vitest: `jest.fn`, `jest.spyOn` and friends are Vitest's `vi`
 * (globals are on for this project), and the tests listed in ./skips.ts are skipped with their reason,
 * so the vendored files stay as upstream wrote them.
 */
Object.assign(globalThis, { jest: vi });

/**
 * Upstream snapshots are the expected answers, so a test must not pass by writing a missing one
 * (Vitest writes new snapshots outside CI, a setting it takes for all projects only).
 */
afterAll(() => {
  const state = expect.getState().snapshotState as unknown as { added: { total(): number } } | undefined;
  const written = state?.added.total() ?? 0;
  if (written > 0)
    throw new Error(`${written} snapshot(s) written: peer suites only compare with upstream's`);
});

let describePath: string[] = [];

/**
 * `describe(name, body)` remembering where `body` declares its tests. Vitest runs a nested body after
 * its parent's has returned, so each body gets the path captured when its describe() was called.
 * `.skip`, `.each` and the rest stay Vitest's.
 */
const trackedDescribe = new Proxy(describe, {
  apply(target, self, [name, body, ...rest]: [string, () => unknown, ...unknown[]]) {
    const path = [...describePath, name];
    const tracked = () => {
      const outer = describePath;
      describePath = path;
      try {
        return body();
      } finally {
        describePath = outer;
      }
    };
    return Reflect.apply(target, self, [name, tracked, ...rest]);
  },
});

/** `test(name, body)`, or `test.skip` with the reason when ./skips.ts lists it. */
const skippableTest = new Proxy(test, {
  apply(target, self, [name, ...rest]: [string, ...unknown[]]) {
    const rule = skipRule(currentFile(), [...describePath, name].join(" > "));
    if (rule) return target.skip(`${name} [skipped: ${rule.reason}]`, () => {});
    return Reflect.apply(target, self, [name, ...rest]);
  },
});

Object.assign(globalThis, { describe: trackedDescribe, test: skippableTest, it: skippableTest });

function currentFile(): string {
  const file = expect.getState().testPath ?? "";
  return file.split("/tests/peer/").at(-1) ?? file;
}

declare module "vitest" {
  interface TaskMeta {
    /** The test sent at least one request to the stack. */
    calledStack?: boolean;
  }
}

/** Which tests reached the stack: the figure the peer report counts as "server-calling". */
const stackOrigin = new URL(inject("stack").supabaseUrl).origin;
const realFetch = globalThis.fetch;
let calledStack = false;
globalThis.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith(stackOrigin)) calledStack = true;
  return realFetch(input, init);
};
beforeEach(() => {
  calledStack = false;
});
afterEach((context) => {
  if (calledStack) context.task.meta.calledStack = true;
});

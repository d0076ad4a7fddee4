import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHints } from "./compile-hints.ts";

describe("compile hints", () => {
  it("open every chunk, before the lines Vite puts at the top, and leave other files alone", () => {
    const chunk = (code: string) => ({ type: "chunk", code }) as Rolldown.OutputChunk;
    const bundle = {
      "assets/vendor.js": chunk("var a=1;"),
      "assets/route.js": chunk("const __vite__mapDeps=(i)=>i;import('./x.js');"),
      "assets/hinted.js": chunk(`${COMPILE_HINT}var b=2;`),
      "assets/index.css": { type: "asset", source: "body{}" } as Rolldown.OutputAsset,
    };
    const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: unknown) => void };
    hook.handler({}, bundle);
    expect(bundle["assets/vendor.js"].code).toBe(`${COMPILE_HINT}var a=1;`);
    expect(bundle["assets/route.js"].code.startsWith(`${COMPILE_HINT}const __vite__mapDeps`)).toBe(true);
    expect(bundle["assets/hinted.js"].code).toBe(`${COMPILE_HINT}var b=2;`);
    expect(bundle["assets/index.css"].source).toBe("body{}");
  });
});

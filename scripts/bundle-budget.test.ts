import type { Manifest } from "vite";
import { describe, expect, it } from "vitest";
import { initialChunks } from "./bundle-budget.ts";

describe("initial chunks of a build", () => {
  it("counts the entry and its static imports once each, never lazy chunks", () => {
    const manifest: Manifest = {
      "index.html": {
        file: "assets/index.js",
        isEntry: true,
        imports: ["_vendor.js", "_a.js"],
        dynamicImports: ["lazy.tsx"],
      },
      "_vendor.js": { file: "assets/vendor.js" },
      "_a.js": { file: "assets/a.js", imports: ["_vendor.js"] },
      "lazy.tsx": { file: "assets/lazy.js", imports: ["_vendor.js"] },
    };
    expect(initialChunks(manifest).sort()).toEqual(["assets/a.js", "assets/index.js", "assets/vendor.js"]);
  });
});

import { describe, expect, it, vi } from "vitest";

describe("zod-jitless", () => {
  it("turns zod's compiled parsers off before zod is loaded", async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import("./zod-jitless.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });

  it("parses without compiling a parser", async () => {
    await import("./zod-jitless.ts");
    const { z } = await import("zod");
    const compile = vi.spyOn(globalThis, "Function");
    const schema = z.object({ id: z.string(), count: z.number().int() });
    expect(schema.parse({ id: "a", count: 2 })).toEqual({ id: "a", count: 2 });
    expect(schema.safeParse({ id: "a", count: 2.5 }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});

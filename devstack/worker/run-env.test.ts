import { describe, expect, it } from "vitest";
import { withRunEnv } from "./run-env.ts";

describe("withRunEnv", () => {
  it("shows each run its own variables over the process's, across awaits, and nothing after", async () => {
    const key = "STUDYMAP_RUN_ENV_TEST";
    const read = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return process.env[key];
    };
    const [a, b] = await Promise.all([withRunEnv({ [key]: "a" }, read), withRunEnv({ [key]: "b" }, read)]);
    expect([a, b]).toEqual(["a", "b"]);
    expect(process.env[key]).toBeUndefined();
    expect(withRunEnv({}, () => process.env.PATH)).toBe(process.env.PATH);
    expect(withRunEnv({ [key]: "c" }, () => ({ ...process.env })[key])).toBe("c");
  });

  it("leaves the process's own variables writable, new and existing", () => {
    const key = "STUDYMAP_RUN_ENV_WRITE_TEST";
    withRunEnv({}, () => undefined);
    process.env[key] = "first";
    process.env[key] = "second";
    expect(process.env[key]).toBe("second");
    delete process.env[key];
    expect(process.env[key]).toBeUndefined();
  });
});

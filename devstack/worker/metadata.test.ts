import { afterEach, describe, expect, it, vi } from "vitest";
import { RunMetadataScope } from "./metadata.ts";

afterEach(() => vi.useRealTimers());

describe("run metadata", () => {
  it("batches changes into one write and writes nothing after the attempt closed", async () => {
    vi.useFakeTimers();
    const written: unknown[] = [];
    const scope = new RunMetadataScope({}, async (values) => {
      written.push(values);
    });
    scope.change((values) => {
      values.progress = 10;
    });
    scope.change((values) => {
      values.progress = 20;
    });
    await vi.advanceTimersByTimeAsync(250);
    expect(written).toEqual([{ progress: 20 }]);

    await scope.close();
    // An abandoned attempt's code may still run: its changes reach no run and no closed pool.
    scope.change((values) => {
      values.progress = 30;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await scope.flush();
    expect(written).toEqual([{ progress: 20 }, { progress: 20 }]);
  });

  it("leaves a failed batch to the next write and reports only the closing one", async () => {
    vi.useFakeTimers();
    const written: unknown[] = [];
    let failing = true;
    const scope = new RunMetadataScope({}, async (values) => {
      if (failing) throw new Error("the pool is gone");
      written.push(values);
    });
    scope.change((values) => {
      values.step = "parse";
    });
    await vi.advanceTimersByTimeAsync(250);
    failing = false;
    await scope.close();
    expect(written).toEqual([{ step: "parse" }]);

    const broken = new RunMetadataScope({}, async () => {
      throw new Error("the pool is gone");
    });
    await expect(broken.close()).rejects.toThrow("the pool is gone");
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { clearPrefetched, PREFETCH_FRESH_MS, prefetch, takePrefetched } from "./prefetch";

afterEach(() => {
  clearPrefetched();
  vi.useRealTimers();
});

describe("prefetched answers", () => {
  it("are taken once: the reader does not ask again, a later read does", async () => {
    const request = vi.fn(async () => "answer");
    prefetch(["topic", "1"], request);
    prefetch(["topic", "1"], request);
    expect(request).toHaveBeenCalledOnce();
    const reader = vi.fn(async () => "fresh");
    await expect(takePrefetched(["topic", "1"], reader)).resolves.toBe("answer");
    expect(reader).not.toHaveBeenCalled();
    await expect(takePrefetched(["topic", "1"], reader)).resolves.toBe("fresh");
  });

  it("hand a failure to the reader, not to the page as an unhandled rejection", async () => {
    prefetch(["outline", "1"], async () => {
      throw new Error("down");
    });
    await expect(takePrefetched(["outline", "1"], async () => "unused")).rejects.toThrow("down");
  });

  it("are not used once stale", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    prefetch(["topic", "2"], async () => "old");
    vi.advanceTimersByTime(PREFETCH_FRESH_MS + 1);
    await expect(takePrefetched(["topic", "2"], async () => "new")).resolves.toBe("new");
  });
});

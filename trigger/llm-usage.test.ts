import { metadata } from "@trigger.dev/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { llmUsageRecorder } from "./llm-usage.ts";

afterEach(() => vi.restoreAllMocks());

describe("LLM usage on the run's metadata", () => {
  it("adds every call's tokens and cost to the run's metadata through the SDK", () => {
    const totals: Record<string, number> = {};
    vi.spyOn(metadata, "increment").mockImplementation((key, value) => {
      totals[key] = (totals[key] ?? 0) + (value ?? 1);
      return metadata;
    });
    const { onUsage } = llmUsageRecorder();
    onUsage?.({ calls: 1, inputTokens: 1200, outputTokens: 300, costUsd: 0.00036 });
    onUsage?.({ calls: 1, inputTokens: 800, outputTokens: 700, costUsd: 0.00054 });
    onUsage?.({ calls: 1, inputTokens: 10, outputTokens: 0, costUsd: 0 });
    expect(totals).toMatchObject({ llmCalls: 3, llmInputTokens: 2010, llmOutputTokens: 1000 });
    expect(totals.llmCostUsd).toBeCloseTo(0.0009);
  });
});

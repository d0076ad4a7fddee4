import { describe, expect, it } from "vitest";
import { installRunMetadata, RunMetadataScope, withRunMetadata } from "../devstack/worker/metadata.ts";
import { llmUsageRecorder } from "./llm-usage.ts";

describe("LLM usage on the run's metadata", () => {
  it("adds every call's tokens and cost to the run's metadata through the SDK", async () => {
    installRunMetadata();
    const saved: Array<Record<string, unknown>> = [];
    const scope = new RunMetadataScope({ progress: 15 }, async (values) => {
      saved.push(values);
    });
    const { onUsage } = llmUsageRecorder();
    withRunMetadata(scope, () => {
      onUsage?.({ calls: 1, inputTokens: 1200, outputTokens: 300, costUsd: 0.00036 });
      onUsage?.({ calls: 1, inputTokens: 800, outputTokens: 700, costUsd: 0.00054 });
      onUsage?.({ calls: 1, inputTokens: 10, outputTokens: 0, costUsd: 0 });
    });
    await scope.flush();
    expect(saved.at(-1)).toMatchObject({
      progress: 15,
      llmCalls: 3,
      llmInputTokens: 2010,
      llmOutputTokens: 1000,
    });
    expect(saved.at(-1)?.llmCostUsd).toBeCloseTo(0.0009);
  });
});

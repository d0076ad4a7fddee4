import { metadata } from "@trigger.dev/sdk";
import type { LlmHooks } from "./generation/providers/index.ts";

/**
 * Token use of every LLM call, added up on the run's metadata as it happens (Trigger.dev's dashboard
 * and realtime subscribers see the cost of a run grow), under `llmCalls`, `llmInputTokens`,
 * `llmOutputTokens` and `llmCostUsd`. The generation engine only reports; recording is the task's.
 */
export function llmUsageRecorder(): LlmHooks {
  return {
    onUsage: (usage) => {
      metadata.increment("llmCalls", usage.calls);
      metadata.increment("llmInputTokens", usage.inputTokens);
      metadata.increment("llmOutputTokens", usage.outputTokens);
      if (usage.costUsd > 0) metadata.increment("llmCostUsd", usage.costUsd);
    },
  };
}

import { schemaTask } from "@trigger.dev/sdk";
import {
  GENERATE_TOPIC_STRUCTURE,
  GENERATION_QUEUE,
  GENERATION_RETRY,
  generateTopicStructureSchema,
} from "../src/domain/tasks.ts";
import { authorizeRun, isAuthorized } from "./authorize.ts";
import { runStructureGeneration } from "./generation/index.ts";
import { llmUsageRecorder } from "./llm-usage.ts";
import { serviceClient } from "./supabase.ts";
import { markStructureFailed, runProgress } from "./topic-state.ts";

const MAX_DURATION_SECONDS = 600;

/** Ingests a topic's sources and writes its learning structure for review (trigger/generation). */
export const generateTopicStructure = schemaTask({
  id: GENERATE_TOPIC_STRUCTURE,
  schema: generateTopicStructureSchema,
  queue: GENERATION_QUEUE,
  retry: GENERATION_RETRY,
  maxDuration: MAX_DURATION_SECONDS,
  // Each source is read in a child process capped at 1 GB (docs/ingestion.md, "Limits"); Trigger.dev's
  // default small-1x machine has 0.5 GB in all, so the structure task takes a 2 GB machine.
  machine: "medium-1x",
  run: async (payload, { ctx, signal }) => {
    await authorizeRun(GENERATE_TOPIC_STRUCTURE, payload, ctx, MAX_DURATION_SECONDS);
    return runStructureGeneration(serviceClient(), payload, runProgress(), llmUsageRecorder(), signal);
  },
  onFailure: async ({ payload, error, ctx }) => {
    if (!(await isAuthorized(GENERATE_TOPIC_STRUCTURE, payload, ctx.run.createdAt))) return;
    await markStructureFailed(serviceClient(), payload.topicId, error);
  },
});

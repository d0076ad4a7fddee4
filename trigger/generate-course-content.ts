import { schemaTask } from "@trigger.dev/sdk";
import {
  GENERATE_COURSE_CONTENT,
  GENERATION_QUEUE,
  GENERATION_RETRY,
  generateCourseContentSchema,
} from "../src/domain/tasks.ts";
import { authorizeRun } from "./authorize.ts";
import { runCourseGeneration } from "./generation/index.ts";
import { llmUsageRecorder } from "./llm-usage.ts";
import { serviceClient } from "./supabase.ts";
import { runProgress } from "./topic-state.ts";

const MAX_DURATION_SECONDS = 900;

/**
 * Builds the requesting learner's unpublished micro-learning course from the topic's structure. A
 * failure stays on the run: the topic row describes the structure, which other learners share, so a
 * learner's course run never writes to it.
 */
export const generateCourseContent = schemaTask({
  id: GENERATE_COURSE_CONTENT,
  schema: generateCourseContentSchema,
  queue: GENERATION_QUEUE,
  retry: GENERATION_RETRY,
  maxDuration: MAX_DURATION_SECONDS,
  run: async (payload, { ctx }) => {
    await authorizeRun(GENERATE_COURSE_CONTENT, payload, ctx, MAX_DURATION_SECONDS);
    return runCourseGeneration(serviceClient(), payload, runProgress(), llmUsageRecorder());
  },
});

import { schemaTask } from "@trigger.dev/sdk";
import { authorizePayload, isAuthorized } from "./authorize.ts";
import { runCourseGeneration } from "./generation/index.ts";
import { GENERATION_QUEUE, GENERATION_RETRY } from "./options.ts";
import { GENERATE_COURSE_CONTENT, generateCourseContentSchema } from "./schema.ts";
import { serviceClient } from "./supabase.ts";
import { markCourseFailed, runProgress } from "./topic-state.ts";

/** Builds the requesting learner's unpublished micro-learning course from the topic's structure. */
export const generateCourseContent = schemaTask({
  id: GENERATE_COURSE_CONTENT,
  schema: generateCourseContentSchema,
  queue: GENERATION_QUEUE,
  retry: GENERATION_RETRY,
  maxDuration: 900,
  run: async (payload, { ctx }) => {
    await authorizePayload(GENERATE_COURSE_CONTENT, payload, ctx.run.createdAt);
    return runCourseGeneration(serviceClient(), payload, runProgress());
  },
  onFailure: async ({ payload, error, ctx }) => {
    if (!(await isAuthorized(GENERATE_COURSE_CONTENT, payload, ctx.run.createdAt))) return;
    await markCourseFailed(serviceClient(), payload.topicId, error);
  },
});

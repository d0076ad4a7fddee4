import { z } from "zod";
import type { GenerationTask } from "../src/domain/generation-grant.ts";

/**
 * Payloads of the generation tasks, shared with their callers (edge functions, web client):
 * `tasks.trigger<typeof task>("id", { … } satisfies XPayload, generationRunOptions(payload))`.
 * Every payload carries a `grant`: a short-lived token from the product (src/domain/generation-grant.ts)
 * that names the user, the topic and the task it allows; the task refuses a payload it does not match.
 */

export const GENERATE_TOPIC_STRUCTURE = "generate-topic-structure" satisfies GenerationTask;
export const GENERATE_COURSE_CONTENT = "generate-course-content" satisfies GenerationTask;

const grant = z.string().min(1);

export const generateTopicStructureSchema = z.object({
  topicId: z.uuid(),
  grant,
});
export type GenerateTopicStructurePayload = z.infer<typeof generateTopicStructureSchema>;

export const generateCourseContentSchema = z.object({
  topicId: z.uuid(),
  createdBy: z.uuid(),
  title: z.string().trim().min(1).max(300),
  /** SPEC §7: the learner's own course starts unpublished. */
  publish: z.literal(false),
  /** SPEC §7: a rerun replaces the learner's unpublished course. */
  mode: z.literal("refresh"),
  grant,
});
export type GenerateCourseContentPayload = z.infer<typeof generateCourseContentSchema>;

/**
 * Trigger options that make generation idempotent per topic: runs for one topic wait for each other
 * (concurrencyKey on a queue with limit 1), and a repeated request with the same grant returns the
 * run it already started instead of starting another. The tag lets a screen find a topic's runs.
 */
export function generationRunOptions(payload: { topicId: string; grant: string }) {
  return {
    concurrencyKey: payload.topicId,
    idempotencyKey: payload.grant,
    idempotencyKeyTTL: "1h",
    tags: [topicTag(payload.topicId)],
  };
}

export function topicTag(topicId: string): string {
  return `topic_${topicId}`;
}

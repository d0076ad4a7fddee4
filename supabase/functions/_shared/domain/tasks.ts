// Generated from src/domain/tasks.ts by scripts/functions-domain.ts: edit that file, then run
// `npm run functions:domain` (the edge functions deploy only what lives under supabase/functions).
import { z } from "zod";

/**
 * The contract of the background tasks, shared by everyone who starts or watches them: the web client,
 * the edge functions and the tasks themselves (`trigger/`). Task ids, payload schemas, the options a
 * run is started with and the tag a screen finds a topic's runs by live here, once.
 *
 * Callers: `tasks.trigger<typeof task>(ID, { … } satisfies XPayload, generationRunOptions(payload))`.
 * Every generation payload carries a `grant` (generation-grant.ts): the product's signed word naming the
 * user, the topic and the task it allows; the task refuses a payload it does not match.
 */

export const GENERATE_TOPIC_STRUCTURE = "generate-topic-structure";
export const GENERATE_COURSE_CONTENT = "generate-course-content";

/** The tasks a user can start (through an edge function or a one-time public token). */
export const GENERATION_TASKS = [GENERATE_TOPIC_STRUCTURE, GENERATE_COURSE_CONTENT] as const;
export const generationTaskSchema = z.enum(GENERATION_TASKS);
export type GenerationTask = z.infer<typeof generationTaskSchema>;

/**
 * Records an episode's audio again after its script was edited. Only the render-episode-audio function
 * starts it (never a browser token), so it is not among GENERATION_TASKS; it carries a grant all the same.
 */
export const RENDER_EPISODE_AUDIO = "render-episode-audio";

/** Every task whose payload carries a generation grant. */
export const grantedTaskSchema = z.enum([...GENERATION_TASKS, RENDER_EPISODE_AUDIO]);
export type GrantedTask = z.infer<typeof grantedTaskSchema>;

/** Scheduled tasks: no caller, but their ids are part of the deployed project. */
export const SWEEP_STALLED_GENERATION = "sweep-stalled-generation";
export const CLEAN_ORPHANED_FILES = "clean-orphaned-files";

/** Started by the invite-member edge function once invite_member has written the invitation. */
export const SEND_INVITATION_EMAIL = "send-invitation-email";

export const sendInvitationEmailSchema = z.object({ membershipId: z.uuid() });
export type SendInvitationEmailPayload = z.infer<typeof sendInvitationEmailSchema>;

/**
 * One mail per invitation: a double click, a retried request or a second invite of the same address
 * within the hour finds the run already started and sends nothing more. After the hour, inviting the
 * address again sends a reminder (and counts against the inviter's daily limit, like every invite).
 */
export function invitationRunOptions(payload: SendInvitationEmailPayload) {
  return {
    idempotencyKey: `invitation_${payload.membershipId}`,
    idempotencyKeyTTL: "1h",
    tags: [`invitation_${payload.membershipId}`],
  };
}

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
  /** The learner's own course starts unpublished (docs/product.md, "Learning paths"). */
  publish: z.literal(false),
  /** A rerun replaces the learner's unpublished course. */
  mode: z.literal("refresh"),
  grant,
});
export type GenerateCourseContentPayload = z.infer<typeof generateCourseContentSchema>;

export const renderEpisodeAudioSchema = z.object({
  topicId: z.uuid(),
  /** The recap activity whose script is recorded; the task checks that it belongs to the topic. */
  activityId: z.uuid(),
  /** The content manager who asked for it (named by the grant too). */
  requestedBy: z.uuid(),
  grant,
});
export type RenderEpisodeAudioPayload = z.infer<typeof renderEpisodeAudioSchema>;

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

/**
 * The queue the generation tasks declare. One run per topic at a time: callers pass the topic id as
 * `concurrencyKey` (generationRunOptions), which gives every topic its own copy of this queue.
 */
export const GENERATION_QUEUE = { concurrencyLimit: 1 };

/** Transient failures (network, database) get two more tries with growing pauses. */
export const GENERATION_RETRY = {
  maxAttempts: 3,
  factor: 2,
  minTimeoutInMs: 2_000,
  maxTimeoutInMs: 20_000,
  randomize: true,
};

import { AbortTaskRunError, type Context } from "@trigger.dev/sdk";
import {
  type GenerationGrant,
  GenerationGrantError,
  verifyGenerationGrant,
} from "../src/domain/generation-grant.ts";
import { GENERATION_RETRY, type GrantedTask, topicTag } from "../src/domain/tasks.ts";
import { taskEnv } from "./env.ts";

/** What a generation payload claims: its topic, its grant and, for a course or a render, the requesting user. */
export interface GrantedPayload {
  topicId: string;
  grant: string;
  createdBy?: string;
  requestedBy?: string;
}

/**
 * The payload's grant must name this task, the payload's topic and (for a course) its user. A refused
 * payload aborts the run without retries: another attempt cannot make a forged payload genuine. The
 * expiry is checked at the run's creation, since a queued run may start after its grant expired.
 */
export async function authorizePayload(
  task: GrantedTask,
  payload: GrantedPayload,
  runCreatedAt: Date,
): Promise<GenerationGrant> {
  try {
    return await verifyGenerationGrant(
      payload.grant,
      taskEnv().GENERATION_GRANT_SECRET,
      { topicId: payload.topicId, task, userId: payload.createdBy ?? payload.requestedBy },
      { at: runCreatedAt },
    );
  } catch (error) {
    if (error instanceof GenerationGrantError) throw new AbortTaskRunError(`Refused: ${error.message}.`);
    throw error;
  }
}

/** Both checks a generation run passes before it does any work: its grant, then its run options. */
export async function authorizeRun(
  task: GrantedTask,
  payload: GrantedPayload,
  ctx: Context,
  maxDuration: number,
): Promise<GenerationGrant> {
  const grant = await authorizePayload(task, payload, ctx.run.createdAt);
  assertIssuedRunOptions(
    task,
    payload,
    {
      queueName: ctx.queue.name,
      tags: ctx.run.tags,
      maxAttempts: ctx.run.maxAttempts,
      maxDuration: ctx.run.maxDuration,
    },
    { maxAttempts: GENERATION_RETRY.maxAttempts, maxDuration },
  );
  return grant;
}

/** Whether the payload was genuine: only then may a failure be written to its topic. */
export async function isAuthorized(task: GrantedTask, payload: GrantedPayload, runCreatedAt: Date) {
  return authorizePayload(task, payload, runCreatedAt).then(
    () => true,
    () => false,
  );
}

/** What a run's context says about the options it was triggered with. */
export interface RunOptionsSeen {
  queueName: string;
  tags: readonly string[];
  maxAttempts?: number;
  maxDuration?: number;
}

/**
 * A browser triggers the course task with a public token, and such a token cannot restrict the run
 * options sent beside the payload. The task therefore refuses any run whose visible options differ from
 * the ones the product uses (its own queue, the topic's tag, no more attempts or time than configured),
 * before it spends anything. A concurrency key or delay is not visible to a task; neither adds cost, and
 * the number of runs a user can start at all is capped by the generation limits in the database.
 */
export function assertIssuedRunOptions(
  task: GrantedTask,
  payload: { topicId: string },
  seen: RunOptionsSeen,
  limits: { maxAttempts: number; maxDuration: number },
): void {
  const problems = [
    seen.queueName !== `task/${task}` && `queue "${seen.queueName}"`,
    !sameTags(seen.tags, [topicTag(payload.topicId)]) && `tags ${JSON.stringify(seen.tags)}`,
    seen.maxAttempts !== undefined && seen.maxAttempts > limits.maxAttempts && `${seen.maxAttempts} attempts`,
    seen.maxDuration !== undefined &&
      seen.maxDuration > limits.maxDuration &&
      `maxDuration ${seen.maxDuration}`,
  ].filter((problem): problem is string => typeof problem === "string");
  if (problems.length > 0) {
    throw new AbortTaskRunError(`Refused: run options the product did not issue (${problems.join(", ")}).`);
  }
}

function sameTags(seen: readonly string[], expected: readonly string[]): boolean {
  return seen.length === expected.length && expected.every((tag) => seen.includes(tag));
}

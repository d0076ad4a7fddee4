import { AbortTaskRunError } from "@trigger.dev/sdk";
import {
  type GenerationGrant,
  GenerationGrantError,
  type GenerationTask,
  verifyGenerationGrant,
} from "../src/domain/generation-grant.ts";
import { taskEnv } from "./env.ts";

/** What a generation payload claims: its topic, its grant and, for a course, the requesting user. */
export interface GrantedPayload {
  topicId: string;
  grant: string;
  createdBy?: string;
}

/**
 * The payload's grant must name this task, the payload's topic and (for a course) its user. A refused
 * payload aborts the run without retries: another attempt cannot make a forged payload genuine. The
 * expiry is checked at the run's creation, since a queued run may start after its grant expired.
 */
export async function authorizePayload(
  task: GenerationTask,
  payload: GrantedPayload,
  runCreatedAt: Date,
): Promise<GenerationGrant> {
  try {
    return await verifyGenerationGrant(
      payload.grant,
      taskEnv().GENERATION_GRANT_SECRET,
      { topicId: payload.topicId, task, userId: payload.createdBy },
      { at: runCreatedAt },
    );
  } catch (error) {
    if (error instanceof GenerationGrantError) throw new AbortTaskRunError(`Refused: ${error.message}.`);
    throw error;
  }
}

/** Whether the payload was genuine: only then may a failure be written to its topic. */
export async function isAuthorized(task: GenerationTask, payload: GrantedPayload, runCreatedAt: Date) {
  return authorizePayload(task, payload, runCreatedAt).then(
    () => true,
    () => false,
  );
}

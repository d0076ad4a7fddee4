import { auth, tasks } from "@trigger.dev/sdk";
import { GENERATION_GRANT_LIFETIME_SECONDS, signGenerationGrant } from "./domain/generation-grant.ts";
import {
  GENERATE_TOPIC_STRUCTURE,
  type GenerateTopicStructurePayload,
  type GenerationTask,
  generationRunOptions,
} from "./domain/tasks.ts";
import { generationEnv } from "./env.ts";
import { HttpError } from "./http.ts";
import { type Caller, databaseError, NOT_A_CONTENT_MANAGER } from "./supabase.ts";

/** Points the Trigger.dev SDK at the project's task service with the secret key (never sent to browsers). */
export function configureTrigger(): void {
  const { TRIGGER_SECRET_KEY, TRIGGER_API_URL } = generationEnv();
  auth.configure({
    accessToken: TRIGGER_SECRET_KEY,
    ...(TRIGGER_API_URL ? { baseURL: TRIGGER_API_URL } : {}),
  });
}

/**
 * The grant for the caller to run `task` on the topic, after checking they may: the tasks trust a grant
 * completely, so none is signed without this check.
 */
export async function issueGrant(caller: Caller, topicId: string, task: GenerationTask): Promise<string> {
  await assertMayGenerate(caller, topicId, task);
  const grant = { userId: caller.user.id, topicId, task };
  return signGenerationGrant(grant, generationEnv().GENERATION_GRANT_SECRET);
}

/** A one-time public token that lets a browser trigger `task`, living as long as the grant beside it. */
export function createTriggerToken(task: GenerationTask): Promise<string> {
  configureTrigger();
  return auth.createTriggerPublicToken(task, { multipleUse: false, expirationTime: distinctExpiry(task) });
}

/**
 * Trigger.dev remembers a used one-time token by its text, and the SDK's tokens carry no nonce: two
 * minted for the same task within one second would be the same token, and the second holder's trigger
 * would be refused as a reuse. A distinct expiry second per token keeps them apart within an isolate.
 */
const lastExpiryByTask = new Map<GenerationTask, number>();

function distinctExpiry(task: GenerationTask): number {
  const wanted = Math.floor(Date.now() / 1000) + GENERATION_GRANT_LIFETIME_SECONDS;
  const expiry = Math.max(wanted, (lastExpiryByTask.get(task) ?? 0) + 1);
  lastExpiryByTask.set(task, expiry);
  return expiry;
}

/**
 * Starts the structure task server-side (secret key), with a grant from `issueGrant`, and links the run
 * to the caller's start so the sweep can tell when it ended without finishing the topic.
 */
export async function triggerStructureGeneration(
  caller: Caller,
  topicId: string,
  grant: string,
): Promise<string> {
  configureTrigger();
  const payload = { topicId, grant } satisfies GenerateTopicStructurePayload;
  let runId: string;
  try {
    runId = (await tasks.trigger(GENERATE_TOPIC_STRUCTURE, payload, generationRunOptions(payload))).id;
  } catch (error) {
    // The topic stays generating without a run; the sweep fails it, and Regenerate is the retry.
    console.error("triggering the structure task failed", error);
    throw new HttpError(502, "Could not start structure generation");
  }
  const recorded = await caller.client.rpc("record_structure_run", { p_topic_id: topicId, p_run_id: runId });
  if (recorded.error) throw databaseError(recorded.error);
  return runId;
}

/**
 * The database's start rule, as the caller: moves a pending topic to generating and counts the start.
 * True only for the one call that made the transition, which alone may start a structure run.
 */
export async function startStructureTransition(caller: Caller, topicId: string): Promise<boolean> {
  const { data, error } = await caller.client.rpc("start_structure_generation", { p_topic_id: topicId });
  if (error) throw databaseError(error);
  return data === true;
}

/**
 * Counts a trigger token as a generation started, before it is issued. A structure token also makes
 * the start's transition: only the caller who moved the topic to generating gets one (409 otherwise).
 */
export async function claimGeneration(caller: Caller, topicId: string, task: GenerationTask): Promise<void> {
  if (task === GENERATE_TOPIC_STRUCTURE) {
    const started = await caller.client.rpc("start_structure_generation", { p_topic_id: topicId });
    if (started.error) throw databaseError(started.error);
    if (started.data !== true)
      throw new HttpError(409, "A structure is already being generated for this topic");
    return;
  }
  const claimed = await caller.client.rpc("claim_course_generation", { p_topic_id: topicId });
  if (claimed.error) throw databaseError(claimed.error);
}

/**
 * docs/decisions.md §1: the structure is generated for content managers of the topic's entity; a course for
 * anyone who can read the topic. Reads run as the caller, so RLS decides what "can read" means.
 */
async function assertMayGenerate({ client }: Caller, topicId: string, task: GenerationTask) {
  const topic = await client.from("topics").select("id").eq("id", topicId).maybeSingle();
  if (topic.error) throw databaseError(topic.error);
  if (!topic.data) throw new HttpError(404, "Topic not found");
  if (task !== GENERATE_TOPIC_STRUCTURE) return;
  // The database decides who manages content (docs/product.md §6); no role list is kept here.
  const allowed = await client.rpc("can_manage_topic", { p_topic_id: topicId });
  if (allowed.error) throw databaseError(allowed.error);
  if (allowed.data !== true) {
    throw new HttpError(403, NOT_A_CONTENT_MANAGER);
  }
}

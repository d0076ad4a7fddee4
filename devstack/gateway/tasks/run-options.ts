import type { TriggerTaskRequestBody } from "@trigger.dev/core/v3";
import {
  parseNaturalLanguageDuration,
  parseNaturalLanguageDurationInMs,
  sanitizeQueueName,
} from "@trigger.dev/core/v3/isomorphic";
import type { z } from "zod";
import type { ApiAnswer } from "./api-answer.ts";

/**
 * The run options a trigger call may set, decided when the run is triggered as Trigger.dev v4's webapp
 * decides them (RunEngineTriggerTaskService, DefaultTriggerTaskValidator, DefaultQueueManager): what it
 * refuses is refused here with its status and `{error}` text; what it accepts is applied as it applies
 * it (queue names sanitized, blank tags dropped, maxDuration clamped, a delay parsed as a date first).
 * The body schema (machine presets, 128-character tags, integer maxAttempts, non-negative ttl) is
 * checked before this, as Trigger.dev's route builder does, with a 400.
 */

export type TriggerOptions = NonNullable<z.infer<typeof TriggerTaskRequestBody>["options"]>;

/** Trigger.dev's MAX_TAGS_PER_RUN. */
export const MAX_TAGS_PER_RUN = 10;
/** Trigger.dev's TASK_RUN_METADATA_MAXIMUM_SIZE default (256 KB). */
export const METADATA_MAXIMUM_SIZE = 262_144;
/** Trigger.dev's clampMaxDuration bounds, in seconds. */
const MAX_DURATION_BOUNDS = { min: 5, max: 2_147_483_647 };

const DURATION_FORMATS =
  "Supported formats: {number}s, {number}m, {number}h or {number}hr, {number}d, {number}w, optionally " +
  'combined (for example "2h30m").';

function refused(status: number, error: string): ApiAnswer {
  return { status, body: { error } };
}

/**
 * What Trigger.dev refuses before it looks at idempotency keys: too many tags, then a debounce it
 * cannot honour. A debounce it would accept is refused too (422): the local service does not
 * debounce, and accepting it silently would start a run per trigger where hosted starts one.
 */
export function refusedBeforeIdempotency(options: TriggerOptions): ApiAnswer | undefined {
  const { tags, debounce } = options;
  if (Array.isArray(tags) && tags.length > MAX_TAGS_PER_RUN) {
    return refused(422, `Runs can only have ${MAX_TAGS_PER_RUN} tags, you're trying to set ${tags.length}.`);
  }
  if (!debounce) return undefined;
  return (
    refusedDebounce(debounce, options.delay) ?? refused(422, "The local task service does not debounce runs.")
  );
}

/** What Trigger.dev refuses after idempotency keys: an unknown locked version, oversized metadata. */
export function refusedAfterIdempotency(options: TriggerOptions): ApiAnswer | undefined {
  if (options.lockToVersion) {
    // The local worker has no versions, so no worker has the one asked for.
    return refused(
      422,
      `Task locked to version '${options.lockToVersion}', but no worker found with that version.`,
    );
  }
  const size = metadataByteLength(options.metadata, options.metadataType ?? "application/json");
  if (size > METADATA_MAXIMUM_SIZE) {
    return refused(413, `Metadata exceeds maximum size of ${METADATA_MAXIMUM_SIZE} bytes`);
  }
  return undefined;
}

type Debounce = NonNullable<TriggerOptions["debounce"]>;

/** RunEngineTriggerTaskService's debounce checks, in its order (no server ceiling: hosted's default). */
function refusedDebounce(debounce: Debounce, delay: TriggerOptions["delay"]): ApiAnswer | undefined {
  if (!delayUntil(delay ?? debounce.delay)) {
    return refused(422, `Debounce requires a valid delay duration. Provided: ${debounce.delay}`);
  }
  if (!delayUntil(debounce.delay)) {
    return refused(422, `Invalid debounce delay: ${debounce.delay}. ${DURATION_FORMATS}`);
  }
  const delayMs = parseNaturalLanguageDurationInMs(debounce.delay);
  if (delayMs === undefined) {
    return refused(
      422,
      `Invalid debounce delay: ${debounce.delay}. debounce.delay must be a duration, not a date, ` +
        `because it is re-applied every time the run is pushed back. ${DURATION_FORMATS}`,
    );
  }
  if (debounce.maxDelay === undefined) return undefined;
  const maxDelayMs = parseNaturalLanguageDurationInMs(debounce.maxDelay);
  if (maxDelayMs === undefined) {
    return refused(422, `Invalid debounce maxDelay: ${debounce.maxDelay}. ${DURATION_FORMATS}`);
  }
  if (maxDelayMs <= delayMs) {
    return refused(
      422,
      `debounce.maxDelay (${debounce.maxDelay}) must be longer than debounce.delay (${debounce.delay}). ` +
        "A debounced run is only pushed back while it stays inside maxDelay, so with these values " +
        "every trigger would create its own run.",
    );
  }
  return undefined;
}

/**
 * Trigger.dev's parseDelay: a date string first (a past date means no delay), else a duration such as
 * "1h30m". Anything else is no delay at all: hosted runs it at once rather than refusing it.
 */
export function delayUntil(delay: string | Date | undefined): Date | undefined {
  if (!delay) return undefined;
  if (delay instanceof Date) return delay;
  const date = new Date(delay);
  if (Number.isNaN(date.getTime())) return parseNaturalLanguageDuration(delay);
  return date.getTime() <= Date.now() ? undefined : date;
}

/** DefaultQueueManager: the named queue (any name: hosted does not check it exists), sanitized. */
export function runQueue(options: TriggerOptions, taskId: string): string {
  const named = options.queue?.name ? sanitizeQueueName(options.queue.name) : "";
  return named || sanitizeQueueName(`task/${taskId}`);
}

/** A single tag or a list; blank tags are dropped, as hosted drops them. */
export function runTags(tags: TriggerOptions["tags"]): string[] {
  const list = tags === undefined ? [] : typeof tags === "string" ? [tags] : tags;
  return list.filter((tag) => tag.trim().length > 0);
}

/** Trigger.dev's clampMaxDuration; 0 or none means the task's own limit. */
export function runMaxDuration(maxDuration: number | undefined): number | undefined {
  if (!maxDuration) return undefined;
  return Math.min(Math.max(maxDuration, MAX_DURATION_BOUNDS.min), MAX_DURATION_BOUNDS.max);
}

/** handleMetadataPacket's measure: a string as sent, JSON metadata as its JSON text. */
function metadataByteLength(metadata: unknown, metadataType: string): number {
  if (!metadata) return 0;
  const data =
    metadataType === "application/json"
      ? JSON.stringify(metadata)
      : typeof metadata === "string"
        ? metadata
        : undefined;
  return data ? Buffer.byteLength(data, "utf8") : 0;
}

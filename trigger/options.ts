/**
 * Run options the generation tasks share. One run per topic at a time: callers pass the topic id as
 * `concurrencyKey` (see generationRunOptions), which gives every topic its own copy of this queue.
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

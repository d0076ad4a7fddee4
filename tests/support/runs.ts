import { runs } from "@trigger.dev/sdk";

/**
 * Polls the run until it satisfies `done` (the SDK's runs.retrieve, as an app would), through whatever
 * task service the SDK is configured for: the stack's own (product tests) or one a conformance test
 * serves itself (devstack/tests/tasks).
 */
export async function waitForRun(
  runId: string,
  done: (run: Awaited<ReturnType<typeof runs.retrieve>>) => boolean,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await runs.retrieve(runId);
    if (done(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} is still ${run.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { tasks } from "@trigger.dev/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signGenerationGrant } from "../../src/domain/generation-grant.ts";
import { SOURCE_LIMITS } from "../../src/domain/source-limits.ts";
import { generationRunOptions } from "../../src/domain/tasks.ts";
import type { generateTopicStructure } from "../../trigger/generate-topic-structure.ts";
import { inflatingPdf } from "../../trigger/generation/fixtures/hostile-files.ts";
import type { Fixture } from "../../trigger/generation/fixtures/sources.ts";
import { GenerationWorld } from "../generation/support.ts";
import { StackTasks, waitForRun } from "./support.ts";

/**
 * A decompression bomb given to the stack's own worker (the one inside the gateway): its source is read
 * in a child process that hits the memory limit, so the source and the topic end failed with a clear
 * message, and the gateway answers REST reads all the while (it once went down at 5.3 GB).
 */
const stackTasks = new StackTasks();
const world = new GenerationWorld();

beforeAll(() => stackTasks.start());
afterAll(async () => {
  await stackTasks.stop();
  await world.close();
});

const bomb = {
  // One page whose content stream inflates to 2 GB of zeros: a 2 MB file.
  input: { id: "", kind: "pdf", file_name: "bomb.pdf", file_path: null, content: inflatingPdf(2_048) },
  lines: new Map(),
  language: "en",
} satisfies Fixture;

it("fails the bomb's source and its topic clearly, the gateway answering throughout", async () => {
  const { topicId, userId, sourceIds } = await world.topic([bomb]);
  const grant = await signGenerationGrant(
    { userId, topicId, task: "generate-topic-structure" },
    stackTasks.stack.generationGrantSecret,
  );
  const payload = { topicId, grant };
  const handle = await tasks.trigger<typeof generateTopicStructure>(
    "generate-topic-structure",
    payload,
    generationRunOptions(payload),
  );

  const readTimes: number[] = [];
  let running = true;
  const reads = (async () => {
    while (running) {
      const started = Date.now();
      const { error } = await world.service
        .from("topics")
        .select("processing_status")
        .eq("id", topicId)
        .single();
      expect(error).toBeNull();
      readTimes.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const run = await waitForRun(handle.id, (current) => current.isCompleted, 100_000).finally(() => {
    running = false;
  });
  await reads;

  const message = `"bomb.pdf" needs more memory than allowed to read (${SOURCE_LIMITS.memoryMb.toLocaleString("en-US")} MB)`;
  expect(run).toMatchObject({ status: "COMPLETED", attemptCount: 1 });
  expect(run.output).toMatchObject({ status: "failed", sources: { ingested: 0, failed: 1 } });
  expect(await stackTasks.topicRow(topicId)).toMatchObject({
    processing_status: "failed",
    processing_error: message,
  });
  const { rows } = await world.db.query("select status, error from public.topic_sources where id = $1", [
    sourceIds[0],
  ]);
  expect(rows[0]).toEqual({ status: "failed", error: message });
  // Read after read answered while the bomb was being read, none held up by it.
  expect(readTimes.length).toBeGreaterThan(5);
  expect(Math.max(...readTimes)).toBeLessThan(2_000);
}, 120_000);

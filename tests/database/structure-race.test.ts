import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import {
  backendPid,
  beginAsUser,
  connect,
  createTopicFixture,
  type TopicFixture,
  waitUntilBlocked,
} from "./support.ts";

/**
 * docs/product.md §4: "set status to generating_structure with progress 1, only if it is still empty or pending".
 * Two learners opening the review screen at once must start generation once: the conditional UPDATE of
 * start_structure_generation lets exactly one of two real connections win.
 */
const { databaseUrl } = inject("stack");

let owner: pg.Client;
let first: pg.Client;
let second: pg.Client;
let fixture: TopicFixture;

beforeAll(async () => {
  [owner, first, second] = await Promise.all([
    connect(databaseUrl),
    connect(databaseUrl),
    connect(databaseUrl),
  ]);
  fixture = await createTopicFixture(owner);
});

afterAll(async () => {
  // Closing the callers first rolls back whatever a failed test left open, so cleanup cannot block.
  await Promise.all([first, second].map((client) => client?.end()));
  await fixture?.remove();
  await owner?.end();
});

beforeEach(async () => {
  await owner.query(
    "update public.topics set processing_status = 'pending', processing_progress = 0 where id = $1",
    [fixture.topicId],
  );
});

async function start(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ started: boolean }>(
    "select public.start_structure_generation($1) as started",
    [fixture.topicId],
  );
  return rows[0]?.started as boolean;
}

async function topicState() {
  const { rows } = await owner.query(
    "select processing_status, processing_progress from public.topics where id = $1",
    [fixture.topicId],
  );
  return rows[0];
}

describe("start_structure_generation under two concurrent callers", () => {
  it("lets the second caller wait for the first and then find generation already started", async () => {
    const secondPid = await backendPid(second);
    await beginAsUser(first, fixture.creatorId);
    await beginAsUser(second, fixture.creatorId);

    expect(await start(first)).toBe(true);
    const secondStart = start(second);
    await waitUntilBlocked(owner, secondPid);
    await first.query("commit");

    expect(await secondStart).toBe(false);
    await second.query("commit");
    expect(await topicState()).toEqual({ processing_status: "generating_structure", processing_progress: 1 });
  });

  it("starts exactly once when both call at the same moment, round after round", async () => {
    for (let round = 0; round < 10; round++) {
      await owner.query("update public.topics set processing_status = 'pending' where id = $1", [
        fixture.topicId,
      ]);
      // Each round is a fresh start; the per-topic generation limit is not what this test is about.
      await owner.query("delete from public.generation_requests where topic_id = $1", [fixture.topicId]);
      const results = await Promise.all(
        [first, second].map(async (client) => {
          await beginAsUser(client, fixture.creatorId);
          const started = await start(client);
          await client.query("commit");
          return started;
        }),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    }
    expect(await topicState()).toEqual({ processing_status: "generating_structure", processing_progress: 1 });
  });
});

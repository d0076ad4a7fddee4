import { auth } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TaskGateway } from "./support.ts";

/**
 * Run options decided when a run is triggered, as Trigger.dev v4's webapp decides them: one row per
 * option and case, with hosted's status and `{error}` body (RunEngineTriggerTaskService,
 * DefaultTriggerTaskValidator, the route builder's zod-validation-error 1.5 message).
 */
const gateway = new TaskGateway();

beforeAll(() => gateway.start());
afterAll(() => gateway.stop());

async function trigger(options: Record<string, unknown>, token?: string) {
  const response = await gateway.fetch("/api/v1/tasks/fixture-echo/trigger", {
    method: "POST",
    body: JSON.stringify({ payload: JSON.stringify({ message: "options" }), options }),
    token,
  });
  return { status: response.status, body: (await response.json()) as { error?: string; id?: string } };
}

const tooLongTag = "t".repeat(129);

/**
 * Schema refusals (400) are matched on the option's path: hosted's webapp parses with zod 3, while
 * @trigger.dev/core 4.8 here brings zod 4, whose wording differs ("Invalid input: expected …").
 */
const refusals: Array<[string, Record<string, unknown>, number, string | RegExp]> = [
  ["an unknown machine preset", { machine: "huge-9x" }, 400, /^Validation error: .*at "options\.machine/],
  ["a tag over 128 characters", { tags: [tooLongTag] }, 400, /^Validation error: .*at "options\.tags/],
  [
    "more than 10 tags",
    { tags: Array.from({ length: 11 }, (_, index) => `tag-${index}`) },
    422,
    "Runs can only have 10 tags, you're trying to set 11.",
  ],
  ["a fractional maxAttempts", { maxAttempts: 1.5 }, 400, /^Validation error: .*at "options\.maxAttempts/],
  ["a negative numeric ttl", { ttl: -5 }, 400, /^Validation error: .*at "options\.ttl/],
  [
    "a queue that is not an object with a name",
    { queue: "my-queue" },
    400,
    /^Validation error: .*at "options\.queue/,
  ],
  [
    "a locked version no worker has",
    { lockToVersion: "20250101.1" },
    422,
    "Task locked to version '20250101.1', but no worker found with that version.",
  ],
  [
    "metadata over 256 KB",
    { metadata: { blob: "m".repeat(262_144) } },
    413,
    "Metadata exceeds maximum size of 262144 bytes",
  ],
  [
    "a debounce without a usable delay",
    { debounce: { key: "k", delay: "soon" } },
    422,
    "Debounce requires a valid delay duration. Provided: soon",
  ],
  [
    "a debounce whose maxDelay is not longer than its delay",
    { debounce: { key: "k", delay: "10m", maxDelay: "5m" } },
    422,
    "debounce.maxDelay (5m) must be longer than debounce.delay (10m). A debounced run is only pushed back while it stays inside maxDelay, so with these values every trigger would create its own run.",
  ],
  [
    "a valid debounce (the local service does not debounce)",
    { debounce: { key: "k", delay: "10m" } },
    422,
    "The local task service does not debounce runs.",
  ],
];

describe("run options hosted Trigger.dev refuses at trigger time", () => {
  it.each(refusals)("refuses %s", async (_case, options, status, error) => {
    const answer = await trigger(options);
    expect(answer.status).toBe(status);
    if (typeof error === "string") expect(answer.body).toEqual({ error });
    else expect(answer.body.error).toMatch(error);
  });

  it("refuses a parent run the token may not write, with 403", async () => {
    const parent = await trigger({});
    const token = await auth.createTriggerPublicToken("fixture-echo");
    const answer = await trigger({ parentRunId: parent.body.id }, token);
    expect(answer).toEqual({ status: 403, body: { error: "Unauthorized" } });
  });
});

type StoredRun = {
  queue: string;
  tags: string[];
  max_duration_seconds: number | null;
  delayed: boolean;
  ttl_seconds: number | null;
};

const accepted: Array<[string, Record<string, unknown>, Partial<StoredRun>]> = [
  ["a queue name, sanitized", { queue: { name: "paid users!" } }, { queue: "paidusers" }],
  [
    "a queue name of only invalid characters, as the task's queue",
    { queue: { name: "!!" } },
    { queue: "task/fixture-echo" },
  ],
  ["blank tags, dropped", { tags: ["keep", "  "] }, { tags: ["keep"] }],
  ["a maxDuration under 5 seconds, clamped", { maxDuration: 1 }, { max_duration_seconds: 5 }],
  ["a delay that does not parse, as no delay", { delay: "whenever" }, { delayed: false }],
  ["a delay as a past date, as no delay", { delay: "2020-01-01T00:00:00Z" }, { delayed: false }],
  ["a delay as a duration", { delay: "1h" }, { delayed: true }],
  ["a ttl that does not parse", { ttl: "forever" }, { ttl_seconds: null }],
  [
    "a machine preset, priority and numeric concurrency key",
    { machine: "large-2x", priority: 10, concurrencyKey: 7 },
    {},
  ],
];

describe("run options hosted Trigger.dev accepts, applied the same way", () => {
  it.each(accepted)("accepts %s", async (_case, options, stored) => {
    const answer = await trigger(options);
    expect(answer.status).toBe(200);
    const { rows } = await gateway.db.query<StoredRun>(
      `select queue, tags, max_duration_seconds, delay_until is not null as delayed, ttl_seconds
       from trigger_local.runs where id = $1`,
      [answer.body.id],
    );
    expect(rows[0]).toMatchObject(stored);
  });
});

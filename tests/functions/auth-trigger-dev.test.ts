import { auth, runs, tasks } from "@trigger.dev/sdk";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyGenerationGrant } from "../../src/domain/generation-grant.ts";
import { Fixtures, failure, grantSecret, triggerSecretKey, type World } from "./support.ts";

/** docs/product.md §7's trigger token, limited by docs/decisions.md §1 and bound to its holder by a generation grant. */
const fixtures = new Fixtures();
const baseURL = fixtures.stack.supabaseUrl;
let world: World;

beforeAll(async () => {
  world = await fixtures.world();
});
afterAll(() => fixtures.end());

interface TokenAndGrant {
  token: string;
  grant: string;
}

function askToken(supabase: World["anonymous"], body: Record<string, unknown>) {
  return supabase.functions.invoke<TokenAndGrant>("auth-trigger-dev", { body });
}

/** Triggers as a browser does: with the public token, not the secret key. */
function triggerWithToken(token: string, task: string, payload: Record<string, unknown>) {
  return auth.withAuth({ baseURL, accessToken: token }, () => tasks.trigger(task, payload));
}

function finishedRun(runId: string) {
  return auth.withAuth({ baseURL, accessToken: triggerSecretKey }, () =>
    runs.poll(runId, { pollIntervalMs: 250 }),
  );
}

describe("auth-trigger-dev", () => {
  it("gives a content manager a one-time structure token and a grant naming them, the topic and the task", async () => {
    const { data, error } = await askToken(world.manager.supabase, {
      taskName: "generate-topic-structure",
      topicId: world.topicId,
    });
    expect(error).toBeNull();
    const claims = decodeJwt(data?.token as string);
    expect(claims).toMatchObject({
      pub: true,
      otu: true,
      scopes: ["trigger:tasks:generate-topic-structure"],
    });
    const grant = await verifyGenerationGrant(data?.grant as string, grantSecret, {
      topicId: world.topicId,
      task: "generate-topic-structure",
    });
    expect(grant.userId).toBe(world.manager.id);
  });

  it("gives a structure token only to the caller whose start moved the topic to generating", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, { processing_status: "pending" });
    const body = { taskName: "generate-topic-structure", topicId };
    const answers = await Promise.all([
      askToken(world.manager.supabase, body),
      askToken(world.manager.supabase, body),
    ]);
    const statuses = await Promise.all(
      answers.map(async (answer) => (answer.error ? (await failure(answer)).status : 200)),
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect((await fixtures.topicRow(topicId)).processing_status).toBe("generating_structure");
  });

  it("answers 429 for a course token once the caller is over the limit for the topic", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {});
    const body = { taskName: "generate-course-content", topicId };
    for (let count = 0; count < 10; count++) {
      expect((await askToken(world.member.supabase, body)).error).toBeNull();
    }
    expect(await failure(await askToken(world.member.supabase, body))).toEqual({
      status: 429,
      body: { error: "Generation limit reached for this topic: at most 10 an hour. Try again later." },
    });
  });

  it("gives any reader of the topic a course token", async () => {
    const { data, error } = await askToken(world.member.supabase, {
      taskName: "generate-course-content",
      topicId: world.topicId,
    });
    expect(error).toBeNull();
    expect(decodeJwt(data?.token as string).scopes).toEqual(["trigger:tasks:generate-course-content"]);
    await expect(
      verifyGenerationGrant(data?.grant as string, grantSecret, {
        topicId: world.topicId,
        task: "generate-course-content",
        userId: world.member.id,
      }),
    ).resolves.toBeTruthy();
  });

  it("gives every caller their own one-time token, even in the same second", async () => {
    const body = { taskName: "generate-course-content", topicId: world.topicId };
    const answers = await Promise.all([
      askToken(world.member.supabase, body),
      askToken(world.manager.supabase, body),
      askToken(world.member.supabase, body),
    ]);
    expect(new Set(answers.map(({ data }) => data?.token)).size).toBe(3);
  });

  it("refuses a structure token to a member who does not manage the topic's entity", async () => {
    const result = await askToken(world.member.supabase, {
      taskName: "generate-topic-structure",
      topicId: world.topicId,
    });
    expect(await failure(result)).toMatchObject({ status: 403 });
  });

  it.each(["generate-topic-structure", "generate-course-content"])(
    "answers 404 for %s on a topic the caller cannot see",
    async (taskName) => {
      const result = await askToken(world.outsider.supabase, { taskName, topicId: world.topicId });
      expect(await failure(result)).toEqual({ status: 404, body: { error: "Topic not found" } });
    },
  );

  it("refuses callers who are not signed in", async () => {
    const result = await askToken(world.anonymous, {
      taskName: "generate-course-content",
      topicId: world.topicId,
    });
    expect(await failure(result)).toEqual({ status: 401, body: { error: "You must be signed in" } });
  });

  it.each([
    ["another task", { taskName: "delete-everything", topicId: "00000000-0000-4000-8000-000000000000" }],
    ["no topic", { taskName: "generate-course-content" }],
    ["a topic id that is not a uuid", { taskName: "generate-course-content", topicId: "42" }],
  ])("answers 400 for %s", async (_case, body) => {
    const result = await askToken(world.member.supabase, body);
    expect(await failure(result)).toMatchObject({ status: 400, body: { error: "Invalid request body" } });
  });
});

describe("what a token and its grant can start", () => {
  it("starts the task it names once, with a payload its grant matches", async () => {
    const { data } = await askToken(world.member.supabase, {
      taskName: "generate-course-content",
      topicId: world.topicId,
    });
    const { token, grant } = data as TokenAndGrant;
    const payload = {
      topicId: world.topicId,
      createdBy: world.member.id,
      title: "Rivers of Europe",
      publish: false,
      mode: "refresh",
      grant,
    };
    const handle = await triggerWithToken(token, "generate-course-content", payload);
    expect(handle.id).toMatch(/^run_/);
    await expect(triggerWithToken(token, "generate-course-content", payload)).rejects.toMatchObject({
      status: 422,
    });
  });

  it.each([
    ["tags of its own", { tags: ["mine"] }],
    ["more attempts", { maxAttempts: 25 }],
    ["another queue", { queue: "fast-lane" }],
  ])("cannot run with %s: the task refuses options the product did not issue", async (_case, options) => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {});
    const { data } = await askToken(world.member.supabase, { taskName: "generate-course-content", topicId });
    const { token, grant } = data as TokenAndGrant;
    const payload = {
      topicId,
      createdBy: world.member.id,
      title: "Mine",
      publish: false,
      mode: "refresh",
      grant,
    };
    const handle = await auth.withAuth({ baseURL, accessToken: token }, () =>
      tasks.trigger("generate-course-content", payload, options),
    );
    const run = await finishedRun(handle.id);
    expect(run.isSuccess).toBe(false);
    expect(JSON.stringify(run.error)).toContain("run options the product did not issue");
    const courses = await fixtures.db.query("select id from public.courses where topic_id = $1", [topicId]);
    expect(courses.rows).toEqual([]);
  });

  it("cannot start another task", async () => {
    const { data } = await askToken(world.member.supabase, {
      taskName: "generate-course-content",
      topicId: world.topicId,
    });
    const { token, grant } = data as TokenAndGrant;
    await expect(
      triggerWithToken(token, "generate-topic-structure", { topicId: world.topicId, grant }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("cannot start work on another topic or for another user: the task refuses the grant", async () => {
    const hidden = await fixtures.world();
    const askCourse = () =>
      askToken(world.member.supabase, { taskName: "generate-course-content", topicId: world.topicId });
    const course = (topicId: string, createdBy: string, grant: string) => ({
      topicId,
      createdBy,
      title: "Not mine",
      publish: false,
      mode: "refresh",
      grant,
    });

    const first = (await askCourse()).data as TokenAndGrant;
    const otherTopic = await triggerWithToken(
      first.token,
      "generate-course-content",
      course(hidden.topicId, world.member.id, first.grant),
    );
    const second = (await askCourse()).data as TokenAndGrant;
    const otherUser = await triggerWithToken(
      second.token,
      "generate-course-content",
      course(world.topicId, world.manager.id, second.grant),
    );

    for (const handle of [otherTopic, otherUser]) {
      const run = await finishedRun(handle.id);
      expect(run.isSuccess).toBe(false);
    }
    const courses = await fixtures.db.query(
      "select topic_id, created_by from public.courses where topic_id = any($1) and created_by = any($2)",
      [
        [hidden.topicId, world.topicId],
        [world.member.id, world.manager.id],
      ],
    );
    expect(courses.rows.filter((row) => row.topic_id === hidden.topicId)).toEqual([]);
    expect(courses.rows.filter((row) => row.created_by === world.manager.id)).toEqual([]);
  });
});

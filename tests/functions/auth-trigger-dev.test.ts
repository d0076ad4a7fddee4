import { auth, runs, tasks } from "@trigger.dev/sdk";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyGenerationGrant } from "../../src/domain/generation-grant.ts";
import { Fixtures, failure, grantSecret, triggerSecretKey, type World } from "./support.ts";

/** SPEC §7's trigger token, limited by DECISIONS §1 and bound to its holder by a generation grant. */
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

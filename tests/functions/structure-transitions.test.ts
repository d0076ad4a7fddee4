import { auth, runs } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyGenerationGrant } from "../../src/domain/generation-grant.ts";
import { Fixtures, failure, grantSecret, sampleStructure, triggerSecretKey, type World } from "./support.ts";

/** The structure review transitions of docs/product.md §4 and ARCHITECTURE §6.3, as edge functions. */
const fixtures = new Fixtures();
let world: World;

beforeAll(async () => {
  world = await fixtures.world();
});
afterAll(() => fixtures.end());

function retrieveRun(runId: string) {
  return auth.withAuth({ baseURL: fixtures.stack.supabaseUrl, accessToken: triggerSecretKey }, () =>
    runs.retrieve(runId),
  );
}

function finishedRun(runId: string) {
  return auth.withAuth({ baseURL: fixtures.stack.supabaseUrl, accessToken: triggerSecretKey }, () =>
    runs.poll(runId, { pollIntervalMs: 250 }),
  );
}

/** The structure run was started for this topic, on behalf of this user. */
async function expectStructureRun(runId: string, topicId: string, userId: string) {
  const run = await retrieveRun(runId);
  expect(run.taskIdentifier).toBe("generate-topic-structure");
  const payload = run.payload as { topicId: string; grant: string };
  expect(payload.topicId).toBe(topicId);
  const grant = await verifyGenerationGrant(payload.grant, grantSecret, {
    topicId,
    task: "generate-topic-structure",
  });
  expect(grant.userId).toBe(userId);
}

describe("start-structure-generation", () => {
  const start = (supabase: World["anonymous"], topicId: string) =>
    supabase.functions.invoke<{ started: boolean; runId?: string }>("start-structure-generation", {
      body: { topicId },
    });

  it("moves a pending topic to generating_structure and starts its task, once", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, { processing_status: "pending" });
    const first = await start(world.manager.supabase, topicId);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ started: true, runId: expect.stringMatching(/^run_/) });
    await expectStructureRun(first.data?.runId as string, topicId, world.manager.id);
    expect((await fixtures.topicRow(topicId)).processing_status).not.toBe("pending");

    const second = await start(world.manager.supabase, topicId);
    expect(second.data).toEqual({ started: false });
  });

  it("never starts a second run beside one under way, however the first run is doing", async () => {
    // The visit's old "restart a topic whose run looks lost" guess raced with the first run: on a busy
    // machine it saw no live run between the trigger and the run's first state and started another.
    // Only the database's transition decides now; a lost run is the sweep's to fail.
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "generating_structure",
    });
    const { data } = await start(world.manager.supabase, topicId);
    expect(data).toEqual({ started: false });
    expect(await fixtures.structureRequests(topicId)).toEqual([]);
  });

  it("records the run it started, so the sweep can tell when it ends", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, { processing_status: "pending" });
    const { data } = await start(world.manager.supabase, topicId);
    expect(await fixtures.structureRequests(topicId)).toEqual([
      { user_id: world.manager.id, run_id: data?.runId },
    ]);
  });

  it("leaves a topic under review alone", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "awaiting_structure_review",
      structure: sampleStructure(),
    });
    const { data } = await start(world.manager.supabase, topicId);
    expect(data).toEqual({ started: false });
    expect((await fixtures.topicRow(topicId)).processing_status).toBe("awaiting_structure_review");
  });

  it("refuses a member who does not manage the topic, and hides it from outsiders", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, { processing_status: "pending" });
    expect(await failure(await start(world.member.supabase, topicId))).toMatchObject({ status: 403 });
    expect(await failure(await start(world.outsider.supabase, topicId))).toMatchObject({ status: 404 });
    expect(await failure(await start(world.anonymous, topicId))).toMatchObject({ status: 401 });
    expect((await fixtures.topicRow(topicId)).processing_status).toBe("pending");
  });
});

describe("accept-structure", () => {
  const accept = (supabase: World["anonymous"], body: unknown) =>
    supabase.functions.invoke("accept-structure", { body: body as Record<string, unknown> });

  it("saves the reviewed structure and completes the topic", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "awaiting_structure_review",
      structure: sampleStructure("As generated"),
    });
    const reviewed = sampleStructure("As reviewed");
    const { data, error } = await accept(world.manager.supabase, { topicId, structure: reviewed });
    expect(error).toBeNull();
    expect(data).toEqual({ accepted: true });
    expect(await fixtures.topicRow(topicId)).toEqual({
      processing_status: "completed",
      processing_progress: 100,
      structure: reviewed,
    });
  });

  it.each([
    ["no structure", {}],
    ["a structure without sections", { structure: { title: "x", description: "y" } }],
  ])("answers 400 for %s and changes nothing", async (_case, body) => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "awaiting_structure_review",
      structure: sampleStructure("As generated"),
    });
    const result = await accept(world.manager.supabase, { topicId, ...body });
    expect(await failure(result)).toMatchObject({ status: 400, body: { error: "Invalid request body" } });
    expect((await fixtures.topicRow(topicId)).processing_status).toBe("awaiting_structure_review");
  });

  it("refuses a member, an outsider and an anonymous caller, and changes nothing", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "awaiting_structure_review",
      structure: sampleStructure("As generated"),
    });
    const body = { topicId, structure: sampleStructure("Hijacked") };
    // The database's refusal names the topic's id; the member reads a sentence instead.
    expect(await failure(await accept(world.member.supabase, body))).toEqual({
      status: 403,
      body: {
        error:
          "Only the creators, managers and admins of this topic's organisation can change its structure.",
      },
    });
    // The RPC refuses a topic the caller cannot see like one they may not manage, revealing nothing.
    expect(await failure(await accept(world.outsider.supabase, body))).toMatchObject({ status: 403 });
    expect(await failure(await accept(world.anonymous, body))).toMatchObject({ status: 401 });
    expect((await fixtures.topicRow(topicId)).structure).toEqual(sampleStructure("As generated"));
  });
});

describe("regenerate-structure", () => {
  const regenerate = (supabase: World["anonymous"], topicId: string) =>
    supabase.functions.invoke<{ runId: string; variant: number }>("regenerate-structure", {
      body: { topicId },
    });

  it("clears the structure and starts the structure task for the caller", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "awaiting_structure_review",
      structure: sampleStructure("Rejected by the reviewer"),
    });
    const { data, error } = await regenerate(world.manager.supabase, topicId);
    expect(error).toBeNull();
    await expectStructureRun(data?.runId as string, topicId, world.manager.id);
    const topic = await fixtures.topicRow(topicId);
    expect(topic.structure).not.toEqual(sampleStructure("Rejected by the reviewer"));
  });

  it("makes the next variant each time, so the new structure differs", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "awaiting_structure_review",
      structure: sampleStructure(),
    });
    const first = await regenerate(world.manager.supabase, topicId);
    expect(first.data?.variant).toBe(1);
    // The regenerated structure must be there before the reviewer can ask for another.
    await finishedRun(first.data?.runId as string);
    expect((await fixtures.topicRow(topicId)).processing_status).toBe("awaiting_structure_review");
    expect((await regenerate(world.manager.supabase, topicId)).data?.variant).toBe(2);
  });

  it("answers 409 while a structure is being generated, and starts nothing", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "generating_structure",
    });
    const answers = await Promise.all([1, 2, 3].map(() => regenerate(world.manager.supabase, topicId)));
    for (const answer of answers) {
      expect(await failure(answer)).toEqual({
        status: 409,
        body: { error: "A structure is already being generated for this topic" },
      });
    }
    expect(await fixtures.structureRequests(topicId)).toEqual([]);
  });

  it("answers 429 once the caller is over the generation limit for the topic", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "awaiting_structure_review",
      structure: sampleStructure("Kept"),
    });
    await fixtures.db.query(
      `insert into public.generation_requests (user_id, topic_id, task)
       select $1, $2, 'generate-topic-structure' from generate_series(1, 10)`,
      [world.manager.id, topicId],
    );
    expect(await failure(await regenerate(world.manager.supabase, topicId))).toEqual({
      status: 429,
      body: { error: "Generation limit reached for this topic: at most 10 an hour. Try again later." },
    });
    expect((await fixtures.topicRow(topicId)).structure).toEqual(sampleStructure("Kept"));
  });

  it("refuses a member, an outsider and an anonymous caller, and changes nothing", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {
      processing_status: "awaiting_structure_review",
      structure: sampleStructure("Kept"),
    });
    expect(await failure(await regenerate(world.member.supabase, topicId))).toEqual({
      status: 403,
      body: {
        error:
          "Only the creators, managers and admins of this topic's organisation can change its structure.",
      },
    });
    expect(await failure(await regenerate(world.outsider.supabase, topicId))).toMatchObject({ status: 404 });
    expect(await failure(await regenerate(world.anonymous, topicId))).toMatchObject({ status: 401 });
    expect((await fixtures.topicRow(topicId)).structure).toEqual(sampleStructure("Kept"));
  });
});

describe("HTTP surface shared by the product's functions", () => {
  const call = (init: RequestInit & { origin?: string }) =>
    fetch(`${fixtures.stack.supabaseUrl}/functions/v1/accept-structure`, {
      ...init,
      headers: { ...(init.origin ? { Origin: init.origin } : {}), ...init.headers },
    });

  it("answers preflights from the product's web client (the stack's site URL)", async () => {
    const origin = fixtures.stack.siteUrl;
    const response = await call({ method: "OPTIONS", origin });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(origin);
    expect(response.headers.get("access-control-allow-headers")).toContain("authorization");
  });

  it("gives other origins no CORS headers, even on errors", async () => {
    const preflight = await call({ method: "OPTIONS", origin: "https://evil.example" });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const post = await call({
      method: "POST",
      origin: "https://evil.example",
      headers: { Authorization: `Bearer ${fixtures.stack.anonKey}` },
      body: "{}",
    });
    expect(post.status).toBe(401);
    expect(post.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers other methods with 405", async () => {
    const response = await call({
      method: "GET",
      headers: { Authorization: `Bearer ${fixtures.stack.anonKey}` },
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ error: "Method not allowed" });
  });

  it("answers a body that is not JSON with 400", async () => {
    const topicId = await fixtures.topic(world.entityId, world.manager.id, {});
    const result = await world.manager.supabase.functions.invoke("accept-structure", {
      body: `{"topicId": "${topicId}"`,
      headers: { "Content-Type": "application/json" },
    });
    expect(await failure(result)).toEqual({ status: 400, body: { error: "The request body must be JSON" } });
  });
});

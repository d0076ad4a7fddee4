import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChatRequest,
  cooperativeModel,
  type OpenAiStandIn,
  schemaName,
  startOpenAiStandIn,
} from "../../trigger/generation/fixtures/openai-stand-in.ts";
import { dutchMarkdown, englishPasted } from "../../trigger/generation/fixtures/sources.ts";
import { runCourseGeneration, runStructureGeneration } from "../../trigger/generation/index.ts";
import { Fixtures, type TestUser } from "../functions/support.ts";
import { type GenerationTopic, GenerationWorld } from "./support.ts";

/**
 * An organisation's own model (docs/llm-provider.md, "An organisation's model"): an admin connects the
 * OpenAI-compatible stand-in from the browser, the structure and course pipelines write with it (its key
 * in the Authorization header, its model name on the content and in the usage), and the key never comes
 * back in any REST, RPC or function answer to a browser client.
 */
const world = new GenerationWorld();
const fixtures = new Fixtures();
const KEY = `sk-org-${randomUUID()}`;
const MODEL = "stand-in-model";
const DEPLOYMENT_ENV = ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_ALLOW_PRIVATE_NETWORK"] as const;
const savedEnv = Object.fromEntries(DEPLOYMENT_ENV.map((name) => [name, process.env[name]]));

let standIn: OpenAiStandIn;
let topic: GenerationTopic;
let admin: TestUser;
/** Every answer the admin's browser client got, as text. */
const answers: string[] = [];

/** The admin's browser client: supabase-js with the user's token, recording every answer it reads. */
function browserClient(token: string) {
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    answers.push(`${response.status} ${await response.clone().text()}`);
    return response;
  };
  return createClient(fixtures.stack.supabaseUrl, fixtures.stack.anonKey, {
    accessToken: async () => token,
    global: { fetch: recording },
  });
}

const answer = (request: ChatRequest) =>
  schemaName(request)
    ? cooperativeModel(request)
    : { content: "OK", usage: { prompt_tokens: 3, completion_tokens: 1 } };

beforeAll(async () => {
  // No deployment-wide model: what writes is the organisation's. The stand-in is on loopback, which
  // this process (the tasks' stand-in here) allows as the local stack does.
  for (const name of DEPLOYMENT_ENV) delete process.env[name];
  process.env.LLM_ALLOW_PRIVATE_NETWORK = "true";
  standIn = await startOpenAiStandIn(answer);
  topic = await world.topic([dutchMarkdown(), englishPasted()], { title: "Photosynthesis" });
  admin = await fixtures.user("model-admin");
  await world.db.query(
    "insert into public.core_memberships (entity_id, user_id, member_role, status) values ($1, $2, 'admin', 'active')",
    [topic.entityId, admin.id],
  );
});

afterAll(async () => {
  for (const name of DEPLOYMENT_ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  await standIn?.close();
  await world.close();
  await fixtures.end();
});

describe("an organisation's connected model", () => {
  it("is connected and tested by an admin from the browser without the key coming back", async () => {
    const browser = browserClient(admin.token);
    const saved = await browser.rpc("save_entity_llm_settings", {
      p_entity_id: topic.entityId,
      p_base_url: `${standIn.baseURL}/`,
      p_model: MODEL,
      p_api_key: KEY,
      p_cost_per_1k_input: 0.5,
      p_cost_per_1k_output: 1.5,
    });
    expect(saved.error).toBeNull();

    const tested = await browser.functions.invoke("test-llm-connection", {
      body: { entityId: topic.entityId, baseUrl: standIn.baseURL, model: MODEL },
    });
    expect(tested.data).toEqual({ ok: true, message: `Connected: ${MODEL} answered.` });
    // The saved key was used by the server, on the address it was saved for.
    expect(standIn.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    const shown = await browser
      .from("entity_llm_settings")
      .select("base_url, model, has_api_key")
      .eq("entity_id", topic.entityId);
    expect(shown.data).toEqual([{ base_url: standIn.baseURL, model: MODEL, has_api_key: true }]);
  });

  it("writes the structure and the course, which name it, and records the usage", async () => {
    const before = standIn.requests.length;
    const structure = await runStructureGeneration(world.service, { topicId: topic.topicId }, async () => {});
    expect(structure.provider).toMatchObject({ provider: "llm", model: MODEL, modelSource: "organisation" });
    expect(structure.provider.fallbacks).toEqual([]);
    const calls = standIn.requests.slice(before);
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((call) => call.headers.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    expect(new Set(calls.map((call) => call.body.model))).toEqual(new Set([MODEL]));

    const course = await runCourseGeneration(
      world.service,
      { topicId: topic.topicId, createdBy: topic.userId, title: "", publish: false, mode: "refresh" },
      async () => {},
    );
    expect(course.provider).toMatchObject({ model: MODEL, modelSource: "organisation" });
    // Every chapter is the model's (the stand-in's recap scripts may still be replaced, which is no chapter).
    expect(course.provider.fallbacks.filter((reason) => reason.startsWith("chapter "))).toEqual([]);
    expect(course.chapters).toBeGreaterThan(0);

    const labels = await world.db.query<{ structure_generator: string; generator: string }>(
      `select t.structure_generator, c.generator from public.topics t join public.courses c on c.topic_id = t.id
       where t.id = $1`,
      [topic.topicId],
    );
    expect(labels.rows).toEqual([{ structure_generator: MODEL, generator: MODEL }]);

    const usage = await browserClient(admin.token).rpc("entity_generation_usage", {
      p_entity_id: topic.entityId,
    });
    expect(usage.error).toBeNull();
    expect(usage.data).toHaveLength(1);
    const [row] = usage.data ?? [];
    expect(row).toMatchObject({ generator: MODEL, model_source: "organisation", runs: 2 });
    expect(row?.calls).toBe(standIn.requests.length - before);
    expect(Number(row?.cost_usd)).toBeGreaterThan(0);
  });

  it("never answers a browser client with the key", async () => {
    const browser = browserClient(admin.token);
    const refusedColumn = await browser
      .from("entity_llm_settings")
      .select("*")
      .eq("entity_id", topic.entityId);
    expect(refusedColumn.error?.code).toBe("42501");
    const refusedCredentials = await browser.rpc("entity_llm_credentials", { p_entity_id: topic.entityId });
    expect(refusedCredentials.error).not.toBeNull();
    const vault = await browser
      .schema("vault" as never)
      .from("decrypted_secrets")
      .select("*");
    expect(vault.data ?? []).toEqual([]);
    await browser.from("topics").select("*").eq("id", topic.topicId);
    await browser.from("courses").select("*, chapters(*, activities(*))").eq("topic_id", topic.topicId);
    await browser.from("generation_usage").select("*").eq("entity_id", topic.entityId);

    expect(answers.length).toBeGreaterThan(8);
    expect(answers.filter((text) => text.includes(KEY))).toEqual([]);
  });
});

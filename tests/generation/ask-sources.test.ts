import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AskAnswer, askAnswerSchema, NOT_IN_SOURCES } from "../../src/domain/ask.ts";
import {
  type ChatRequest,
  type OpenAiStandIn,
  startOpenAiStandIn,
} from "../../trigger/generation/fixtures/openai-stand-in.ts";
import { Fixtures, failure, type TestUser, type World } from "../functions/support.ts";

/**
 * "Ask your sources" end to end against the throwaway stack (docs/ask.md): the ask-sources function records
 * the question as the caller, the answer-question task (the stack's worker) answers from the topic's lines,
 * offline by quoting passages and with the organisation's model (the OpenAI-compatible stand-in on
 * loopback) by verified sentences; conversations are private and limited per day.
 */
const fixtures = new Fixtures();
let world: World;
let admin: TestUser;
let standIn: OpenAiStandIn;

const LINES = [
  "Rivers begin at a source high in the mountains.",
  "Where a river meets the sea it often forms a delta.",
  "A delta is built from sand and mud the river carries.",
  "",
  "De Rijn stroomt door Duitsland en Nederland naar de Noordzee.",
];

/** The stand-in model: cites the numbered line holding "delta", plus one sentence its line does not say. */
function modelAnswer(request: ChatRequest) {
  const prompt = request.body.messages.at(-1)?.content ?? "";
  const numbered = [...prompt.matchAll(/^\[(\d+)\] (.*)$/gm)].map((m) => ({
    n: Number(m[1]),
    text: m[2] ?? "",
  }));
  const delta = numbered.find((line) => line.text.includes("built from sand"));
  const sentences = [
    ...(delta ? [{ text: "A delta is built from the sand and mud a river carries.", lines: [delta.n] }] : []),
    { text: "Deltas are the most fertile farmland on Earth.", lines: [numbered[0]?.n ?? 1] },
  ];
  return { content: JSON.stringify({ found: sentences.length > 0, sentences }) };
}

beforeAll(async () => {
  world = await fixtures.world();
  admin = await fixtures.user("ask-admin");
  await fixtures.db.query(
    "insert into public.core_memberships (entity_id, user_id, member_role, status) values ($1, $2, 'admin', 'active')",
    [world.entityId, admin.id],
  );
  const source = await fixtures.db.query<{ id: string }>(
    `insert into public.topic_sources (topic_id, kind, file_name, pasted_text, status, created_by)
     values ($1, 'pasted', 'Rivers.txt', $2, 'ingested', $3) returning id`,
    [world.topicId, LINES.join("\n"), world.manager.id],
  );
  await fixtures.db.query(
    `insert into public.source_chunks (source_id, topic_id, file_name, line_start, line_end, content)
     values ($1, $2, 'Rivers.txt', 0, $3, $4)`,
    [source.rows[0]?.id, world.topicId, LINES.length - 1, LINES.join("\n")],
  );
  standIn = await startOpenAiStandIn(modelAnswer);
});

afterAll(async () => {
  await standIn?.close();
  await fixtures.end();
});

async function ask(user: TestUser, question: string) {
  return user.supabase.functions.invoke("ask-sources", { body: { topicId: world.topicId, question } });
}

/** The answer to a question, once the task has written it (the screen polls the same way). */
async function answerTo(user: TestUser, questionId: string): Promise<AskAnswer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { data, error } = await user.supabase
      .from("ask_messages")
      .select("answer, content")
      .eq("question_id", questionId)
      .maybeSingle();
    expect(error).toBeNull();
    if (data) return askAnswerSchema.parse(data.answer);
    if (Date.now() > deadline) throw new Error(`no answer to ${questionId} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("offline (no model connected)", () => {
  it("answers with the best passages quoted as they are, each citing its exact lines", async () => {
    const asked = await ask(world.member, "What is a delta made of?");
    expect(asked.error).toBeNull();
    const answer = await answerTo(world.member, asked.data.questionId);
    expect(answer.mode).toBe("passages");
    expect(answer.generator).toBe("Offline generator");
    const [best] = answer.sentences;
    expect(best?.text).toContain("A delta is built from sand and mud the river carries.");
    for (const sentence of answer.sentences) {
      for (const citation of sentence.citations) {
        expect(citation.exactLines).toEqual(LINES.slice(citation.line_start, citation.line_end + 1));
      }
    }
  });

  it("finds Dutch lines by their stemmed words", async () => {
    const asked = await ask(world.member, "Waar stromen rivieren zoals de Rijn naartoe?");
    const answer = await answerTo(world.member, asked.data.questionId);
    expect(answer.sentences.map((s) => s.text).join(" ")).toContain("De Rijn stroomt");
  });

  it("says so when the sources do not hold it", async () => {
    const asked = await ask(world.member, "Who won the football match?");
    const answer = await answerTo(world.member, asked.data.questionId);
    expect(answer).toEqual({
      mode: "not_found",
      generator: "Offline generator",
      sentences: [{ text: NOT_IN_SOURCES, citations: [] }],
    });
  });
});

describe("privacy and limits", () => {
  it("shows a conversation to its learner only: not to another learner, nor to the admin", async () => {
    const own = await world.member.supabase.from("ask_messages").select("id");
    expect(own.data?.length).toBeGreaterThan(0);
    for (const other of [world.manager, admin, world.outsider]) {
      const seen = await other.supabase.from("ask_messages").select("id");
      expect(seen.data).toEqual([]);
    }
  });

  it("refuses a topic outside the caller's organisation (404) and an anonymous caller (401)", async () => {
    expect((await failure(await ask(world.outsider, "Anything?"))).status).toBe(404);
    const anonymous = await world.anonymous.functions.invoke("ask-sources", {
      body: { topicId: world.topicId, question: "Anything?" },
    });
    expect((await failure(anonymous)).status).toBe(401);
  });

  it("refuses the question over the daily limit with 429", async () => {
    const learner = await fixtures.user("ask-limit");
    await fixtures.db.query(
      "insert into public.core_memberships (entity_id, user_id, member_role, status) values ($1, $2, 'member', 'active')",
      [world.entityId, learner.id],
    );
    const conversation = await fixtures.db.query<{ id: string }>(
      "insert into public.ask_conversations (user_id, topic_id) values ($1, $2) returning id",
      [learner.id, world.topicId],
    );
    await fixtures.db.query(
      `insert into public.ask_messages (conversation_id, role, content, status)
       select $1, 'question', 'Question ' || n, 'answered' from generate_series(1, 50) n`,
      [conversation.rows[0]?.id],
    );
    const refused = await failure(await ask(learner, "One more?"));
    expect(refused).toEqual({
      status: 429,
      body: { error: "Question limit reached: at most 50 questions a day. Try again tomorrow." },
    });
  });
});

describe("with the organisation's model (the OpenAI-compatible stand-in)", () => {
  beforeAll(async () => {
    const saved = await admin.supabase.rpc("save_entity_llm_settings", {
      p_entity_id: world.entityId,
      p_base_url: standIn.baseURL,
      p_model: "stand-in-model",
      p_api_key: "sk-ask-test",
      p_cost_per_1k_input: null,
      p_cost_per_1k_output: null,
    });
    expect(saved.error).toBeNull();
  });

  it("keeps only the sentences whose cited lines say them, with those lines", async () => {
    const before = standIn.requests.length;
    const asked = await ask(world.member, "What is a delta made of?");
    const answer = await answerTo(world.member, asked.data.questionId);
    expect(standIn.requests.length).toBe(before + 1);
    const request = standIn.requests.at(-1);
    expect(request?.headers.authorization).toBe("Bearer sk-ask-test");
    expect(request?.body.messages.at(-1)?.content).toContain("built from sand and mud");
    expect(answer.mode).toBe("model");
    expect(answer.generator).toBe("stand-in-model");
    // The call counts in the organisation's usage, which its admin reads.
    const usage = await admin.supabase.rpc("entity_generation_usage", { p_entity_id: world.entityId });
    expect(usage.error).toBeNull();
    expect(usage.data).toEqual([
      expect.objectContaining({ generator: "stand-in-model", model_source: "organisation", calls: 1 }),
    ]);
    expect(answer.sentences).toEqual([
      {
        text: "A delta is built from the sand and mud a river carries.",
        citations: [expect.objectContaining({ line_start: 2, line_end: 2, exactLines: [LINES[2]] })],
      },
    ]);
  });

  it("does not call the model when no line matches, and says the sources do not hold it", async () => {
    const before = standIn.requests.length;
    const asked = await ask(world.member, "Who won the football match?");
    const answer = await answerTo(world.member, asked.data.questionId);
    expect(standIn.requests.length).toBe(before);
    expect(answer.sentences).toEqual([{ text: NOT_IN_SOURCES, citations: [] }]);
  });
});

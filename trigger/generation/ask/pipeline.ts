import type { LanguageModelUsage } from "ai";
import { ANSWER_QUESTION, type AskAnswer, answerText, notFoundAnswer } from "../../../src/domain/ask.ts";
import { OFFLINE_GENERATOR } from "../../../src/domain/llm-endpoint.ts";
import type { Tables } from "../../../supabase/types/database.types.ts";
import { must, type TaskClient } from "../pipelines/db.ts";
import { modelForEntity } from "../pipelines/model.ts";
import type { LlmSettings, ModelSource } from "../providers/index.ts";
import { askModelForAnswer, MODEL_PASSAGES, offlineAnswer, verifiedModelAnswer } from "./answer.ts";
import { type AskChunk, numberLines, type Passage, passagesFor, type RankedLine } from "./passages.ts";

/** Ranked lines asked of the database: several per passage, so the passages can be chosen well. */
const RANKED_LINES = 30;

export interface AnswerReport {
  questionId: string;
  outcome: "answered" | "skipped";
  mode?: AskAnswer["mode"];
  generator?: string;
  passages?: number;
  /** Why the model's answer was not used, or which of its sentences were left out. */
  notes: string[];
}

/**
 * Answers one pending question (docs/ask.md): the topic's best passages by full-text search, then the
 * organisation's (or deployment's) model writing from those lines only, every sentence verified; without
 * a model, or when the model fails, the passages quoted as they are. Writes the answer and marks the
 * question answered. A question already answered is skipped, so a retried run writes nothing twice.
 */
export async function answerQuestion(
  client: TaskClient,
  questionId: string,
  env: Record<string, string | undefined> = process.env,
): Promise<AnswerReport> {
  const question = await loadQuestion(client, questionId);
  if (question?.status !== "pending") return { questionId, outcome: "skipped", notes: [] };
  const passages = await retrieve(client, question.topicId, question.content);
  const notes: string[] = [];
  const answer = await write(client, question, passages, env, notes);
  must(
    "saving the answer",
    await client.from("ask_messages").insert({
      conversation_id: question.conversationId,
      role: "answer",
      content: answerText(answer),
      question_id: questionId,
      answer,
    }),
  );
  must(
    "marking the question answered",
    await client.from("ask_messages").update({ status: "answered" }).eq("id", questionId).select("id"),
  );
  return {
    questionId,
    outcome: "answered",
    mode: answer.mode,
    generator: answer.generator,
    passages: passages.length,
    notes,
  };
}

/** Marks a question failed, so the screen stops waiting and says so. */
export async function failQuestion(client: TaskClient, questionId: string): Promise<void> {
  must(
    "marking the question failed",
    await client
      .from("ask_messages")
      .update({ status: "failed" })
      .eq("id", questionId)
      .eq("status", "pending")
      .select("id"),
  );
}

interface PendingQuestion {
  content: string;
  status: string | null;
  conversationId: string;
  topicId: string;
  entityId: string;
}

async function loadQuestion(client: TaskClient, questionId: string): Promise<PendingQuestion | null> {
  const row = must<Pick<Tables<"ask_messages">, "content" | "status" | "role" | "conversation_id"> | null>(
    "loading the question",
    await client
      .from("ask_messages")
      .select("content, status, role, conversation_id")
      .eq("id", questionId)
      .maybeSingle(),
  );
  if (row?.role !== "question") return null;
  const conversation = must<{ topic_id: string; topic: { entity_id: string } }>(
    "loading the question's topic",
    await client
      .from("ask_conversations")
      .select("topic_id, topic:topics!inner(entity_id)")
      .eq("id", row.conversation_id)
      .single(),
  );
  return {
    content: row.content,
    status: row.status,
    conversationId: row.conversation_id,
    topicId: conversation.topic_id,
    entityId: conversation.topic.entity_id,
  };
}

async function retrieve(client: TaskClient, topicId: string, query: string): Promise<Passage[]> {
  const ranked = must<RankedLine[]>(
    "ranking the topic's lines",
    await client.rpc("ask_passages", { p_topic_id: topicId, p_query: query, p_limit: RANKED_LINES }),
  );
  const ids = [...new Set(ranked.map((line) => line.chunk_id))];
  if (ids.length === 0) return [];
  const rows = must(
    "loading the matched chunks",
    await client
      .from("source_chunks")
      .select(
        "id, file_path, page_number, line_start, line_end, content, source:topic_sources!inner(source_url)",
      )
      .in("id", ids),
  );
  const chunks = new Map<string, AskChunk>(
    rows.map(({ source, ...chunk }) => [chunk.id, { ...chunk, source_url: source.source_url }]),
  );
  return passagesFor(ranked, chunks, MODEL_PASSAGES);
}

async function write(
  client: TaskClient,
  question: PendingQuestion,
  passages: Passage[],
  env: Record<string, string | undefined>,
  notes: string[],
): Promise<AskAnswer> {
  const choice = await modelForEntity(client, question.entityId, env);
  notes.push(...(choice.notes ?? []));
  const settings = choice.settings;
  if (!settings) return offlineAnswer(passages);
  if (passages.length === 0) return notFoundAnswer(settings.model);
  const lines = numberLines(passages);
  let usage: LanguageModelUsage | undefined;
  try {
    const asked = await askModelForAnswer(settings, question.content, lines);
    usage = asked.usage;
    const verified = verifiedModelAnswer(asked.answer, lines, settings.model);
    notes.push(...verified.rejected.map((r) => `left out "${r.sentence.slice(0, 80)}": ${r.reason}`));
    return verified.answer;
  } catch (error) {
    // A model that fails or answers outside the schema must not cost the learner an answer.
    notes.push(`model ${settings.model} failed, passages quoted instead: ${String(error).slice(0, 300)}`);
    return { ...offlineAnswer(passages), generator: OFFLINE_GENERATOR };
  } finally {
    // Bookkeeping must never cost the learner the answer.
    await recordAskUsage(client, question, choice.source, settings, usage).catch((error) =>
      notes.push(`usage not recorded: ${String(error).slice(0, 200)}`),
    );
  }
}

/** One generation_usage row per model call, so admins see what the chat costs (docs/llm-provider.md). */
async function recordAskUsage(
  client: TaskClient,
  question: PendingQuestion,
  source: ModelSource,
  settings: LlmSettings,
  usage: LanguageModelUsage | undefined,
) {
  const inputTokens = usage?.inputTokens ?? 0;
  const outputTokens = usage?.outputTokens ?? 0;
  const cost =
    (inputTokens / 1000) * (settings.costPer1kInput ?? 0) +
    (outputTokens / 1000) * (settings.costPer1kOutput ?? 0);
  must(
    "recording the answer's model usage",
    await client.from("generation_usage").insert({
      entity_id: question.entityId,
      topic_id: question.topicId,
      task: ANSWER_QUESTION,
      generator: settings.model,
      model_source: source,
      calls: 1,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      cost_usd: Number(cost.toFixed(6)),
    }),
  );
}

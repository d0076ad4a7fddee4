import {
  type AskAnswer,
  askAnswerSchema,
  askSourcesAnswerSchema,
  DAILY_LIMIT_MESSAGE,
} from "@/domain/ask.ts";
import type { StudymapClient } from "@/lib/database";
import { EdgeFunctionError, invokeEdgeFunction } from "@/lib/edge-function";

/** One question of the learner's conversation on a topic, with its answer once the task wrote it. */
export interface AskExchange {
  id: string;
  question: string;
  status: "pending" | "answered" | "failed";
  askedAt: string;
  answer: AskAnswer | null;
}

/**
 * The learner's conversation on a topic, oldest question first. RLS returns only the caller's own
 * (docs/ask.md), so filtering by topic is enough.
 */
export async function fetchConversation(client: StudymapClient, topicId: string): Promise<AskExchange[]> {
  const { data, error } = await client
    .from("ask_messages")
    .select(
      "id, role, content, status, question_id, answer, created_at, conversation:ask_conversations!inner(topic_id)",
    )
    .eq("conversation.topic_id", topicId)
    .order("created_at", { ascending: true })
    .limit(400);
  if (error) throw error;
  const answers = new Map(
    data
      .filter((row) => row.role === "answer" && row.question_id)
      .map((row) => [row.question_id, row.answer]),
  );
  return data
    .filter((row) => row.role === "question")
    .map((row) => {
      const answer = askAnswerSchema.safeParse(answers.get(row.id));
      return {
        id: row.id,
        question: row.content,
        status: row.status === "answered" || row.status === "failed" ? row.status : "pending",
        askedAt: row.created_at,
        answer: answer.success ? answer.data : null,
      };
    });
}

/** Asks through the ask-sources function; its refusals become sentences for the learner. */
export async function askQuestion(
  client: StudymapClient,
  topicId: string,
  question: string,
): Promise<string> {
  try {
    const { questionId } = await invokeEdgeFunction(
      client,
      "ask-sources",
      { topicId, question },
      askSourcesAnswerSchema,
    );
    return questionId;
  } catch (error) {
    throw new Error(askErrorMessage(error));
  }
}

/** What the learner reads when asking fails: the daily limit in the screen's words, else the server's. */
export function askErrorMessage(error: unknown): string {
  if (error instanceof EdgeFunctionError && error.status === 429) return DAILY_LIMIT_MESSAGE;
  if (error instanceof EdgeFunctionError && error.message) return error.message;
  return "Failed to ask. Try again.";
}

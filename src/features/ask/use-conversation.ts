import { useState } from "react";
import useSWR from "swr";
import { useSupabase } from "@/lib/auth/auth-context";
import { type AskExchange, askQuestion, fetchConversation } from "./api.ts";

/** How often the screen looks for an answer while one is pending. */
const POLL_MS = 1000;
/** A question still pending after this long is shown as unanswered (its run was lost). */
export const GIVE_UP_MS = 120_000;

/** Whether a question is still worth waiting for. */
export function isWaiting(exchange: AskExchange, now = Date.now()): boolean {
  return exchange.status === "pending" && now - Date.parse(exchange.askedAt) < GIVE_UP_MS;
}

/** The conversation, refreshed every second while an answer is being written, and a way to ask. */
export function useConversation(topicId: string) {
  const client = useSupabase();
  const [asking, setAsking] = useState(false);
  const [askError, setAskError] = useState<string | null>(null);
  const conversation = useSWR(["ask-conversation", topicId], () => fetchConversation(client, topicId), {
    refreshInterval: (latest) => (latest?.some((exchange) => isWaiting(exchange)) ? POLL_MS : 0),
  });

  async function ask(question: string): Promise<boolean> {
    setAsking(true);
    setAskError(null);
    try {
      await askQuestion(client, topicId, question);
      await conversation.mutate();
      return true;
    } catch (error) {
      setAskError(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setAsking(false);
    }
  }

  return { ...conversation, ask, asking, askError };
}

import { logger, schemaTask } from "@trigger.dev/sdk";
import { ANSWER_QUESTION, answerQuestionPayloadSchema } from "../src/domain/ask.ts";
import { answerQuestion, failQuestion } from "./generation/ask/pipeline.ts";
import { serviceClient } from "./supabase.ts";

/**
 * Answers one question of "Ask your sources" (docs/ask.md), started only by the ask-sources edge function
 * with the secret key, after public.ask_question recorded the question for a member under the daily
 * limit: the payload names a pending question, which is all the task trusts. The model's key is read
 * here, on the server, never in the browser. After the last attempt the question is marked failed.
 */
export const answerQuestionTask = schemaTask({
  id: ANSWER_QUESTION,
  schema: answerQuestionPayloadSchema,
  retry: { maxAttempts: 2, factor: 2, minTimeoutInMs: 1_000, maxTimeoutInMs: 5_000, randomize: true },
  maxDuration: 120,
  run: async ({ questionId }) => {
    const report = await answerQuestion(serviceClient(), questionId);
    logger.info("answered", { ...report });
    return report;
  },
  onFailure: async ({ payload }) => {
    await failQuestion(serviceClient(), payload.questionId);
  },
});

import { tasks } from "@trigger.dev/sdk";
import {
  ANSWER_QUESTION,
  type AnswerQuestionPayload,
  type AskSourcesAnswer,
  askSourcesBodySchema,
} from "../_shared/domain/ask.ts";
import { configureTrigger } from "../_shared/generation.ts";
import { HttpError, postHandler, readBody } from "../_shared/http.ts";
import { databaseError, requireCaller } from "../_shared/supabase.ts";

/**
 * "Ask your sources" (docs/ask.md): records the caller's question as the caller (public.ask_question
 * decides membership and the daily limit) and starts the answer-question task with the secret key, which
 * never leaves the server, nor does the model's. The answer arrives in public.ask_messages, which the
 * screen reads under RLS.
 */
Deno.serve(
  postHandler(async (request): Promise<AskSourcesAnswer> => {
    const caller = await requireCaller(request);
    const { topicId, question } = await readBody(request, askSourcesBodySchema);
    const asked = await caller.client.rpc("ask_question", { p_topic_id: topicId, p_question: question });
    if (asked.error) throw databaseError(asked.error);
    const questionId = asked.data;
    configureTrigger();
    try {
      const payload = { questionId } satisfies AnswerQuestionPayload;
      await tasks.trigger(ANSWER_QUESTION, payload, { idempotencyKey: `ask_${questionId}` });
    } catch (error) {
      // The question stays pending; the screen stops waiting after a while and offers to ask again.
      console.error("triggering the answer task failed", error);
      throw new HttpError(502, "Could not start answering the question");
    }
    return { questionId };
  }),
);

import { z } from "zod";
import { citationSchema } from "./citation.ts";

/**
 * "Ask your sources" (docs/ask.md): the contract between the screen, the ask-sources edge function, the
 * answer-question task and the database. A question goes in through the function (which records it with
 * public.ask_question, limited per day) and the task writes the answer: sentences, each with the
 * citations that back it, verified against the topic's lines before anything is saved.
 */

/** The task that answers a recorded question; only the ask-sources function starts it (secret key). */
export const ANSWER_QUESTION = "answer-question";

export const answerQuestionPayloadSchema = z.object({ questionId: z.uuid() });
export type AnswerQuestionPayload = z.infer<typeof answerQuestionPayloadSchema>;

/** Questions a learner may ask in 24 hours over all topics; public.ask_question enforces the same number. */
export const ASK_DAILY_LIMIT = 50;
/** The longest question public.ask_question accepts. */
export const QUESTION_MAX_LENGTH = 1000;

/** The one sentence an answer is when the sources do not back one. */
export const NOT_IN_SOURCES = "I couldn't find this in your sources.";

/** What the learner sees over the limit (HTTP 429). */
export const DAILY_LIMIT_MESSAGE = `You have asked ${ASK_DAILY_LIMIT} questions today, the daily limit. Ask again tomorrow.`;

/**
 * How an answer was written: `passages` quotes the best retrieved lines as they are (no model, or the
 * model failed), `model` is a model's sentences that each verified, `not_found` is NOT_IN_SOURCES.
 */
export const answerModeSchema = z.enum(["passages", "model", "not_found"]);
export type AnswerMode = z.infer<typeof answerModeSchema>;

export const answerSentenceSchema = z.object({
  text: z.string().min(1),
  citations: z.array(citationSchema),
});
export type AnswerSentence = z.infer<typeof answerSentenceSchema>;

/** ask_messages.answer: what the screen renders, a sentence and its chips at a time. */
export const askAnswerSchema = z.object({
  mode: answerModeSchema,
  sentences: z.array(answerSentenceSchema),
  /** "Offline generator" or the model's name. */
  generator: z.string(),
});
export type AskAnswer = z.infer<typeof askAnswerSchema>;

export const notFoundAnswer = (generator: string): AskAnswer => ({
  mode: "not_found",
  sentences: [{ text: NOT_IN_SOURCES, citations: [] }],
  generator,
});

/** The answer's text as stored in ask_messages.content: its sentences in order. */
export function answerText(answer: AskAnswer): string {
  return answer.sentences.map((sentence) => sentence.text).join(" ");
}

/**
 * What the model returns: sentences citing the numbers of the retrieved lines it was shown ([1], [2] …).
 * `found: false` (or no sentence) means the lines do not answer the question.
 */
export const modelAnswerSchema = z.object({
  found: z.boolean().describe("false when the numbered lines do not answer the question"),
  sentences: z.array(
    z.object({
      text: z.string().describe("one sentence of the answer, in the question's language"),
      lines: z
        .array(z.number().int())
        .describe("the numbers of the lines that state this sentence, e.g. [3, 4]"),
    }),
  ),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

export const askSourcesBodySchema = z.object({
  topicId: z.uuid().describe("The topic (public.topics.id)."),
  question: z.string().trim().min(1).max(QUESTION_MAX_LENGTH).describe("The learner's question."),
});
export type AskSourcesBody = z.infer<typeof askSourcesBodySchema>;

export const askSourcesAnswerSchema = z.object({
  questionId: z.uuid().describe("The recorded question (public.ask_messages.id), pending until answered."),
});
export type AskSourcesAnswer = z.infer<typeof askSourcesAnswerSchema>;

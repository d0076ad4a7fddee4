import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModelUsage, Output } from "ai";
import {
  type AskAnswer,
  type ModelAnswer,
  modelAnswerSchema,
  notFoundAnswer,
} from "../../../src/domain/ask.ts";
import { OFFLINE_GENERATOR } from "../../../src/domain/llm-endpoint.ts";
import { CitationVerifier } from "../citations.ts";
import type { LlmSettings } from "../providers/index.ts";
import { isSupported } from "../support.ts";
import {
  type AskChunk,
  citationOf,
  citationsForNumbers,
  type NumberedLine,
  type Passage,
} from "./passages.ts";

/** Passages an offline answer quotes: enough to answer, few enough to read. */
export const OFFLINE_PASSAGES = 3;
/** Passages the model is shown: more than it needs, so it can pick, still one small call. */
export const MODEL_PASSAGES = 8;

/**
 * Without a model: the best passages quoted as they are, each with its citation. Nothing matched: the
 * answer says the sources do not hold it.
 */
export function offlineAnswer(passages: readonly Passage[]): AskAnswer {
  const quoted = passages.slice(0, OFFLINE_PASSAGES);
  if (quoted.length === 0) return notFoundAnswer(OFFLINE_GENERATOR);
  return {
    mode: "passages",
    generator: OFFLINE_GENERATOR,
    sentences: quoted.map((passage) => ({
      text: passage.lines
        .map((line) => line.trim())
        .filter(Boolean)
        .join(" "),
      citations: [citationOf(passage.chunk, passage.line_start, passage.line_end)],
    })),
  };
}

/** Why a model's sentence was left out, for the run's log. */
export interface Rejection {
  sentence: string;
  reason: "no lines" | "unknown line" | "citation does not verify" | "lines do not say it";
}

/**
 * A model's answer held to the lines it was shown: every sentence must cite numbered lines that exist,
 * whose citations the project's CitationVerifier accepts and whose text backs the sentence
 * (`isSupported`, the same rule generated questions meet). A sentence that fails is left out; an answer
 * left with no sentence, or one the model itself says is not found, is NOT_IN_SOURCES.
 */
export function verifiedModelAnswer(
  answer: ModelAnswer,
  lines: readonly NumberedLine[],
  generator: string,
): { answer: AskAnswer; rejected: Rejection[] } {
  const verifier = new CitationVerifier(chunkMap(lines.map((line) => line.chunk)));
  const rejected: Rejection[] = [];
  const sentences = answer.found
    ? answer.sentences.flatMap((sentence) => {
        const reject = (reason: Rejection["reason"]) => {
          rejected.push({ sentence: sentence.text, reason });
          return [];
        };
        if (!sentence.text.trim()) return [];
        if (sentence.lines.length === 0) return reject("no lines");
        const cited = citationsForNumbers(sentence.lines, lines);
        if (!cited) return reject("unknown line");
        const citations = verifier.citations(cited);
        if (citations.length !== cited.length) return reject("citation does not verify");
        const backing = citations.flatMap((citation) => citation.exactLines);
        if (!isSupported(sentence.text, backing)) return reject("lines do not say it");
        return [{ text: sentence.text.trim(), citations }];
      })
    : [];
  if (sentences.length === 0) return { answer: notFoundAnswer(generator), rejected };
  return { answer: { mode: "model", generator, sentences }, rejected };
}

function chunkMap(chunks: readonly AskChunk[]): Map<string, AskChunk> {
  return new Map(chunks.map((chunk) => [chunk.id, chunk]));
}

const SYSTEM = [
  "You answer a learner's question using ONLY the numbered source lines you are given.",
  "Write short sentences in the language of the question. After each sentence give the numbers of the",
  "lines that state it in `lines`. Every sentence must be stated by its lines; never add facts, causes,",
  "examples or definitions that the lines do not contain. Keep the source's key terms.",
  "If the lines do not answer the question, return found: false and no sentences.",
].join("\n");

/** The user message: the question and the numbered lines, `[n] text`. */
export function answerPrompt(question: string, lines: readonly NumberedLine[]): string {
  const numbered = lines.map((line) => `[${line.number}] ${line.text}`).join("\n");
  return `Question: ${question}\n\nSource lines:\n${numbered}`;
}

/** One call to an OpenAI-compatible model for the answer's sentences, with their line numbers. */
export async function askModelForAnswer(
  settings: LlmSettings,
  question: string,
  lines: readonly NumberedLine[],
): Promise<{ answer: ModelAnswer; usage: LanguageModelUsage | undefined }> {
  const model = createOpenAICompatible({
    name: "llm",
    baseURL: settings.baseURL,
    apiKey: settings.apiKey,
    supportsStructuredOutputs: true,
  }).chatModel(settings.model);
  const result = await generateText({
    model,
    temperature: 0.2,
    output: Output.object({ schema: modelAnswerSchema, name: "answer" }),
    system: SYSTEM,
    prompt: answerPrompt(question, lines),
    abortSignal: AbortSignal.timeout(Math.min(settings.timeoutMs, 60_000)),
  });
  return { answer: result.output, usage: result.totalUsage };
}

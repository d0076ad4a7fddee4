import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  generateText,
  type LanguageModel,
  type LanguageModelUsage,
  NoObjectGeneratedError,
  Output,
} from "ai";
import { z } from "zod";
import {
  type PracticeCard,
  type Question,
  type StudyBlock,
  speakerSchema,
} from "../../../src/domain/activity-payload.ts";
import { uniqueCitations } from "../../../src/domain/citation.ts";
import type { Structure } from "../../../src/domain/structure.ts";
import { CitationVerifier } from "../citations.ts";
import { type Corpus, type CorpusChunk, writingLanguage } from "../corpus.ts";
import { chapterShape } from "../course-shape.ts";
import { stableId } from "../ids.ts";
import { mapPool } from "../pool.ts";
import {
  answerEchoes,
  answerRank,
  corruptedOptions,
  emptyItems,
  lengthHabit,
  letterHints,
  nearDuplicateOptions,
  positionalExplanations,
  weakBlanks,
} from "../quality.ts";
import { addsACause, withoutAddedCauses } from "../support.ts";
import { distinctOptions, placeAnswer, revealsAnswer } from "../support-check.ts";
import { detectSourceLanguage, type SourceLanguage, wordCount } from "../text/language.ts";
import { splitSentences } from "../text/sentences.ts";
import {
  batchChunks,
  batchContexts,
  fillCitation,
  type Grouping,
  groupingSchema,
  type LineRef,
  lineRefSchema,
  type MergedSection,
  mergeOutlines,
  outlineSchema,
  renderChunk,
  structureOf,
  text,
  whole,
} from "./llm-outline.ts";
import {
  chapterCountsText,
  chapterSystem,
  optionsRewriteText,
  outlineSystem,
  podcastRewriteText,
  recapRewriteText,
  reduceSystem,
  replacingText,
} from "./llm-prompts.ts";
import type { ActivityDraft, ChapterDraft, ChapterRequest, GenerationProvider, TopicBrief } from "./types.ts";

export interface LlmSettings {
  baseURL: string;
  apiKey: string;
  model: string;
  /** Calls in flight at once while mapping over a source's batches. */
  concurrency: number;
  /** Characters of rendered source text one call may carry. */
  batchCharacters: number;
  /** A call that takes longer is abandoned (and that piece falls back). */
  timeoutMs: number;
  /** Price per 1,000 tokens, to put a cost on a run; null when unknown. */
  costPer1kInput: number | null;
  costPer1kOutput: number | null;
}

/** Token use of one or more calls, and what it cost when prices are configured. */
export interface LlmUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** What the provider did over a run, beyond token use; reported with the run's output. */
export interface LlmStats extends LlmUsage {
  /** Calls that answered outside the schema and were asked once more with the validation error. */
  repairs: number;
  /** Chunks of the corpus, and how many of them some structure call was shown. */
  chunks: { total: number; seen: number };
  /** Chunks of long sections a chapter call could not carry (sampled evenly, each subtopic's first). */
  chapterChunksLeftOut: number;
  /**
   * Items the provider refused before verification: repeated options, a stem or card giving the answer,
   * a word-swapped source sentence as an option, a blank on a function word.
   */
  itemsRejected: number;
  /** Card hints removed because they contained the answer. */
  hintsRemoved: number;
  /**
   * Recap transcripts written again because they fell short of the words the chapter's shape asks or
   * stated a cause their lines do not, and kept.
   */
  recapsRewritten: number;
  /** Podcast scripts written again because the citation verifier would have dropped turns of them, and kept. */
  podcastsRewritten: number;
  /**
   * Chapters whose wrong options were written again because the right option was the longest (or the
   * shortest) of its question too often, and kept.
   */
  optionsRewritten: number;
}

export interface LlmHooks {
  /** Called after every model call with what that call used (for the run's metadata). */
  onUsage?: (usage: LlmUsage) => void;
}

export const DEFAULT_MODEL = "gpt-4o-mini";
export const DEFAULT_CONCURRENCY = 5;
/** About 10,000 tokens of source per call: small enough to read closely, large enough for few calls. */
export const DEFAULT_BATCH_CHARACTERS = 40_000;
/** A chapter is several thousand output tokens; a hosted model writes that in one to two minutes. */
const DEFAULT_TIMEOUT_MS = 150_000;
/** Temperature of a first version; each regenerate samples a little more freely. */
const BASE_TEMPERATURE = 0.4;

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(number) && number > 0
    ? number
    : fallback;
};
const price = (value: string | undefined) => {
  const number = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(number) && number >= 0 ? number : null;
};

/**
 * LLM settings from LLM_BASE_URL, LLM_API_KEY and LLM_MODEL (null unless the first two are set), with
 * LLM_CONCURRENCY, LLM_BATCH_CHARACTERS, LLM_TIMEOUT_MS, LLM_COST_PER_1K_INPUT and LLM_COST_PER_1K_OUTPUT.
 */
export function llmSettingsFromEnv(env: Record<string, string | undefined>): LlmSettings | null {
  const baseURL = env.LLM_BASE_URL?.trim();
  const apiKey = env.LLM_API_KEY?.trim();
  if (!baseURL || !apiKey) return null;
  return {
    baseURL,
    apiKey,
    model: env.LLM_MODEL?.trim() || DEFAULT_MODEL,
    ...llmTuningFromEnv(env),
    costPer1kInput: price(env.LLM_COST_PER_1K_INPUT),
    costPer1kOutput: price(env.LLM_COST_PER_1K_OUTPUT),
  };
}

/** How the deployment runs any model, its own or an organisation's: concurrency, batch size, timeout. */
function llmTuningFromEnv(env: Record<string, string | undefined>) {
  return {
    concurrency: Math.floor(positive(env.LLM_CONCURRENCY, DEFAULT_CONCURRENCY)),
    batchCharacters: Math.floor(positive(env.LLM_BATCH_CHARACTERS, DEFAULT_BATCH_CHARACTERS)),
    timeoutMs: positive(env.LLM_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
  };
}

/** An organisation's model as `entity_llm_credentials` returns it (the key may be null: a local server). */
export interface OrganisationModel {
  base_url: string;
  model: string;
  api_key: string | null;
  cost_per_1k_input: number | null;
  cost_per_1k_output: number | null;
}

/**
 * LLM settings for an organisation's own model: its address, model, key and prices, run with the
 * deployment's tuning (LLM_CONCURRENCY, LLM_BATCH_CHARACTERS, LLM_TIMEOUT_MS). An empty key sends no
 * Authorization header.
 */
export function llmSettingsForOrganisation(
  model: OrganisationModel,
  env: Record<string, string | undefined>,
): LlmSettings {
  return {
    baseURL: model.base_url,
    apiKey: model.api_key?.trim() ?? "",
    model: model.model,
    ...llmTuningFromEnv(env),
    costPer1kInput: model.cost_per_1k_input,
    costPer1kOutput: model.cost_per_1k_output,
  };
}

/** Sampling temperature for a version: 0.4 the first time, up to 1.0 for later regenerates. */
export function temperatureFor(variant: number): number {
  return Math.min(1, BASE_TEMPERATURE + 0.2 * Math.max(0, variant));
}

const difficultySchema = z.enum(["easy", "medium", "hard"]);
const questionOutput = z
  .object({
    stem: text(),
    options: z.array(z.string()).min(2),
    correct_option: whole().describe(
      "the position of the right option in options, counting from 0 (0 = the first option)",
    ),
    explanation: z
      .string()
      .describe(
        "why the right option is right and, for each wrong option, why it is wrong; every option named by its own words in quotes, never by position or letter (the learner sees them in another order)",
      ),
    difficulty: difficultySchema,
    subtopic_id: z.string().nullable(),
    citations: z.array(lineRefSchema),
  })
  .refine((question) => question.correct_option >= 0 && question.correct_option < question.options.length, {
    message: "correct_option must index one of the options",
    path: ["correct_option"],
  });
type QuestionOutput = z.infer<typeof questionOutput>;

/**
 * A study block as the model writes it: a heading, text or example block has content; a qa block has a
 * question {stem, answer} and no content (the learner sees only the question and its answer), so the
 * model is never asked for a field the code does not read.
 */
const studyBlockOutput = z.union([
  z.object({
    type: z.enum(["heading", "text", "example"]),
    content: z.string(),
    subtopic_id: z.string().nullable(),
    citations: z.array(lineRefSchema),
  }),
  z.object({
    type: z.literal("qa"),
    question: z.object({ stem: text(), answer: text() }),
    subtopic_id: z.string().nullable(),
    citations: z.array(lineRefSchema),
  }),
]);

/** What the model writes for one chapter: the six activities, citing lines by reference only. */
const chapterOutputSchema = z.object({
  overview: z.object({
    title: text(),
    slides: z.array(z.object({ title: text(), bullets: z.array(z.string()) })),
    objectives: z.array(z.string()),
  }),
  diagnostic: z.object({ title: text(), questions: z.array(questionOutput) }),
  study: z.object({ title: text(), blocks: z.array(studyBlockOutput) }),
  practice: z.object({
    title: text(),
    cards: z.array(
      z.object({
        q: text(),
        a: text(),
        hint: z
          .string()
          .nullable()
          .describe("one sentence pointing to the idea, without the answer's words, letters or length"),
        subtopic_id: z.string().nullable(),
        citations: z.array(lineRefSchema),
      }),
    ),
  }),
  mastery: z.object({ title: text(), questions: z.array(questionOutput) }),
  recap: z.object({
    title: text(),
    transcript: z.string(),
    bullets: z.array(z.string()),
    script: z.array(
      z.object({ speaker: speakerSchema, text: z.string(), citations: z.array(lineRefSchema) }),
    ),
  }),
});
type ChapterOutput = z.infer<typeof chapterOutputSchema>;

interface Ask<T> {
  name: string;
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  temperature: number;
  seed: number;
}

/** A provider that also tells what it did: token use, repairs, coverage. */
export interface LlmProvider extends GenerationProvider {
  readonly stats: LlmStats;
}

/**
 * Any OpenAI-compatible chat endpoint, asked for JSON of fixed schemas. A structure maps over every
 * chunk of the sources in batches (several calls at once) and reduces the outlines; a chapter is one
 * call over its section's chunks. The model cites by chunk id and line range; the lines are filled in
 * here and verified by the engine.
 */
export function llmProvider(settings: LlmSettings, hooks: LlmHooks = {}): LlmProvider {
  const model = createOpenAICompatible({
    name: "llm",
    baseURL: settings.baseURL,
    apiKey: settings.apiKey,
    supportsStructuredOutputs: true,
  }).chatModel(settings.model);
  const stats: LlmStats = {
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    repairs: 0,
    chunks: { total: 0, seen: 0 },
    chapterChunksLeftOut: 0,
    itemsRejected: 0,
    hintsRemoved: 0,
    recapsRewritten: 0,
    podcastsRewritten: 0,
    optionsRewritten: 0,
  };
  const record = (usage: LanguageModelUsage | undefined) => {
    const inputTokens = usage?.inputTokens ?? 0;
    const outputTokens = usage?.outputTokens ?? 0;
    const cost =
      (inputTokens / 1000) * (settings.costPer1kInput ?? 0) +
      (outputTokens / 1000) * (settings.costPer1kOutput ?? 0);
    const call: LlmUsage = { calls: 1, inputTokens, outputTokens, costUsd: cost };
    stats.calls++;
    stats.inputTokens += inputTokens;
    stats.outputTokens += outputTokens;
    stats.costUsd += cost;
    try {
      hooks.onUsage?.(call);
    } catch {
      // Bookkeeping must never cost the learner a written answer (nor turn it into a fallback).
    }
  };
  const ask = <T>(request: Ask<T>) => askModel(model, settings, request, record, () => stats.repairs++);
  return {
    name: "llm",
    stats,
    structure: (topic, corpus) => llmStructure(ask, settings, stats, topic, corpus),
    chapter: (request) => llmChapter(ask, settings, stats, request),
  };
}

/** A model answered outside the schema twice: the first time and after the repair request. */
export class SchemaMismatchError extends Error {
  constructor(schema: string, problem: string) {
    super(`the ${schema} answer did not fit its schema, also after a repair: ${problem.slice(0, 300)}`);
    this.name = "SchemaMismatchError";
  }
}

type Asker = <T>(request: Ask<T>) => Promise<T>;

/**
 * One call for an object of `schema`. An answer that is not valid JSON of the schema is sent back once
 * with the validation error for a repair; a second failure throws, and the caller falls back.
 */
async function askModel<T>(
  model: LanguageModel,
  settings: LlmSettings,
  request: Ask<T>,
  record: (usage: LanguageModelUsage | undefined) => void,
  onRepair: () => void,
): Promise<T> {
  const common = {
    model,
    temperature: request.temperature,
    seed: request.seed,
    output: Output.object({ schema: request.schema, name: request.name }),
    system: request.system,
    abortSignal: AbortSignal.timeout(settings.timeoutMs),
  };
  try {
    const result = await generateText({ ...common, prompt: request.prompt });
    record(result.totalUsage);
    return result.output as T;
  } catch (error) {
    if (!NoObjectGeneratedError.isInstance(error)) throw error;
    record(error.usage);
    onRepair();
    const problem = (error.cause instanceof Error ? error.cause.message : error.message).slice(0, 4000);
    try {
      const result = await generateText({
        ...common,
        abortSignal: AbortSignal.timeout(settings.timeoutMs),
        messages: [
          { role: "user", content: request.prompt },
          { role: "assistant", content: error.text ?? "" },
          {
            role: "user",
            content: `That answer does not match the required JSON schema "${request.name}":\n${problem}\nAnswer again with the complete corrected JSON object only.`,
          },
        ],
      });
      record(result.totalUsage);
      return result.output as T;
    } catch (retry) {
      if (NoObjectGeneratedError.isInstance(retry)) {
        record(retry.usage);
        throw new SchemaMismatchError(request.name, problem);
      }
      throw retry;
    }
  }
}

/** The language of the sources, whatever it is; without source text, that of the topic's own words. */
async function corpusLanguage(corpus: Corpus, topic: TopicBrief): Promise<SourceLanguage> {
  const fallback =
    corpus.sources[0]?.language ?? (await detectSourceLanguage(`${topic.title}. ${topic.description ?? ""}`));
  return writingLanguage(corpus, corpus.sentences, fallback);
}

/** A chapter is written in the language of its own material, else of all the sources, whatever it is. */
async function chapterLanguage(request: ChapterRequest): Promise<SourceLanguage> {
  const { corpus, material } = request;
  const sources = await writingLanguage(corpus, corpus.sentences, material.language);
  return writingLanguage(corpus, material.sentences, sources);
}

function topicText(topic: TopicBrief): string {
  return `Topic: ${topic.title}${topic.description ? `\nDescription: ${topic.description}` : ""}`;
}

/** Map: every chunk in some batch, each batch outlined by its own call. Reduce: merge, then group. */
async function llmStructure(
  ask: Asker,
  settings: LlmSettings,
  stats: LlmStats,
  topic: TopicBrief,
  corpus: Corpus,
): Promise<Structure> {
  const variant = topic.variant ?? 0;
  const language = await corpusLanguage(corpus, topic);
  const chunks = [...corpus.chunks.values()].sort((a, b) => a.order - b.order);
  const batches = batchChunks(chunks, settings.batchCharacters);
  stats.chunks.total += chunks.length;
  const contexts = batchContexts(
    batches,
    corpus.items.flatMap((item) =>
      item.type === "heading"
        ? [{ chunk: item.chunk, line_start: item.line_start, text: item.heading.text }]
        : [],
    ),
  );
  const outlines = await mapPool(
    batches.length > 0 ? batches : [[]],
    settings.concurrency,
    async (batch, index) => {
      const outline = await ask({
        name: "outline",
        schema: outlineSchema,
        system: outlineSystem(language, batch.length > 0, variant),
        prompt: [
          topicText(topic),
          batches.length > 1 ? partText(index, batches.length, contexts[index]?.previousHeading ?? null) : "",
          batch.length > 0 ? `Sources:\n${batch.map(renderChunk).join("\n")}` : "Sources: none",
        ]
          .filter((part) => part !== "")
          .join("\n\n"),
        temperature: temperatureFor(variant),
        seed: variant,
      });
      stats.chunks.seen += batch.length;
      return {
        outline,
        shown: new Map(batch.map((chunk) => [chunk.id, chunk])),
        opensWithHeading: index === 0 || (contexts[index]?.opensWithHeading ?? true),
      };
    },
  );
  const merged = mergeOutlines(outlines);
  // Material without a single section would leave the learner nothing to study; better the fallback.
  if (merged.length === 0 && chunks.length > 0) throw new Error("the outlines proposed no sections");
  const first = outlines[0]?.outline;
  if (outlines.length === 1 && first) {
    return structureOf(first.title || topic.title, first.description, merged, null);
  }
  const grouping = await reduce(ask, topic, merged, language);
  return structureOf(
    grouping?.title ?? topic.title,
    grouping?.description ?? topic.description ?? first?.description ?? "",
    merged,
    grouping,
  );
}

function partText(index: number, count: number, previousHeading: string | null): string {
  const where = `Part ${index + 1} of ${count} of the material.`;
  return previousHeading === null
    ? where
    : `${where} The last heading before this part is "${previousHeading}"; lines before this part's first heading belong to that chapter.`;
}

/**
 * The small reduce call: only titles and page ranges, no source text. When it fails, even after a
 * repair, the merged sections stand as they are; the map work is not thrown away.
 */
async function reduce(
  ask: Asker,
  topic: TopicBrief,
  merged: readonly MergedSection[],
  language: SourceLanguage,
): Promise<Grouping | null> {
  if (merged.length === 0) return null;
  const entries = merged.map((section, index) => {
    const pages = section.pages.filter((page) => page !== null);
    const where = pages.length > 0 ? ` (pages ${Math.min(...pages)}-${Math.max(...pages)})` : "";
    const subtopics = section.subtopics.map((subtopic) => subtopic.title).join("; ");
    return `[${index}] ${section.title}${where}\n    ${section.description}\n    Subtopics: ${subtopics}`;
  });
  try {
    return await ask({
      name: "structure",
      schema: groupingSchema(merged.length),
      system: reduceSystem(language),
      prompt: `${topicText(topic)}\n\nSections in reading order:\n${entries.join("\n")}`,
      temperature: 0.2,
      seed: topic.variant ?? 0,
    });
  } catch {
    // Whatever went wrong (a second bad answer, a timeout), the map work stands as merged.
    return null;
  }
}

/**
 * The chunks a chapter call is shown: those of its section, in reading order. A section longer than a
 * call's budget keeps every chunk its subtopics cite and an even sample of the rest.
 */
function chapterChunks(request: ChapterRequest, budget: number, stats: LlmStats): CorpusChunk[] {
  const { section, material, corpus } = request;
  const cited = new Set(section.subtopics.flatMap((s) => s.citations.map((c) => c.chunk_id)));
  const ids = new Set([...material.sentences.map((sentence) => sentence.chunk.id), ...cited]);
  const all = [...ids]
    .flatMap((id) => corpus.chunks.get(id) ?? [])
    .sort((a, b) => a.order - b.order)
    .map((chunk) => chapterPart(chunk, request));
  const size = (chunk: CorpusChunk) => renderChunk(chunk).length + 1;
  const total = all.reduce((sum, chunk) => sum + size(chunk), 0);
  if (total <= budget) return all;
  const chosen = new Set<CorpusChunk>();
  let used = 0;
  const take = (chunk: CorpusChunk) => {
    if (chosen.has(chunk) || used + size(chunk) > budget) return;
    chosen.add(chunk);
    used += size(chunk);
  };
  for (const chunk of all) if (cited.has(chunk.id)) take(chunk);
  const rest = all.filter((chunk) => !chosen.has(chunk));
  const room = Math.max(1, Math.floor((budget - used) / (total / all.length)));
  const stride = Math.max(1, rest.length / room);
  for (let at = 0; at < rest.length; at += stride) take(rest[Math.floor(at)] as CorpusChunk);
  stats.chapterChunksLeftOut += all.length - chosen.size;
  return all.filter((chunk) => chosen.has(chunk));
}

/**
 * A chunk's lines that belong to the chapter: from the first to the last line of its material or of its
 * subtopics' citations there. A chunk that runs on into the next chapter showed that chapter's lines
 * too, and the model, told that every shown line is this chapter's, taught them here.
 */
function chapterPart(chunk: CorpusChunk, { section, material }: ChapterRequest): CorpusChunk {
  const ranges = [
    ...material.sentences
      .filter((sentence) => sentence.chunk.id === chunk.id)
      .map((sentence) => [sentence.line_start, sentence.line_end] as const),
    ...section.subtopics
      .flatMap((subtopic) => subtopic.citations)
      .filter((citation) => citation.chunk_id === chunk.id)
      .map((citation) => [citation.line_start, citation.line_end] as const),
  ];
  if (ranges.length === 0) return chunk;
  const first = Math.max(chunk.line_start, Math.min(...ranges.map(([start]) => start)));
  const last = Math.min(chunk.line_end, Math.max(...ranges.map(([, end]) => end)));
  if (first === chunk.line_start && last === chunk.line_end) return chunk;
  const lines = chunk.lines.slice(first - chunk.line_start, last - chunk.line_start + 1);
  return { ...chunk, line_start: first, line_end: last, lines, content: lines.join("\n") };
}

async function llmChapter(
  ask: Asker,
  settings: LlmSettings,
  stats: LlmStats,
  request: ChapterRequest,
): Promise<ChapterDraft> {
  const { section, material } = request;
  const variant = request.topic.variant ?? 0;
  const chunks = chapterChunks(request, settings.batchCharacters, stats);
  const outline = {
    title: section.title,
    description: section.description,
    subtopics: section.subtopics.map((subtopic) => ({
      id: subtopic.subtopic_id,
      title: subtopic.title,
      description: subtopic.description,
      key_points: subtopic.key_points,
    })),
  };
  const shape = chapterShape(section, material);
  const chapterAsk = {
    system: chapterSystem(await chapterLanguage(request), variant),
    prompt: [
      topicText(request.topic),
      `Chapter outline: ${JSON.stringify(outline)}`,
      chapterCountsText(shape, section.subtopics),
      replacingText(request.replacing ?? []),
      chunks.length > 0 ? `Sources:\n${chunks.map(renderChunk).join("\n")}` : "Sources: none",
    ]
      .filter((part) => part !== "")
      .join("\n\n"),
    temperature: temperatureFor(variant),
    seed: variant,
  };
  const output = await ask({ name: "chapter", schema: chapterOutputSchema, ...chapterAsk });
  const lines = section.subtopics
    .flatMap((subtopic) => subtopic.citations)
    .flatMap((citation) => citation.exactLines);
  const shown = new Map(chunks.map((chunk) => [chunk.id, chunk]));
  const verifier = new CitationVerifier(request.corpus.chunks);
  // The follow-ups are independent of one another: they go out together.
  const [transcript, script, balanced] = await Promise.all([
    checkedRecap(ask, chapterAsk, output.recap.transcript, lines, shape.recapWords, stats),
    checkedScript(
      ask,
      chapterAsk,
      output.recap.script,
      (turns) => scriptTurns(turns, shown).map((turn) => verifier.turnProblem(turn)),
      shape.podcastWords,
      stats,
    ),
    checkedBalance(ask, chapterAsk, output, stats),
  ]);
  return chapterDraft({ ...balanced, recap: { ...output.recap, transcript, script } }, request, shown, stats);
}

type Quizzes = Pick<ChapterOutput, "diagnostic" | "mastery">;

/**
 * The chapter's quizzes, their wrong options asked for once more when the right option is the longest
 * (or the shortest) of its question too often (`lengthHabit`): a graded chapter had it the longest in 35
 * of 62 questions, each by a little, and reordering cannot hide length. Stems and right options stay. The
 * rewrite is kept only when it leaves no habit; otherwise, or when the call fails, the questions stand
 * and the engine drops the ones that keep the habit (`fitToShape`).
 */
async function checkedBalance<T extends Quizzes>(
  ask: Asker,
  chapterAsk: { system: string; prompt: string; temperature: number; seed: number },
  output: T,
  stats: LlmStats,
): Promise<T> {
  const all = [...output.diagnostic.questions, ...output.mastery.questions];
  const habit = lengthHabit(all);
  if (habit === null) return output;
  const flagged = all.filter((question) => answerRank(question) === habit);
  const listed = flagged.map((question) => ({
    stem: question.stem,
    right: question.options[question.correct_option] ?? "",
    wrong: question.options.filter((_, index) => index !== question.correct_option),
  }));
  try {
    const rewrite = await ask({
      ...chapterAsk,
      name: "question_options",
      schema: optionsRewriteSchema,
      prompt: `${chapterAsk.prompt}\n\n${optionsRewriteText(listed, habit, all.length)}`,
    });
    const entries = new Map(rewrite.questions.map((entry) => [entry.number, entry]));
    const rewritten = new Map(
      flagged.map((question, index) => [question, withWrongOptions(question, entries.get(index + 1))]),
    );
    const swap = (questions: readonly QuestionOutput[]) =>
      questions.map((question) => rewritten.get(question) ?? question);
    const next = {
      ...output,
      diagnostic: { ...output.diagnostic, questions: swap(output.diagnostic.questions) },
      mastery: { ...output.mastery, questions: swap(output.mastery.questions) },
    };
    if (lengthHabit([...next.diagnostic.questions, ...next.mastery.questions]) !== null) return output;
    stats.optionsRewritten++;
    return next;
  } catch {
    // As for the recap: a failed follow-up costs only the better options, never the chapter.
    return output;
  }
}

const optionsRewriteSchema = z.object({
  questions: z.array(
    z.object({ number: whole(), wrong_options: z.array(z.string()), explanation: z.string() }),
  ),
});

/** A question with new wrong options around its right one, which keeps its place; a wrong count changes nothing. */
function withWrongOptions(
  question: QuestionOutput,
  entry: { wrong_options: string[]; explanation: string } | undefined,
): QuestionOutput {
  if (!entry || entry.wrong_options.length !== question.options.length - 1) return question;
  const options = [...entry.wrong_options];
  options.splice(question.correct_option, 0, question.options[question.correct_option] ?? "");
  return { ...question, options, explanation: entry.explanation };
}

/**
 * The recap transcript, asked for once more when the model wrote fewer words than the chapter's shape
 * asks, or a sentence that states a cause or consequence its section's lines do not (`addsACause`):
 * models undershoot a word range they do not count (a stand-in wrote 95 and 128 words where 150 to 230
 * were asked, and blind graders marked every such recap down), and the check that drops an added
 * "because" left a graded recap at 140 words with an "it" pointing at nothing. The rewrite is kept only
 * when it lands in the range and adds no cause; otherwise, or when the call fails, the first transcript
 * stands (and loses its added causes after the provider, `groundedEpisode`).
 */
async function checkedRecap(
  ask: Asker,
  chapterAsk: { system: string; prompt: string; temperature: number; seed: number },
  transcript: string,
  lines: readonly string[],
  range: { min: number; max: number },
  stats: LlmStats,
): Promise<string> {
  const written = wordCount(transcript);
  const causes = splitSentences(transcript)
    .map((span) => span.text)
    .filter((sentence) => addsACause(sentence, lines));
  if (range.max === 0 || (written >= range.min && causes.length === 0)) return transcript;
  try {
    const rewrite = await ask({
      ...chapterAsk,
      name: "recap_transcript",
      schema: recapTranscriptSchema,
      prompt: `${chapterAsk.prompt}\n\n${recapRewriteText(transcript, written, range, causes)}`,
    });
    const words = wordCount(rewrite.transcript);
    const fits = words >= range.min && words <= range.max;
    if (!fits || withoutAddedCauses(rewrite.transcript, lines).dropped > 0) return transcript;
    stats.recapsRewritten++;
    return rewrite.transcript;
  } catch {
    // The chapter is written: a failed follow-up (a schema miss, a refused or timed-out call) costs
    // only the better recap, never the chapter.
    return transcript;
  }
}

const recapTranscriptSchema = z.object({ transcript: z.string() });

type ScriptOutput = ChapterOutput["recap"]["script"];

/**
 * The podcast script, asked for once more when the citation verifier would drop turns of it (an expert
 * turn its cited lines do not back goes with the host's question before it) or when it is shorter than
 * the chapter's shape asks: graded courses lost whole podcasts that way (fewer than half the expert's
 * turns grounded), opened mid-topic where the opening pair went ("En wat gebeurt er met oude
 * sleutels?") or ended after two lines. The rewrite is kept only when every turn is grounded and it fits
 * the range; otherwise the first script stands and loses its ungrounded turns (`groundedEpisode`).
 */
async function checkedScript(
  ask: Asker,
  chapterAsk: { system: string; prompt: string; temperature: number; seed: number },
  script: ScriptOutput,
  problemsOf: (script: ScriptOutput) => (string | null)[],
  range: { min: number; max: number },
  stats: LlmStats,
): Promise<ScriptOutput> {
  const wordsOf = (turns: ScriptOutput) => turns.reduce((sum, turn) => sum + wordCount(turn.text), 0);
  const problems = problemsOf(script);
  const written = wordsOf(script);
  const sound = written >= range.min && problems.every((problem) => problem === null);
  if (script.length === 0 || range.max === 0 || sound) return script;
  try {
    const rewrite = await ask({
      ...chapterAsk,
      name: "podcast_script",
      schema: podcastScriptSchema,
      prompt: `${chapterAsk.prompt}\n\n${podcastRewriteText(script, problems, written, range)}`,
    });
    const words = wordsOf(rewrite.script);
    const grounded = problemsOf(rewrite.script).every((problem) => problem === null);
    if (!grounded || words < range.min || words > range.max) return script;
    stats.podcastsRewritten++;
    return rewrite.script;
  } catch {
    // As for the recap: a failed follow-up costs only the better script, never the chapter.
    return script;
  }
}

const podcastScriptSchema = z.object({
  script: z.array(z.object({ speaker: speakerSchema, text: z.string(), citations: z.array(lineRefSchema) })),
});

/** A model's script as podcast turns with their citations filled in; an empty turn is no turn. */
function scriptTurns(script: ScriptOutput, shown: ReadonlyMap<string, CorpusChunk>) {
  return script.flatMap((turn) => {
    const spoken = turn.text.trim();
    const citations = uniqueCitations(turn.citations.map((ref) => fillCitation(ref, shown)));
    return spoken ? [{ speaker: turn.speaker, text: spoken, citations }] : [];
  });
}

/** The model's chapter as activity drafts: citations filled in, items that give themselves away refused. */
function chapterDraft(
  output: ChapterOutput,
  request: ChapterRequest,
  shown: ReadonlyMap<string, CorpusChunk>,
  stats: LlmStats,
): ChapterDraft {
  const { section } = request;
  const variant = request.topic.variant ?? 0;
  const subtopicIds = new Set(section.subtopics.map((subtopic) => subtopic.subtopic_id));
  const subtopic = (id: string | null) => (id !== null && subtopicIds.has(id) ? id : null);
  const cite = (refs: readonly LineRef[]) => uniqueCitations(refs.map((ref) => fillCitation(ref, shown)));
  const ids = (prefix: string, text: string) => stableId(prefix, section.section_id, text);
  // The same defect checks the content bench applies: a distractor that is a source sentence with a word
  // swapped, a wrong option that repeats the answer (two right answers), a blank on a function word or a
  // fragment, two options that differ by a typo, an explanation that names an option by its place (the
  // options are reordered below, after the model wrote it). Such an item teaches nothing or misleads; it
  // is refused.
  const sentences = request.material.sentences.map((sentence) => sentence.text);
  const alone = emptyItems(section.section_id);
  const fairQuestion = (question: Question) =>
    corruptedOptions([question], sentences).length === 0 &&
    answerEchoes([question]).length === 0 &&
    nearDuplicateOptions([question]).length === 0 &&
    positionalExplanations([question]).length === 0 &&
    weakBlanks({ ...alone, questions: [question] }).length === 0;
  const fairCard = (card: PracticeCard) => weakBlanks({ ...alone, cards: [card] }).length === 0;

  const questions = (kind: "diagnostic" | "mastery", written: readonly QuestionOutput[]): Question[] =>
    written.flatMap((question) => {
      const distinct = distinctOptions(question.options, question.correct_option);
      const answer = distinct?.options[distinct.correct] ?? "";
      if (!distinct || revealsAnswer(question.stem, answer)) {
        stats.itemsRejected++;
        return [];
      }
      const id = ids(`q-${kind}`, question.stem);
      // Where the answer sits follows from the question and the version, not from the model's habit.
      const placed = placeAnswer(distinct.options, distinct.correct, slotOf(`${id}:${variant}`));
      const written: Question = {
        id,
        stem: question.stem,
        options: placed.options,
        correct_option: placed.correct,
        explanation: question.explanation,
        difficulty: question.difficulty,
        subtopic_id: subtopic(question.subtopic_id),
        citations: cite(question.citations),
      };
      if (fairQuestion(written)) return [written];
      stats.itemsRejected++;
      return [];
    });
  const quiz = (kind: "diagnostic" | "mastery", activity: ChapterOutput["diagnostic"]): ActivityDraft => ({
    kind,
    title: activity.title,
    payload: { questions: questions(kind, activity.questions) },
    citations: [],
  });

  const blocks = output.study.blocks.map(
    (block): StudyBlock => ({
      type: block.type,
      // A qa block shows only its question and answer; the stored payload keeps an empty content.
      content: block.type === "qa" ? "" : block.content,
      question: block.type === "qa" ? block.question : null,
      subtopic_id: subtopic(block.subtopic_id),
      citations: cite(block.citations),
    }),
  );
  const cards = output.practice.cards.flatMap((card) => {
    if (revealsAnswer(card.q, card.a)) {
      stats.itemsRejected++;
      return [];
    }
    // A hint that gives the answer, or spells its letters or length, is worse than none.
    const giveaway =
      card.hint !== null &&
      (revealsAnswer(card.hint, card.a) || letterHints([{ ...card, id: "", citations: [] }]).length > 0);
    const hint = giveaway ? null : card.hint;
    if (hint !== card.hint) stats.hintsRemoved++;
    const written: PracticeCard = {
      id: ids("card", card.q),
      q: card.q,
      a: card.a,
      hint: hint?.trim() ? hint : null,
      subtopic_id: subtopic(card.subtopic_id),
      citations: cite(card.citations),
    };
    if (fairCard(written)) return [written];
    stats.itemsRejected++;
    return [];
  });
  const citations = uniqueCitations(section.subtopics.flatMap((s) => s.citations));
  const activities: ActivityDraft[] = [
    {
      kind: "overview",
      title: output.overview.title,
      payload: { slides: output.overview.slides, objectives: output.overview.objectives },
      citations,
    },
    quiz("diagnostic", output.diagnostic),
    { kind: "study", title: output.study.title, payload: { blocks }, citations: [] },
    { kind: "practice", title: output.practice.title, payload: { cards }, citations: [] },
    quiz("mastery", output.mastery),
    {
      kind: "recap",
      title: output.recap.title,
      payload: {
        transcript: output.recap.transcript,
        bullets: output.recap.bullets,
        // Whether the turns are grounded, the provider's fallback asks the citation verifier
        // (providers/index.ts).
        script: scriptTurns(output.recap.script, shown),
        language: request.material.language,
      },
      citations,
    },
  ];
  return { section_id: section.section_id, title: section.title, summary: section.description, activities };
}

/** A small number from a text, the same every time for the same text. */
function slotOf(text: string): number {
  let hash = 0;
  for (const character of text) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel, Output } from "ai";
import { z } from "zod";
import {
  overviewPayloadSchema,
  practicePayloadSchema,
  quizPayloadSchema,
  recapPayloadSchema,
  studyPayloadSchema,
} from "../../../src/domain/activity-payload.ts";
import { uniqueCitations } from "../../../src/domain/citation.ts";
import { type Structure, structureSchema } from "../../../src/domain/structure.ts";
import type { Corpus, CorpusChunk } from "../corpus.ts";
import { stableId } from "../ids.ts";
import { dominantLanguage, type Language } from "../text/language.ts";
import type { ActivityDraft, ChapterDraft, ChapterRequest, GenerationProvider, TopicBrief } from "./types.ts";

export interface LlmSettings {
  baseURL: string;
  apiKey: string;
  model: string;
}

const DEFAULT_MODEL = "gpt-4o-mini";
/** How much source text one request may carry; longer material is cut at a chunk boundary. */
const MAX_SOURCE_CHARACTERS = 120_000;

/** LLM settings from LLM_BASE_URL, LLM_API_KEY and LLM_MODEL; null unless the first two are set. */
export function llmSettingsFromEnv(env: Record<string, string | undefined>): LlmSettings | null {
  const baseURL = env.LLM_BASE_URL?.trim();
  const apiKey = env.LLM_API_KEY?.trim();
  if (!baseURL || !apiKey) return null;
  return { baseURL, apiKey, model: env.LLM_MODEL?.trim() || DEFAULT_MODEL };
}

const activityOutput = <T extends z.ZodType>(payload: T) => z.object({ title: z.string().min(1), payload });

/** What the model writes for one chapter: the six activities by kind (citations of the structure are added). */
const chapterOutputSchema = z.object({
  overview: activityOutput(overviewPayloadSchema),
  diagnostic: activityOutput(quizPayloadSchema),
  study: activityOutput(studyPayloadSchema),
  practice: activityOutput(practicePayloadSchema),
  mastery: activityOutput(quizPayloadSchema),
  recap: activityOutput(recapPayloadSchema),
});

const LANGUAGE_NAMES: Record<Language, string> = { en: "English", nl: "Dutch" };

const CITATION_RULES = [
  "Sources are given as <chunk> elements; every line is prefixed with its line number and a colon.",
  "A citation copies chunk_id, file_path and page_number from its chunk exactly (page_number null when absent),",
  "gives line_start and line_end (0-based, inclusive, the numbers shown, within one chunk),",
  "exactLines: those lines verbatim without the number prefix, snippet: a short quote from them, source_url: null.",
  "Never cite lines that are not shown. Anything that cannot be cited is left out.",
].join(" ");

/** Any OpenAI-compatible chat endpoint, asked for objects of the domain schemas (structured output). */
export function llmProvider(settings: LlmSettings): GenerationProvider {
  const provider = createOpenAICompatible({
    name: "llm",
    baseURL: settings.baseURL,
    apiKey: settings.apiKey,
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(settings.model);
  return {
    name: "llm",
    structure: (topic, corpus) => llmStructure(model, topic, corpus),
    chapter: (request) => llmChapter(model, request),
  };
}

async function llmStructure(model: LanguageModel, topic: TopicBrief, corpus: Corpus): Promise<Structure> {
  const language = dominantLanguage(
    corpus.sources.map((source) => ({ language: source.language, weight: 1 })),
  );
  const chunks = [...corpus.chunks.values()];
  const { output } = await generateText({
    model,
    temperature: 0,
    output: Output.object({ schema: structureSchema, name: "structure" }),
    system: [
      "You design learning structures for learners from their own sources.",
      "A structure has sections (chapters of study) with subtopics; each subtopic has a description,",
      "2-4 key points and the citations that ground them.",
      chunks.length > 0
        ? CITATION_RULES
        : "There are no sources: write the structure from the topic alone, with no citations.",
      `Write in ${LANGUAGE_NAMES[language]}.`,
    ].join(" "),
    prompt: [topicText(topic), sourcesText(chunks)].join("\n\n"),
  });
  return output;
}

async function llmChapter(model: LanguageModel, request: ChapterRequest): Promise<ChapterDraft> {
  const { section, material } = request;
  const chunkIds = new Set([
    ...material.sentences.map((sentence) => sentence.chunk.id),
    ...section.subtopics.flatMap((subtopic) => subtopic.citations.map((citation) => citation.chunk_id)),
  ]);
  const chunks = [...request.corpus.chunks.values()].filter((chunk) => chunkIds.has(chunk.id));
  const { output } = await generateText({
    model,
    temperature: 0,
    output: Output.object({ schema: chapterOutputSchema, name: "chapter" }),
    system: [
      "You write one chapter of a micro-learning course from a learner's sources, as six activities:",
      "overview (slides with title and bullets, learning objectives), diagnostic (3 multiple-choice questions),",
      "study (blocks of type heading, text, example, or qa with a question {stem, answer}; question null otherwise),",
      "practice (flashcards q/a with an optional hint), mastery (5 harder questions), recap (a 60-90 second",
      "spoken transcript and bullets). Questions have options, correct_option (index of the right option),",
      "an explanation and a difficulty (easy, medium, hard). Every question, qa block and card cites the lines",
      "that contain its answer; subtopic_id names the subtopic it practises.",
      CITATION_RULES,
      `Write in ${LANGUAGE_NAMES[material.language]}.`,
    ].join(" "),
    prompt: [
      topicText(request.topic),
      `Chapter: ${JSON.stringify({ ...section, subtopics: section.subtopics.map(({ citations: _, ...rest }) => rest) })}`,
      sourcesText(chunks),
    ].join("\n\n"),
  });
  const citations = uniqueCitations(section.subtopics.flatMap((subtopic) => subtopic.citations));
  const ids = (prefix: string, text: string) => stableId(prefix, section.section_id, text);
  const activities: ActivityDraft[] = [
    { kind: "overview", ...output.overview, citations },
    quiz("diagnostic", output.diagnostic, ids),
    { kind: "study", ...output.study, citations: [] },
    {
      kind: "practice",
      title: output.practice.title,
      payload: { cards: output.practice.payload.cards.map((card) => ({ ...card, id: ids("card", card.q) })) },
      citations: [],
    },
    quiz("mastery", output.mastery, ids),
    { kind: "recap", ...output.recap, citations },
  ];
  return { section_id: section.section_id, title: section.title, summary: section.description, activities };
}

/** Question ids made unique and stable here; the model's own ids may repeat across chapters. */
function quiz(
  kind: "diagnostic" | "mastery",
  activity: z.infer<typeof chapterOutputSchema>["diagnostic"],
  ids: (prefix: string, text: string) => string,
): ActivityDraft {
  const questions = activity.payload.questions.map((question) => ({
    ...question,
    id: ids(`q-${kind}`, question.stem),
  }));
  return { kind, title: activity.title, payload: { questions }, citations: [] };
}

function topicText(topic: TopicBrief): string {
  return `Topic: ${topic.title}${topic.description ? `\nDescription: ${topic.description}` : ""}`;
}

function sourcesText(chunks: readonly CorpusChunk[]): string {
  const parts: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    const numbered = chunk.lines.map((line, offset) => `${chunk.line_start + offset}: ${line}`).join("\n");
    const part = `<chunk chunk_id="${chunk.id}" file_path=${JSON.stringify(chunk.file_path)} page_number=${chunk.page_number ?? "null"} file_name=${JSON.stringify(chunk.file_name)}>\n${numbered}\n</chunk>`;
    if (length + part.length > MAX_SOURCE_CHARACTERS) break;
    parts.push(part);
    length += part.length;
  }
  return parts.length > 0 ? `Sources:\n${parts.join("\n")}` : "Sources: none";
}

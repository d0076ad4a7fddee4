import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import {
  type PracticeCard,
  practiceCardSchema,
  type Question,
  questionSchema,
} from "../../src/domain/activity-payload.ts";
import type { Citation } from "../../src/domain/citation.ts";
import { type Section, type Structure, structureSchema } from "../../src/domain/structure.ts";
import { CitationVerifier } from "../generation/citations.ts";
import { buildCorpus, type Corpus, type CorpusSourceInput, type Sentence } from "../generation/corpus.ts";
import { generateCourse, topicLanguage } from "../generation/engine.ts";
import { assignMaterial, type SectionMaterial } from "../generation/material.ts";
import { chapterRow, corpusSources } from "../generation/pipelines/course.ts";
import { DatabaseError, loadTopic, must, type TaskClient } from "../generation/pipelines/db.ts";
import { modelForEntity, recordUsage } from "../generation/pipelines/model.ts";
import {
  courseGenerator,
  type GenerationProvider,
  type ProviderOptions,
  type ProviderReport,
  providerFor,
} from "../generation/providers/index.ts";
import type { ChapterDraft } from "../generation/providers/types.ts";
import { nearDuplicateOptions, positionalExplanations } from "../generation/quality.ts";

/**
 * The work behind `request_item_regeneration`, `request_chapter_regeneration` and `request_coverage_items`
 * (docs/teachers.md, "Regenerating one item or one chapter" and "Coverage"): the scheduled task takes
 * queued requests one at a time, writes the new question, chapter or items with the topic's provider (the
 * organisation's model, the deployment's, or the offline one, as a course run would) and saves them in
 * place through `apply_*_regeneration` and `apply_coverage_items`.
 */

/** A running request idle this long belongs to a run that died; it is failed so the chapter is free again. */
export const STALLED_AFTER_MS = 20 * 60 * 1000;
/** Requests taken per run of the task; the next minute's run takes the rest. */
export const REQUESTS_PER_RUN = 5;
/** New items per "add items for these lines": a few good ones for a passage, never a padded set. */
export const ITEMS_PER_LINES = { questions: 2, cards: 2 } as const;

const requestSchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  chapter_id: z.uuid(),
  activity_id: z.uuid().nullable(),
  question_id: z.string().nullable(),
  chunk_id: z.uuid().nullable(),
  line_start: z.number().int().nullable(),
  line_end: z.number().int().nullable(),
  part: z.enum(["item", "chapter", "lines"]),
});
export type RegenerationRequest = z.infer<typeof requestSchema>;

/** A refusal the teacher reads on the request; retrying would not change it. */
export class RegenerationRefused extends Error {
  override readonly name = "RegenerationRefused";
}

export interface QueueOutcome {
  done: number;
  failed: number;
  stalled: number;
}

/**
 * The queue table and the apply RPCs are newer than the generated database types, so they are reached
 * through an untyped client and every row read back is checked with zod.
 */
function untyped(client: TaskClient): SupabaseClient {
  return client as unknown as SupabaseClient;
}

/** Fails stalled requests, then claims and carries out up to REQUESTS_PER_RUN queued ones, oldest first. */
export async function runQueuedRegenerations(
  client: TaskClient,
  hooks: ProviderOptions = {},
  now: Date = new Date(),
): Promise<QueueOutcome> {
  const db = untyped(client);
  const stalled = must(
    "failing stalled regenerations",
    await db
      .from("course_part_regenerations")
      .update({ status: "failed", error: "The regeneration stopped before it finished.", finished_at: now })
      .eq("status", "running")
      .lt("updated_at", new Date(now.getTime() - STALLED_AFTER_MS).toISOString())
      .select("id"),
  ) as unknown[];
  const queued = z
    .array(z.object({ id: z.uuid() }))
    .parse(
      must(
        "listing queued regenerations",
        await db
          .from("course_part_regenerations")
          .select("id")
          .eq("status", "queued")
          .order("created_at")
          .limit(REQUESTS_PER_RUN),
      ),
    );
  const outcome: QueueOutcome = { done: 0, failed: 0, stalled: stalled.length };
  for (const { id } of queued) {
    const request = await claim(client, id);
    if (!request) continue; // Another run took it.
    const succeeded = await carryOut(client, request, hooks);
    outcome[succeeded ? "done" : "failed"]++;
  }
  return outcome;
}

/** queued → running, only if still queued: of two runs, one wins the request. */
async function claim(client: TaskClient, id: string): Promise<RegenerationRequest | null> {
  const rows = must(
    "claiming a regeneration",
    await untyped(client)
      .from("course_part_regenerations")
      .update({ status: "running", updated_at: new Date().toISOString() })
      .eq("id", id)
      .eq("status", "queued")
      .select("id, topic_id, chapter_id, activity_id, question_id, chunk_id, line_start, line_end, part"),
  );
  const [row] = z.array(requestSchema).parse(rows);
  return row ?? null;
}

/** Runs one request; a failure is written on it (the teacher sees why) and not retried. */
export async function carryOut(
  client: TaskClient,
  request: RegenerationRequest,
  hooks: ProviderOptions = {},
): Promise<boolean> {
  let setting: Setting | undefined;
  try {
    setting = await settingOf(client, request, hooks);
    if (request.part === "item") await regenerateItem(client, request, setting);
    else if (request.part === "lines") await addItemsForLines(client, request, setting);
    else await regenerateChapter(client, request, setting);
    return true;
  } catch (error) {
    const message =
      error instanceof RegenerationRefused
        ? error.message
        : `The regeneration failed: ${error instanceof Error ? error.message : String(error)}`;
    must(
      "failing a regeneration",
      await untyped(client)
        .from("course_part_regenerations")
        .update({ status: "failed", error: message.slice(0, 2000), finished_at: new Date().toISOString() })
        .eq("id", request.id),
    );
    return false;
  } finally {
    // A model's work costs the same whether its result was saved or refused.
    if (setting) await recordRegenerationUsage(client, setting);
  }
}

// What a regeneration reads -------------------------------------------------------------------------------

export interface Setting {
  topic: { title: string; description: string | null };
  /** Whose usage the request is: the topic and its organisation. */
  owner: { topicId: string; entityId: string };
  structure: Structure;
  section: Section;
  sources: CorpusSourceInput[];
  provider: GenerationProvider;
  /** What the provider used; recorded in generation_usage once the request is carried out. */
  report: ProviderReport;
}

const chapterRowSchema = z.object({ id: z.uuid(), section_id: z.string().nullable() });

/** The topic, its structure and the chapter's section, the sources, and the topic's provider. */
async function settingOf(
  client: TaskClient,
  request: RegenerationRequest,
  hooks: ProviderOptions,
): Promise<Setting> {
  const topic = await loadTopic(client, request.topic_id);
  const structure = structureSchema.safeParse(topic.structure);
  if (!structure.success) throw new RegenerationRefused("The topic has no structure to write from.");
  const chapter = chapterRowSchema.parse(
    must(
      "loading the chapter",
      await client.from("chapters").select("id, section_id").eq("id", request.chapter_id).single(),
    ),
  );
  const section = structure.data.sections.find((candidate) => candidate.section_id === chapter.section_id);
  if (!section) {
    throw new RegenerationRefused("This chapter's part of the structure is gone; regenerate the whole path.");
  }
  // The topic's organisation's own model wins over the deployment's, as for a whole course.
  const { provider, report } = providerFor(await modelForEntity(client, topic.entity_id), hooks);
  return {
    topic: { title: topic.title, description: topic.description },
    owner: { topicId: topic.id, entityId: topic.entity_id },
    structure: structure.data,
    section,
    sources: await corpusSources(client, topic.id),
    provider,
    report,
  };
}

/** One generation_usage row per carried-out request, as a course run writes one (docs/llm-provider.md). */
async function recordRegenerationUsage(client: TaskClient, setting: Setting): Promise<void> {
  await recordUsage(
    client,
    { ...setting.owner, task: "regenerate-course-part" },
    setting.report,
    courseGenerator(setting.report, 1),
  );
}

// One item ---------------------------------------------------------------------------------------------------

const checkRowSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["diagnostic", "mastery"]),
  payload: z.object({ questions: z.array(questionSchema) }),
});

/** A new question in the place of the requested one, written from the lines the old one cites. */
export async function regenerateItem(
  client: TaskClient,
  request: RegenerationRequest,
  setting: Setting,
): Promise<Question> {
  const checks = z
    .array(checkRowSchema)
    .parse(
      must(
        "loading the chapter's checks",
        await client
          .from("activities")
          .select("id, kind, payload")
          .eq("chapter_id", request.chapter_id)
          .in("kind", ["diagnostic", "mastery"]),
      ),
    );
  const old = checks
    .find((check) => check.id === request.activity_id)
    ?.payload.questions.find((question) => question.id === request.question_id);
  if (!old) throw new RegenerationRefused("The question is no longer in its check.");
  const taken = checks.flatMap((check) => check.payload.questions);
  const question = await newQuestion(setting, old, taken);
  must(
    "saving the new question",
    await untyped(client).rpc("apply_item_regeneration", {
      p_request_id: request.id,
      p_question: question,
    }),
  );
  return question;
}

/**
 * The provider writes a chapter on the old question's cited lines alone (its subtopic only), and the
 * first fair question that is not already in the chapter takes the old one's place. The offline writer
 * is deterministic and, on the same lines, writes the old question again; only then does it read
 * further, one step at a time and never outside the chapter: the whole paragraphs the lines are in, the
 * rest of the subtopic's lines, the chapter's lines (where the course kept only the best few items).
 */
export async function newQuestion(
  setting: Setting,
  old: Question,
  taken: readonly Question[],
): Promise<Question> {
  if (old.citations.length === 0) {
    throw new RegenerationRefused("This question cites no lines to write a new one from.");
  }
  const corpus = buildCorpus(setting.sources);
  const fallback = topicLanguage(setting.topic, corpus);
  const chapter = assignMaterial(setting.structure, corpus, fallback).get(setting.section.section_id);
  const language = chapter?.language ?? fallback;
  const usedStems = new Set(taken.map((question) => question.stem.trim()));
  const usedIds = new Set(taken.map((question) => question.id));
  const reaches: Array<() => Sentence[]> = [
    () => corpus.sentences.filter((sentence) => citedLines(sentence, old.citations)),
    () => corpus.sentences.filter((sentence) => citedParagraphs(sentence, old.citations)),
    () => (old.subtopic_id ? (chapter?.bySubtopic.get(old.subtopic_id) ?? []) : []),
    () => chapter?.sentences ?? [],
  ];
  let tried = "";
  for (const reach of reaches) {
    const sentences = reach();
    const key = sentences.map((sentence) => sentence.index).join(",");
    if (sentences.length === 0 || key === tried) continue;
    tried = key;
    const candidates = await questionsFrom(setting, corpus, old, { sentences, language });
    const fresh = candidates.find(
      (question) => !usedStems.has(question.stem.trim()) && !usedIds.has(question.id),
    );
    if (fresh) return questionSchema.parse({ ...fresh, subtopic_id: old.subtopic_id });
  }
  throw new RegenerationRefused(
    "No different question could be written from this question's lines. Edit it, or regenerate the chapter.",
  );
}

function overlaps(sentence: Sentence, citation: Citation): boolean {
  return (
    sentence.chunk.id === citation.chunk_id &&
    sentence.line_start <= citation.line_end &&
    sentence.line_end >= citation.line_start
  );
}

function citedLines(sentence: Sentence, citations: readonly Citation[]): boolean {
  return citations.some((citation) => overlaps(sentence, citation));
}

function citedParagraphs(sentence: Sentence, citations: readonly Citation[]): boolean {
  return citations.some((citation) => sentence.chunk.id === citation.chunk_id);
}

/** The verified, fair check questions a provider writes from the given sentences, with citations. */
async function questionsFrom(
  setting: Setting,
  corpus: Corpus,
  old: Question,
  material: { sentences: Sentence[]; language: SectionMaterial["language"] },
): Promise<Question[]> {
  return fairQuestions(await chapterFrom(setting, corpus, old.subtopic_id, material, [old]));
}

/** A chapter the provider writes from the given sentences alone, for one subtopic, its citations verified. */
async function chapterFrom(
  setting: Setting,
  corpus: Corpus,
  subtopicId: string | null | undefined,
  material: { sentences: Sentence[]; language: SectionMaterial["language"] },
  replacing: readonly Question[] = [],
): Promise<ChapterDraft> {
  const subtopic = setting.section.subtopics.find((candidate) => candidate.subtopic_id === subtopicId);
  const subtopics = subtopic ? [subtopic] : setting.section.subtopics.slice(0, 1);
  const section = { ...setting.section, subtopics };
  const bySubtopic = new Map(subtopics.map((candidate) => [candidate.subtopic_id, material.sentences]));
  const draft = await setting.provider.chapter({
    topic: setting.topic,
    structure: setting.structure,
    section,
    // Items for untested lines come from those lines' sentences alone, never a table or listing beside them.
    material: {
      bySubtopic,
      sentences: material.sentences,
      blocks: new Map(),
      language: material.language,
    },
    corpus,
    replacing,
  });
  return new CitationVerifier(corpus.chunks).chapter(draft);
}

/** The chapter's check questions that cite lines and pass the fairness checks. */
function fairQuestions(chapter: ChapterDraft): Question[] {
  const questions = chapter.activities.flatMap((activity) =>
    activity.kind === "diagnostic" || activity.kind === "mastery" ? activity.payload.questions : [],
  );
  const unfair = new Set([...nearDuplicateOptions(questions), ...positionalExplanations(questions)]);
  return questions.filter((question) => !unfair.has(question) && question.citations.length > 0);
}

// New items for untested lines -------------------------------------------------------------------------------

const itemsRowSchema = z.object({
  kind: z.enum(["diagnostic", "mastery", "practice"]),
  payload: z.object({
    questions: z.array(questionSchema).optional(),
    cards: z.array(practiceCardSchema).optional(),
  }),
});

/**
 * "Add items for these lines" from the coverage map: the provider writes a chapter from the sentences on
 * those lines alone, and up to ITEMS_PER_LINES fair questions and cards the chapter does not already ask
 * join its mastery check and practice deck. Nothing is padded: lines that teach nothing testable give a
 * refusal the teacher reads, not a weak item.
 */
export async function addItemsForLines(
  client: TaskClient,
  request: RegenerationRequest,
  setting: Setting,
): Promise<{ questions: Question[]; cards: PracticeCard[] }> {
  const { chunk_id: chunkId, line_start: lineStart, line_end: lineEnd } = request;
  if (chunkId === null || lineStart === null || lineEnd === null) {
    throw new RegenerationRefused("The request names no lines.");
  }
  const existing = z
    .array(itemsRowSchema)
    .parse(
      must(
        "loading the chapter's items",
        await client
          .from("activities")
          .select("kind, payload")
          .eq("chapter_id", request.chapter_id)
          .in("kind", ["diagnostic", "mastery", "practice"]),
      ),
    );
  const corpus = buildCorpus(setting.sources);
  const lines: Citation = { chunk_id: chunkId, line_start: lineStart, line_end: lineEnd } as Citation;
  const sentences = corpus.sentences.filter((sentence) => overlaps(sentence, lines));
  if (sentences.length === 0)
    throw new RegenerationRefused("These lines hold no sentence to write items from.");
  const fallback = topicLanguage(setting.topic, corpus);
  const chapter = assignMaterial(setting.structure, corpus, fallback).get(setting.section.section_id);
  const subtopicId = subtopicOf(chapter, sentences) ?? setting.section.subtopics[0]?.subtopic_id;
  const draft = await chapterFrom(setting, corpus, subtopicId, {
    sentences,
    language: chapter?.language ?? fallback,
  });
  const items = freshItems(draft, existing);
  // New questions join the mastery check and cards the practice deck; a chapter without one takes none.
  if (!existing.some((row) => row.kind === "mastery")) items.questions = [];
  if (!existing.some((row) => row.kind === "practice")) items.cards = [];
  if (items.questions.length === 0 && items.cards.length === 0) {
    throw new RegenerationRefused(
      "No fair question or card could be written from these lines: they may not state something a learner can be tested on.",
    );
  }
  must(
    "saving the new items",
    await untyped(client).rpc("apply_coverage_items", {
      p_request_id: request.id,
      p_questions: items.questions,
      p_cards: items.cards,
    }),
  );
  return items;
}

/** The subtopic whose material holds most of the given sentences. */
function subtopicOf(
  chapter: SectionMaterial | undefined,
  sentences: readonly Sentence[],
): string | undefined {
  const wanted = new Set(sentences.map((sentence) => sentence.index));
  let best: { id: string; count: number } | undefined;
  for (const [id, material] of chapter?.bySubtopic ?? []) {
    const count = material.filter((sentence) => wanted.has(sentence.index)).length;
    if (count > 0 && count > (best?.count ?? 0)) best = { id, count };
  }
  return best?.id;
}

/** The draft's fair questions and cited cards the chapter does not already ask, up to ITEMS_PER_LINES. */
function freshItems(
  draft: ChapterDraft,
  existing: ReadonlyArray<z.infer<typeof itemsRowSchema>>,
): { questions: Question[]; cards: PracticeCard[] } {
  const asked = new Set(
    existing.flatMap((row) => row.payload.questions ?? []).map((question) => question.stem.trim()),
  );
  const carded = new Set(existing.flatMap((row) => row.payload.cards ?? []).map((card) => card.q.trim()));
  const ids = new Set(
    existing
      .flatMap((row) => [...(row.payload.questions ?? []), ...(row.payload.cards ?? [])])
      .map((item) => item.id),
  );
  const questions = fairQuestions(draft)
    .filter((question) => !asked.has(question.stem.trim()) && !ids.has(question.id))
    .slice(0, ITEMS_PER_LINES.questions);
  const cards = draft.activities
    .flatMap((activity) => (activity.kind === "practice" ? activity.payload.cards : []))
    .filter((card) => card.citations.length > 0 && !carded.has(card.q.trim()) && !ids.has(card.id))
    .slice(0, ITEMS_PER_LINES.cards);
  return { questions, cards };
}

// One chapter ------------------------------------------------------------------------------------------------

/** The chapter written again from its section, as a whole course run writes it, saved in place. */
export async function regenerateChapter(
  client: TaskClient,
  request: RegenerationRequest,
  setting: Setting,
): Promise<unknown> {
  const { chapters } = await generateCourse(
    setting.topic,
    setting.structure,
    setting.sources,
    setting.provider,
    async () => {},
    { concurrency: 1, sections: new Set([setting.section.section_id]) },
  );
  const [chapter] = chapters;
  if (!chapter) throw new RegenerationRefused("The sources hold nothing for this chapter.");
  const { data, error } = await untyped(client).rpc("apply_chapter_regeneration", {
    p_request_id: request.id,
    p_chapter: chapterRow(chapter),
  });
  if (error) throw new DatabaseError(`saving the chapter: ${error.message}`);
  return data;
}

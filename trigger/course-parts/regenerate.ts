import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { type Question, questionSchema } from "../../src/domain/activity-payload.ts";
import type { Citation } from "../../src/domain/citation.ts";
import { type Section, type Structure, structureSchema } from "../../src/domain/structure.ts";
import { CitationVerifier } from "../generation/citations.ts";
import { buildCorpus, type Corpus, type CorpusSourceInput, type Sentence } from "../generation/corpus.ts";
import { generateCourse, topicLanguage } from "../generation/engine.ts";
import { assignMaterial, type SectionMaterial } from "../generation/material.ts";
import { chapterRow, corpusSources } from "../generation/pipelines/course.ts";
import { DatabaseError, loadTopic, must, type TaskClient } from "../generation/pipelines/db.ts";
import { modelForEntity } from "../generation/pipelines/model.ts";
import { type GenerationProvider, type ProviderOptions, providerFor } from "../generation/providers/index.ts";
import { nearDuplicateOptions, positionalExplanations } from "../generation/quality.ts";

/**
 * The work behind `request_item_regeneration` and `request_chapter_regeneration` (docs/teachers.md,
 * "Regenerating one item or one chapter"): the scheduled task takes queued requests one at a time, writes
 * the new question or chapter with the topic's provider (the organisation's model, the deployment's, or
 * the offline one, as a course run would) and saves it in place through `apply_*_regeneration`.
 */

/** A running request idle this long belongs to a run that died; it is failed so the chapter is free again. */
export const STALLED_AFTER_MS = 20 * 60 * 1000;
/** Requests taken per run of the task; the next minute's run takes the rest. */
export const REQUESTS_PER_RUN = 5;

const requestSchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  chapter_id: z.uuid(),
  activity_id: z.uuid().nullable(),
  question_id: z.string().nullable(),
  part: z.enum(["item", "chapter"]),
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
      .select("id, topic_id, chapter_id, activity_id, question_id, part"),
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
  try {
    if (request.part === "item") await regenerateItem(client, request, hooks);
    else await regenerateChapter(client, request, hooks);
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
  }
}

// What a regeneration reads -------------------------------------------------------------------------------

interface Setting {
  topic: { title: string; description: string | null };
  structure: Structure;
  section: Section;
  sources: CorpusSourceInput[];
  provider: GenerationProvider;
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
  const { provider } = providerFor(await modelForEntity(client, topic.entity_id), hooks);
  return {
    topic: { title: topic.title, description: topic.description },
    structure: structure.data,
    section,
    sources: await corpusSources(client, topic.id),
    provider,
  };
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
  hooks: ProviderOptions = {},
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
  const setting = await settingOf(client, request, hooks);
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
  const subtopic = setting.section.subtopics.find((candidate) => candidate.subtopic_id === old.subtopic_id);
  const subtopics = subtopic ? [subtopic] : setting.section.subtopics.slice(0, 1);
  const section = { ...setting.section, subtopics };
  const bySubtopic = new Map(subtopics.map((candidate) => [candidate.subtopic_id, material.sentences]));
  const draft = await setting.provider.chapter({
    topic: setting.topic,
    structure: setting.structure,
    section,
    material: { bySubtopic, sentences: material.sentences, language: material.language },
    corpus,
  });
  const verified = new CitationVerifier(corpus.chunks).chapter(draft);
  const questions = verified.activities.flatMap((activity) =>
    activity.kind === "diagnostic" || activity.kind === "mastery" ? activity.payload.questions : [],
  );
  const unfair = new Set([...nearDuplicateOptions(questions), ...positionalExplanations(questions)]);
  return questions.filter((question) => !unfair.has(question) && question.citations.length > 0);
}

// One chapter ------------------------------------------------------------------------------------------------

/** The chapter written again from its section, as a whole course run writes it, saved in place. */
export async function regenerateChapter(
  client: TaskClient,
  request: RegenerationRequest,
  hooks: ProviderOptions = {},
): Promise<unknown> {
  const setting = await settingOf(client, request, hooks);
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

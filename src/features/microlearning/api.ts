import { z } from "zod";
import { type ActivityKind, activityKindSchema, PAYLOAD_SCHEMAS } from "@/domain/activity-payload.ts";
import {
  isSkippedResult,
  parseQuizResult,
  parseStoredCard,
  type QuizResult,
  type SkippedResult,
  type StoredCard,
} from "@/domain/microlearning.ts";
import {
  type OutlineRpc,
  outlineRpcSchema,
  type ProgressStatus,
  progressStatusSchema,
} from "@/domain/outline.ts";
import { type Structure, structureSchema } from "@/domain/structure.ts";
import { GENERATE_COURSE_CONTENT } from "@/domain/tasks.ts";
import { ACTIVITY_COLUMNS, type ActivityRow } from "@/lib/activities";
import type { StudymapClient, Tables } from "@/lib/database";
import { invokeEdgeFunction } from "@/lib/edge-function.ts";
import { unwrap } from "@/lib/query";
import type { Topic } from "@/lib/topics/api";

// ---- Overview ----

export interface OverviewTopic {
  id: string;
  title: string;
  level: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  thumbnailPath: string | null;
  subjectTitle: string | null;
  structure: Structure | null;
  entityId: string;
}

/** The summary card's view of a topic as the topics feature reads it (one read, shared with the shell). */
export function toOverviewTopic(topic: Topic): OverviewTopic {
  const structure = topic.structure == null ? null : structureSchema.safeParse(topic.structure);
  if (structure && !structure.success) console.error("Unreadable topic structure:", structure.error);
  return {
    id: topic.id,
    title: topic.title,
    level: topic.level,
    createdAt: topic.created_at,
    updatedAt: topic.updated_at,
    thumbnailPath: topic.thumbnail_image_url,
    subjectTitle: topic.subject?.title ?? null,
    structure: structure?.success ? structure.data : null,
    entityId: topic.entity_id,
  };
}

/** What wrote a course (a model's name or "Offline generator"); null when not recorded. */
export async function fetchCourseGenerator(client: StudymapClient, courseId: string): Promise<string | null> {
  const { data, error } = await client.from("courses").select("generator").eq("id", courseId).maybeSingle();
  if (error) throw error;
  return data?.generator ?? null;
}

// ---- "Genereer leerpad" ----

const triggerTokenSchema = z.object({ token: z.string().nullish(), grant: z.string().nullish() });

/** A public trigger token for the course task and the grant that binds it to this learner and topic. */
export async function fetchTriggerToken(client: StudymapClient, topicId: string) {
  return invokeEdgeFunction(
    client,
    "auth-trigger-dev",
    { taskName: GENERATE_COURSE_CONTENT, topicId },
    triggerTokenSchema,
  );
}

/**
 * How many learners have progress on the course a "Genereer leerpad" by the caller would replace
 * (`course_regeneration_learners`): only a number, and only for those who may manage the topic.
 */
export async function fetchRegenerationLearners(client: StudymapClient, topicId: string): Promise<number> {
  const data = unwrap(await client.rpc("course_regeneration_learners", { p_topic_id: topicId }));
  return z.number().int().nonnegative().parse(data);
}

// ---- A new version of a published path ----

/** The caller's own draft of a topic: while a path is published, a new version nobody else sees yet. */
export interface CourseDraft {
  id: string;
  title: string;
  created_at: string;
}

/** The caller's latest unpublished course of the topic, or null. */
export async function fetchOwnCourseDraft(
  client: StudymapClient,
  topicId: string,
  userId: string,
): Promise<CourseDraft | null> {
  const { data, error } = await client
    .from("courses")
    .select("id, title, created_at")
    .eq("topic_id", topicId)
    .eq("created_by", userId)
    .is("published_at", null)
    .order("created_at", { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/**
 * A draft's outline for its preview, in the outline RPC's shape (which always shows the published
 * course). Statuses are not_started: learners' progress belongs to the published path.
 */
export async function fetchDraftOutline(client: StudymapClient, draft: CourseDraft): Promise<OutlineRpc> {
  const chapters = unwrap(
    await client
      .from("chapters")
      .select("id, title, summary, position, section_id")
      .eq("course_id", draft.id)
      .order("position"),
  );
  const activities =
    chapters.length === 0
      ? []
      : unwrap(
          await client
            .from("activities")
            .select("id, chapter_id, kind, title, position")
            .in(
              "chapter_id",
              chapters.map((chapter) => chapter.id),
            )
            .order("position"),
        );
  return outlineRpcSchema.parse({
    course: { ...draft, published_at: null, created_by: null },
    chapters: chapters.map((chapter) => ({
      ...chapter,
      activities: activities
        .filter((activity) => activity.chapter_id === chapter.id)
        .map(({ chapter_id: _chapter, ...activity }) => ({ ...activity, status: "not_started" })),
    })),
  });
}

/** Publishes the caller's draft over the published path (`publish_course_draft`, managers and admins). */
export async function publishCourseDraft(client: StudymapClient, courseId: string): Promise<void> {
  unwrap(await client.rpc("publish_course_draft", { p_course_id: courseId }));
}

/** Deletes the caller's draft; the published path stays as it is. */
export async function discardCourseDraft(client: StudymapClient, courseId: string): Promise<void> {
  const { error } = await client.from("courses").delete().eq("id", courseId);
  if (error) throw error;
}

// ---- Phase screen ----

export type ChapterRow = Pick<Tables<"chapters">, "id" | "title" | "summary" | "position" | "course_id">;

export async function fetchChapter(client: StudymapClient, chapterId: string): Promise<ChapterRow> {
  return unwrap(
    await client
      .from("chapters")
      .select("id, title, summary, position, course_id")
      .eq("id", chapterId)
      .single(),
  );
}

export type { ActivityRow };

/** The chapter's activity of one kind with its payload; null when none is published (or visible). */
export async function fetchActivity(
  client: StudymapClient,
  chapterId: string,
  kind: ActivityKind,
): Promise<ActivityRow | null> {
  return unwrap(
    await client
      .from("activities")
      .select(ACTIVITY_COLUMNS)
      .eq("chapter_id", chapterId)
      .eq("kind", kind)
      .maybeSingle(),
  );
}

export type ActivityCitation = Pick<
  Tables<"activity_citations">,
  "id" | "source_url" | "file_path" | "page_number" | "snippet"
>;

export async function fetchActivityCitations(
  client: StudymapClient,
  activityId: string,
): Promise<ActivityCitation[]> {
  const data = unwrap(
    await client
      .from("activity_citations")
      .select("id, source_url, file_path, page_number, snippet")
      .eq("activity_id", activityId)
      .order("id"),
  );
  return data ?? [];
}

export interface ActivityProgress {
  activityId: string;
  kind: ActivityKind;
  status: ProgressStatus;
  result: QuizResult | null;
  /** Completed because the diagnostic made it unnecessary. */
  skipped: boolean;
}

const chapterProgressRowSchema = z.object({
  id: z.string(),
  kind: activityKindSchema,
  activity_progress: z.array(z.object({ status: progressStatusSchema, result: z.unknown() })),
});

/** The learner's own progress on each activity of a chapter (not_started where no row exists). */
export async function fetchChapterProgress(
  client: StudymapClient,
  chapterId: string,
  userId: string,
): Promise<ActivityProgress[]> {
  const data = unwrap(
    await client
      .from("activities")
      .select("id, kind, activity_progress(status, result)")
      .eq("chapter_id", chapterId)
      .eq("activity_progress.user_id", userId),
  );
  return z
    .array(chapterProgressRowSchema)
    .parse(data ?? [])
    .map((row) => ({
      activityId: row.id,
      kind: row.kind,
      status: row.activity_progress[0]?.status ?? "not_started",
      result: parseQuizResult(row.activity_progress[0]?.result),
      skipped: isSkippedResult(row.activity_progress[0]?.result),
    }));
}

/**
 * Writes the learner's own progress row for an activity. Without `result` the stored one stays; `null`
 * clears it (e.g. a skip mark once the learner works through the phase after all).
 */
export async function saveProgress(
  client: StudymapClient,
  progress: {
    activityId: string;
    userId: string;
    status: ProgressStatus;
    result?: QuizResult | SkippedResult | null;
  },
): Promise<void> {
  unwrap(
    await client.from("activity_progress").upsert(
      {
        activity_id: progress.activityId,
        user_id: progress.userId,
        status: progress.status,
        ...(progress.result !== undefined ? { result: progress.result } : {}),
      },
      { onConflict: "activity_id,user_id" },
    ),
  );
}

/**
 * Which of these activities the learner skipped. The outline RPC answers statuses only, so the overview
 * reads the skip marks of its study and practice activities from the learner's own progress rows.
 */
export async function fetchSkippedActivities(
  client: StudymapClient,
  activityIds: readonly string[],
  userId: string,
): Promise<string[]> {
  if (activityIds.length === 0) return [];
  const data = unwrap(
    await client
      .from("activity_progress")
      .select("activity_id, result")
      .in("activity_id", activityIds)
      .eq("user_id", userId)
      .eq("status", "completed"),
  );
  return (data ?? []).filter((row) => isSkippedResult(row.result)).map((row) => row.activity_id);
}

// ---- Practice cards (FSRS state) ----

/** Practice activities with their cards, for the Challenge card's cards due across chapters. */
export async function fetchPracticeActivities(client: StudymapClient, activityIds: readonly string[]) {
  if (activityIds.length === 0) return [];
  const data = unwrap(
    await client.from("activities").select("id, chapter_id, payload").in("id", activityIds),
  );
  return (data ?? []).flatMap((row) => {
    const payload = PAYLOAD_SCHEMAS.practice.safeParse(row.payload);
    return payload.success
      ? [{ activityId: row.id, chapterId: row.chapter_id, cards: payload.data.cards }]
      : [];
  });
}

/** The learner's FSRS state per card, keyed `activityId/cardId` (a plain object, which SWR compares by value). */
export async function fetchCardStates(
  client: StudymapClient,
  activityIds: readonly string[],
  userId: string,
): Promise<Record<string, StoredCard>> {
  if (activityIds.length === 0) return {};
  const data = unwrap(
    await client
      .from("practice_card_states")
      .select("activity_id, card_id, card")
      .in("activity_id", activityIds)
      .eq("user_id", userId),
  );
  const states: Record<string, StoredCard> = {};
  for (const row of data ?? []) {
    const card = parseStoredCard(row.card);
    if (card) states[cardStateKey(row.activity_id, row.card_id)] = card;
  }
  return states;
}

export function cardStateKey(activityId: string, cardId: string): string {
  return `${activityId}/${cardId}`;
}

export async function saveCardState(
  client: StudymapClient,
  state: { userId: string; activityId: string; cardId: string; card: StoredCard },
): Promise<void> {
  unwrap(
    await client.from("practice_card_states").upsert(
      {
        user_id: state.userId,
        activity_id: state.activityId,
        card_id: state.cardId,
        card: state.card,
        due_at: state.card.due,
      },
      { onConflict: "user_id,activity_id,card_id" },
    ),
  );
}

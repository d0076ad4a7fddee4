import {
  type ActivityKind,
  activityKindSchema,
  episodeTurns,
  PAYLOAD_SCHEMAS,
  type PayloadOf,
  type RecapPayload,
  recapPayloadSchema,
} from "@/domain/activity-payload";
import type { OutlineRpc } from "@/domain/outline";
import { type QuizAnswer, quizAnswersSchema, scoreOf } from "@/domain/quiz";
import { ACTIVITY_COLUMNS } from "@/lib/activities";
import type { StudymapClient, Tables } from "@/lib/database";
import { unwrap } from "@/lib/query";

/** An activity of one kind with its payload read by that kind's schema (null when unreadable). */
export interface TopicActivity<K extends ActivityKind = ActivityKind> {
  id: string;
  chapterId: string;
  chapterTitle: string;
  chapterPosition: number;
  kind: K;
  title: string;
  payload: PayloadOf<K> | null;
}

/** The outline's activities of the given kinds, in chapter and position order. */
export function activityRefs(outline: OutlineRpc, kinds: readonly ActivityKind[]) {
  return [...outline.chapters]
    .sort((a, b) => a.position - b.position)
    .flatMap((chapter) =>
      [...chapter.activities]
        .sort((a, b) => a.position - b.position)
        .filter((activity) => kinds.includes(activity.kind))
        .map((activity) => ({ ...activity, chapterTitle: chapter.title, chapterPosition: chapter.position })),
    );
}

/** Loads the payloads of the given kinds for a topic's course outline. */
export async function fetchTopicActivities<K extends ActivityKind>(
  client: StudymapClient,
  outline: OutlineRpc,
  kinds: readonly K[],
): Promise<TopicActivity<K>[]> {
  const refs = activityRefs(outline, kinds);
  if (refs.length === 0) return [];
  const rows = unwrap(
    await client
      .from("activities")
      .select(ACTIVITY_COLUMNS)
      .in(
        "id",
        refs.map((ref) => ref.id),
      ),
  );
  const byId = new Map((rows ?? []).map((row) => [row.id, row]));
  return refs.flatMap((ref) => {
    const row = byId.get(ref.id);
    const kind = activityKindSchema.safeParse(row?.kind);
    if (!row || !kind.success) return [];
    const parsed = PAYLOAD_SCHEMAS[kind.data].safeParse(row.payload);
    if (!parsed.success) console.error(`Unreadable ${row.kind} payload of activity ${row.id}:`, parsed.error);
    return [
      {
        id: row.id,
        chapterId: row.chapter_id,
        chapterTitle: ref.chapterTitle,
        chapterPosition: ref.chapterPosition,
        kind: row.kind as K,
        title: row.title || ref.chapterTitle,
        payload: parsed.success ? (parsed.data as PayloadOf<K>) : null,
      },
    ];
  });
}

/** Quizzes are the diagnostic and mastery checks; episodes the recaps; slides come from overviews. */
export const QUIZ_KINDS = ["diagnostic", "mastery"] as const satisfies readonly ActivityKind[];
export const EPISODE_KINDS = ["recap"] as const satisfies readonly ActivityKind[];
export const SLIDE_KINDS = ["overview"] as const satisfies readonly ActivityKind[];

/** The most a topic's description may hold; the title's 300 is the table's own (update_topic_details). */
export const TOPIC_TITLE_MAX = 300;
export const TOPIC_DESCRIPTION_MAX = 5000;

/** Renames and describes a topic; Postgres decides who may and checks the lengths (sentences on refusal). */
export async function updateTopicDetails(
  client: StudymapClient,
  topicId: string,
  details: { title: string; description: string },
): Promise<void> {
  unwrap(
    await client.rpc("update_topic_details", {
      p_topic_id: topicId,
      p_title: details.title,
      p_description: details.description,
    }),
  );
}

/** Moves a topic into another collection of its organisation, or out of every collection (null). */
export async function moveTopic(
  client: StudymapClient,
  topicId: string,
  moduleId: string | null,
): Promise<void> {
  // null is a valid argument; generated types never mark an argument nullable.
  unwrap(await client.rpc("move_topic", { p_topic_id: topicId, p_module_id: moduleId as string }));
}

/** Deletes a topic with its generated content; its files leave Storage with the next cleanup run. */
export async function deleteTopic(client: StudymapClient, topicId: string): Promise<void> {
  unwrap(await client.rpc("delete_topic", { p_topic_id: topicId }));
}

export const NOT_A_MANAGER = "Only the topic's content managers can edit this episode.";

/**
 * Stores an episode's script with new turn texts; speakers and citations stay as generated. The
 * payload is validated whole before it is sent, and row-level security refuses anyone who may not
 * manage the topic (an update that changes no row).
 */
export async function saveEpisodeScript(
  client: StudymapClient,
  episode: Pick<TopicActivity<"recap">, "id" | "payload">,
  texts: readonly string[],
): Promise<RecapPayload> {
  if (!episode.payload) throw new Error("This episode's content cannot be read.");
  const turns = episodeTurns(episode.payload);
  if (texts.length !== turns.length) throw new Error("The script changed while you were editing it.");
  const parsed = recapPayloadSchema.safeParse({
    ...episode.payload,
    script: turns.map((turn, index) => ({ ...turn, text: texts[index] ?? "" })),
  });
  if (!parsed.success) throw new Error("Every turn needs some text (at most 4000 characters).");
  const rows = unwrap(
    await client.from("activities").update({ payload: parsed.data }).eq("id", episode.id).select("id"),
  );
  if (!rows?.length) throw new Error(NOT_A_MANAGER);
  return parsed.data;
}

/**
 * Publishes the topic's course for everyone who can read the topic, or takes it back to a draft: the
 * courses' row-level security lets only the topic's content managers change `published_at`
 * (supabase/migrations/20261121000007_courses.sql), so a refusal is an update of no row. The time sent
 * only says "now": Postgres stamps its own (20261123001400_courses_published_at_from_server.sql).
 */
export async function setCoursePublished(
  client: StudymapClient,
  courseId: string,
  published: boolean,
): Promise<void> {
  const rows = unwrap(
    await client
      .from("courses")
      .update({ published_at: published ? new Date().toISOString() : null })
      .eq("id", courseId)
      .select("id"),
  );
  if (!rows?.length) throw new Error(NOT_A_PUBLISHER);
}

export const NOT_A_PUBLISHER = "Only the topic's content managers can publish its course.";

/** The cited snippets of some activities, by activity id, in citation order, each once (one query for all). */
export async function fetchCitedSnippets(
  client: StudymapClient,
  activityIds: readonly string[],
): Promise<Map<string, string[]>> {
  const rows = unwrap(
    await client
      .from("activity_citations")
      .select("activity_id, snippet")
      .in("activity_id", [...activityIds])
      .not("snippet", "is", null)
      .order("id"),
  );
  const byActivity = new Map<string, Set<string>>();
  for (const row of rows ?? []) {
    if (row.snippet)
      byActivity.set(row.activity_id, (byActivity.get(row.activity_id) ?? new Set()).add(row.snippet));
  }
  return new Map([...byActivity].map(([activityId, snippets]) => [activityId, [...snippets]]));
}

export type QuizAttempt = Pick<Tables<"quiz_attempts">, "score" | "total" | "created_at">;

/** The learner's latest topic quiz attempt (RLS shows only their own), or null before the first. */
export async function fetchLastQuizAttempt(
  client: StudymapClient,
  topicId: string,
): Promise<QuizAttempt | null> {
  return unwrap(
    await client
      .from("quiz_attempts")
      .select("score, total, created_at")
      .eq("topic_id", topicId)
      .order("created_at", { ascending: false })
      .limit(1)
      .maybeSingle(),
  );
}

/** Records a finished topic quiz for the signed-in learner; the score is counted from the answers. */
export async function saveQuizAttempt(
  client: StudymapClient,
  topicId: string,
  answers: readonly QuizAnswer[],
): Promise<QuizAttempt> {
  const parsed = quizAnswersSchema.parse(answers);
  return unwrap(
    await client
      .from("quiz_attempts")
      .insert({ topic_id: topicId, answers: parsed, ...scoreOf(parsed) })
      .select("score, total, created_at")
      .single(),
  );
}

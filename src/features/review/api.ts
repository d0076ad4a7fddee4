import { z } from "zod";
import { type PracticeCard, practiceCardSchema } from "@/domain/activity-payload.ts";
import { type StoredCard, storedCardSchema } from "@/domain/microlearning.ts";
import type { StudymapClient } from "@/lib/database";
import { unwrap } from "@/lib/query";

/** One due practice card of the review queue, with where it comes from. */
export interface DueCard {
  topicId: string;
  topicTitle: string;
  chapterId: string;
  chapterTitle: string;
  activityId: string;
  card: PracticeCard;
  state: StoredCard;
}

const dueRowSchema = z.object({
  topic_id: z.string(),
  topic_title: z.string(),
  chapter_id: z.string(),
  chapter_title: z.string(),
  activity_id: z.string(),
  content: practiceCardSchema,
  card: storedCardSchema,
});

/**
 * The learner's due cards across the topics they can read (`due_practice_cards`, which runs under their
 * own row-level security). A row whose card or state no longer reads is left out, not fatal.
 */
export async function fetchDueCards(client: StudymapClient): Promise<DueCard[]> {
  const rows = unwrap(await client.rpc("due_practice_cards")) ?? [];
  return rows.flatMap((row) => {
    const parsed = dueRowSchema.safeParse(row);
    if (!parsed.success) {
      console.error("Unreadable due card:", parsed.error);
      return [];
    }
    const due = parsed.data;
    return [
      {
        topicId: due.topic_id,
        topicTitle: due.topic_title,
        chapterId: due.chapter_id,
        chapterTitle: due.chapter_title,
        activityId: due.activity_id,
        card: due.content,
        state: due.card,
      },
    ];
  });
}

/** Stores a card's state after a review; the learner's own row, as the practice phase writes it. */
export async function saveReviewedCard(
  client: StudymapClient,
  review: { userId: string; activityId: string; cardId: string; card: StoredCard },
): Promise<void> {
  unwrap(
    await client.from("practice_card_states").upsert(
      {
        user_id: review.userId,
        activity_id: review.activityId,
        card_id: review.cardId,
        card: review.card,
        due_at: review.card.due,
      },
      { onConflict: "user_id,activity_id,card_id" },
    ),
  );
}

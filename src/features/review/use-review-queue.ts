import useSWR from "swr";
import type { Grade } from "ts-fsrs";
import { reviewCard } from "@/domain/microlearning.ts";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { type DueCard, fetchDueCards, saveReviewedCard } from "./api.ts";
import { cardKey } from "./queue.ts";

/** The learner's due cards across topics, and a review that schedules a card and keeps it in the list. */
export function useReviewQueue() {
  const client = useSupabase();
  const { user } = useAuth();
  const { data, error, mutate } = useSWR(user ? ["review-queue", user.id] : null, () =>
    fetchDueCards(client),
  );

  async function review(due: DueCard, grade: Grade): Promise<void> {
    if (!user) return;
    const card = reviewCard(due.state, grade, new Date());
    await saveReviewedCard(client, {
      userId: user.id,
      activityId: due.activityId,
      cardId: due.card.id,
      card,
    });
    // The reviewed card stays on screen with its next date until the queue is read again.
    await mutate(
      (current) => current?.map((item) => (cardKey(item) === cardKey(due) ? { ...item, state: card } : item)),
      { revalidate: false },
    );
  }

  return { cards: data, error, review };
}

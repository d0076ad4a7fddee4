import { useMemo } from "react";
import useSWR from "swr";
import type { Grade } from "ts-fsrs";
import { reviewCard, type StoredCard } from "@/domain/microlearning.ts";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { cardStateKey, fetchCardStates, saveCardState } from "./api.ts";

type CardStates = Readonly<Record<string, StoredCard>>;

/** One activity's states keyed by card id. */
function statesOfActivity(all: CardStates, activityId: string): Map<string, StoredCard> {
  const prefix = cardStateKey(activityId, "");
  return new Map(
    Object.entries(all)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, card]) => [key.slice(prefix.length), card]),
  );
}

/** The learner's spaced-repetition state for the cards of some practice activities, and a way to review. */
export function useCardStates(activityIds: readonly string[]) {
  const client = useSupabase();
  const { user } = useAuth();
  const key =
    user && activityIds.length > 0 ? (["card-states", user.id, activityIds.join(",")] as const) : null;
  const { data, mutate, isLoading } = useSWR(key, () =>
    fetchCardStates(client, activityIds, (user as { id: string }).id),
  );
  const states: CardStates = useMemo(() => data ?? {}, [data]);

  /** Schedules a card with FSRS, stores its new state, and answers the activity's states after the review. */
  async function review(activityId: string, cardId: string, grade: Grade): Promise<Map<string, StoredCard>> {
    if (!user) return statesOfActivity(states, activityId);
    const card = reviewCard(states[cardStateKey(activityId, cardId)] ?? null, grade, new Date());
    await saveCardState(client, { userId: user.id, activityId, cardId, card });
    const next = { ...states, [cardStateKey(activityId, cardId)]: card };
    await mutate(next, { revalidate: false });
    return statesOfActivity(next, activityId);
  }

  return {
    statesOf: (activityId: string) => statesOfActivity(states, activityId),
    review,
    loading: isLoading,
  };
}

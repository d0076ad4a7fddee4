import useSWR from "swr";
import { dueCards } from "@/domain/microlearning.ts";
import { useSupabase } from "@/lib/auth/auth-context";
import { fetchPracticeActivities } from "./api.ts";
import { PracticeCardItem } from "./practice-card.tsx";
import { useCardStates } from "./use-card-states.ts";

/** docs/decisions.md §12: the practice cards due now, across all chapters of the course. */
export default function DuePractice({ practiceActivityIds }: { practiceActivityIds: readonly string[] }) {
  const client = useSupabase();
  const decks = useSWR(
    practiceActivityIds.length > 0 ? ["practice-activities", practiceActivityIds.join(",")] : null,
    () => fetchPracticeActivities(client, practiceActivityIds),
  );
  const { statesOf, review, loading } = useCardStates(practiceActivityIds);
  if (practiceActivityIds.length === 0)
    return <p className="text-sm text-neutral-500 dark:text-neutral-400">Nog geen oefenkaarten.</p>;
  if (!decks.data || loading) return <p className="text-sm text-neutral-500 dark:text-neutral-400">Laden…</p>;
  const now = new Date();
  const due = decks.data.flatMap((deck) => {
    const states = statesOf(deck.activityId);
    return dueCards(deck.cards, states, now).map((card) => ({
      deck,
      card,
      state: states.get(card.id) ?? null,
    }));
  });
  if (due.length === 0)
    return (
      <p className="text-sm text-neutral-500 dark:text-neutral-400">Niets te herhalen — kom later terug.</p>
    );
  return (
    <ul className="flex flex-col gap-2">
      {due.map(({ deck, card, state }) => (
        <PracticeCardItem
          key={`${deck.activityId}/${card.id}`}
          card={card}
          state={state}
          onReview={(grade) => review(deck.activityId, card.id, grade)}
        />
      ))}
    </ul>
  );
}

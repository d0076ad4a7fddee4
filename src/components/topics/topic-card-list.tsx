import type { ReactNode } from "react";
import { useFavoriteIds, useToggleFavorite } from "@/lib/favorites/hooks";
import type { TopicCardData } from "@/lib/topics/api";
import { TopicCard, TopicGrid } from "./topic-card";

/** A grid of topic cards, each with its favorite toggle. */
export function TopicCardList({
  topics,
  actions,
}: {
  topics: TopicCardData[];
  actions?: (topic: TopicCardData) => ReactNode;
}) {
  const { data: favoriteIds } = useFavoriteIds();
  const toggleFavorite = useToggleFavorite();
  const favorites = new Set(favoriteIds ?? []);
  return (
    <TopicGrid>
      {topics.map((topic) => (
        <li key={topic.id} className="flex">
          <div className="w-full">
            <TopicCard
              topic={topic}
              favorite={favorites.has(topic.id)}
              onToggleFavorite={toggleFavorite}
              actions={actions?.(topic)}
            />
          </div>
        </li>
      ))}
    </TopicGrid>
  );
}

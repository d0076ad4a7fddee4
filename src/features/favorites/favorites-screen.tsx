import { Link } from "@tanstack/react-router";
import { TopicCardList } from "@/components/topics/topic-card-list";
import { TopicGridSkeleton } from "@/components/topics/topic-results";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useFavoriteTopics } from "@/lib/favorites/hooks";

/** /favorites: the topics the user starred on any card. */
export function FavoritesScreen() {
  const { data: topics, error } = useFavoriteTopics();
  if (error && !topics) throw error;
  return (
    <>
      <PageHeader
        title="Favorites"
        description="Topics you starred, from any organisation or the explore page."
      />
      {!topics ? (
        <TopicGridSkeleton />
      ) : topics.length === 0 ? (
        <EmptyState
          title="No favorites yet"
          description="Star a topic on any card to find it here quickly."
          action={
            <Link to="/studymap" search={{ page: 1 }} className={buttonClasses("secondary")}>
              Browse your topics
            </Link>
          }
        />
      ) : (
        <TopicCardList topics={topics} />
      )}
    </>
  );
}

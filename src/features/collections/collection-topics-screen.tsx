import { Link } from "@tanstack/react-router";
import { NotFound } from "@/components/not-found";
import { TopicResults } from "@/components/topics/topic-results";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { useCanManageContent } from "@/lib/auth/auth-context";
import { useCollection } from "@/lib/collections/hooks";

/** /studymap/collections/{moduleId}/topics: one collection's topics, paginated. */
export function CollectionTopicsScreen({ moduleId, page }: { moduleId: string; page: number }) {
  const { data: collection, error, isLoading } = useCollection(moduleId);
  const canManage = useCanManageContent(collection?.entity_id);
  if (error) throw error;
  if (isLoading) return <PageSpinner />;
  if (!collection) return <NotFound title="Collection not found" />;
  return (
    <>
      <PageHeader
        title={collection.title}
        description={collection.description ?? "A collection of topics."}
        actions={
          canManage ? (
            <Link to="/studymap/topics/new" search={{ moduleId }} className={buttonClasses()}>
              New topic in this collection
            </Link>
          ) : null
        }
      />
      <TopicResults
        filters={{ entityId: collection.entity_id, moduleId, page }}
        empty={
          <EmptyState
            title={page > 1 ? "This page is empty" : "No topics in this collection yet"}
            description={
              canManage && page === 1 ? "Add a topic to this collection to get started." : undefined
            }
            action={
              <Link to="/studymap" search={{ page: 1 }} className={buttonClasses("secondary")}>
                Back to dashboard
              </Link>
            }
          />
        }
      />
    </>
  );
}

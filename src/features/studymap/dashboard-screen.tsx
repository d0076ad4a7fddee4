import { Link, useNavigate } from "@tanstack/react-router";
import { CollectionsSummary } from "@/components/collections/collections-summary";
import { SubscribedTopics } from "@/components/topics/subscribed-topics";
import { TopicResults } from "@/components/topics/topic-results";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { DashboardSearch } from "@/domain/search-params";
import { isTopicStatusKey } from "@/domain/topic-status";
import { useAuth, useCanManageContent } from "@/lib/auth/auth-context";
import { type FilterValues, TopicFilters } from "./topic-filters";

/** /studymap: the active entity's topics and collections. */
export function DashboardScreen({ search }: { search: DashboardSearch }) {
  const { activeMembership } = useAuth();
  const canManage = useCanManageContent();
  const navigate = useNavigate();
  if (!activeMembership) return null;

  const filters = { q: search.q, status: search.status, subject: search.subject };
  const filtered = Boolean(filters.q || filters.status || filters.subject);
  const applyFilters = (values: FilterValues) =>
    navigate({ to: "/studymap", search: { ...values, page: 1 } });

  return (
    <>
      <PageHeader
        title={activeMembership.entityName}
        description="Your topics and collections."
        actions={
          canManage ? (
            <Link to="/studymap/topics/new" search={{}} className={buttonClasses()}>
              New topic
            </Link>
          ) : null
        }
      />
      <CollectionsSummary entityId={activeMembership.entityId} />
      <section aria-labelledby="topics-heading">
        <h2 id="topics-heading" className="mb-3 text-lg font-semibold">
          Topics
        </h2>
        <TopicFilters values={filters} onChange={applyFilters} />
        <TopicResults
          filters={{
            entityId: activeMembership.entityId,
            page: search.page,
            q: search.q,
            status: isTopicStatusKey(search.status) ? search.status : undefined,
            subjectId: search.subject,
          }}
          empty={
            filtered ? (
              <EmptyState
                title="No topics match"
                description="Try another search or clear the filters."
                action={
                  <button
                    type="button"
                    className={buttonClasses("secondary")}
                    onClick={() => applyFilters({})}
                  >
                    Clear filters
                  </button>
                }
              />
            ) : search.page > 1 ? (
              <EmptyState
                title="This page is empty"
                action={
                  <Link to="/studymap" search={{ page: 1 }} className={buttonClasses("secondary")}>
                    Back to the first page
                  </Link>
                }
              />
            ) : canManage ? (
              <EmptyState
                title="No topics yet"
                description="Create a topic from your own sources. studymap turns it into a learning structure and a micro-learning path."
                action={
                  <Link to="/studymap/topics/new" search={{}} className={buttonClasses()}>
                    Create your first topic
                  </Link>
                }
              />
            ) : (
              <EmptyState
                title="No topics yet"
                description="Your organisation has not added any topics. Meanwhile, explore public topics."
                action={
                  <Link to="/explore" className={buttonClasses("secondary")}>
                    Explore topics
                  </Link>
                }
              />
            )
          }
        />
      </section>
      <SubscribedTopics />
    </>
  );
}

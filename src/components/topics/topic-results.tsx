import type { ReactNode } from "react";
import { Pagination } from "@/components/pagination";
import { PAGE_SIZE } from "@/domain/pagination";
import type { TopicFilters } from "@/lib/topics/api";
import { useTopicPage } from "@/lib/topics/hooks";
import { TopicCardList } from "./topic-card-list";

/** One page of topics as cards, with pagination; an empty page shows `empty`. */
export function TopicResults({ filters, empty }: { filters: TopicFilters; empty: ReactNode }) {
  const { data, error, isLoading } = useTopicPage(filters);
  // Without anything to show, a failed load is the page's failure: the route's error screen shows it.
  if (error && !data) throw error;
  if (isLoading && !data) return <TopicGridSkeleton />;
  if (!data || data.topics.length === 0) return <>{empty}</>;
  // While another page loads, the previous one stays (dimmed) instead of flashing placeholders.
  const stale = isLoading;
  return (
    <div
      aria-busy={stale}
      data-testid="topic-results"
      className={stale ? "opacity-60 transition-opacity" : undefined}
    >
      <p className="sr-only" aria-live="polite">
        {data.total === 1 ? "1 topic" : `${data.total} topics`}
      </p>
      <TopicCardList topics={data.topics} />
      <Pagination page={filters.page} total={data.total} pageSize={PAGE_SIZE} />
    </div>
  );
}

export function TopicGridSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} className="h-64 animate-pulse rounded-xl bg-neutral-200/70 dark:bg-neutral-800/70" />
      ))}
    </ul>
  );
}

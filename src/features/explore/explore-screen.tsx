import { Link } from "@tanstack/react-router";
import { useState } from "react";
import useSWR from "swr";
import { TopicCardList } from "@/components/topics/topic-card-list";
import { TopicGridSkeleton } from "@/components/topics/topic-results";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_SIZE, pageCount } from "@/domain/pagination";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { useSubscriptions } from "@/lib/subscriptions/hooks";
import type { TopicCardData } from "@/lib/topics/api";
import { fetchPublicTopics } from "./api";

/** /explore: public topics from every organisation, to subscribe to. */
export function ExploreScreen() {
  const client = useSupabase();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const { data, error } = useSWR(["public-topics", page, query] as const, ([, p, text]) =>
    fetchPublicTopics(client, p, text),
  );
  if (error && !data) throw error;
  const pages = data ? pageCount(data.total, PAGE_SIZE) : 1;

  return (
    <>
      <PageHeader
        title="Explore"
        description="Public topics shared by other organisations. Subscribe to study them."
      />
      <form
        className="mb-6 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQuery(q.trim());
        }}
      >
        <label htmlFor="explore-search" className="sr-only">
          Search public topics
        </label>
        <Input
          id="explore-search"
          type="search"
          placeholder="Search public topics"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          className="sm:max-w-xs"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {!data ? (
        <TopicGridSkeleton />
      ) : data.topics.length === 0 ? (
        <EmptyState
          title={query ? "No public topics match" : "Nothing to explore yet"}
          description={
            query ? "Try another search." : "When organisations make topics public, they appear here."
          }
        />
      ) : (
        <>
          <TopicCardList topics={data.topics} actions={(topic) => <SubscribeAction topic={topic} />} />
          {pages > 1 ? (
            <nav aria-label="Pagination" className="mt-8 flex items-center justify-between">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-neutral-500 dark:text-neutral-400">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}

function SubscribeAction({ topic }: { topic: TopicCardData }) {
  const { activeMembership } = useAuth();
  const { data: subscriptions } = useSubscriptions();
  const ownEntity = activeMembership?.entityId === topic.entity_id;
  if (ownEntity) return <Badge>Your organisation</Badge>;
  if (subscriptions?.some((subscription) => subscription.topic_id === topic.id)) {
    return <Badge tone="success">Subscribed</Badge>;
  }
  return (
    <Link
      to="/subscribe/topic/$topicId"
      params={{ topicId: topic.id }}
      search={{ entityId: activeMembership?.entityId, entityKind: activeMembership?.entityKind }}
      className={buttonClasses("secondary", "sm")}
      aria-label={`Subscribe to ${topic.title}`}
    >
      Subscribe
    </Link>
  );
}

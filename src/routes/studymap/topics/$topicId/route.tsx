import { createFileRoute, Outlet } from "@tanstack/react-router";
import { useEffect } from "react";
import { topicSearchSchema } from "@/domain/search-params";

/**
 * docs/product.md §2: a topic's routes take an optional `event` search param; docs/decisions.md §19: it is forwarded to
 * analytics as a custom event and changes nothing on screen.
 */
export const Route = createFileRoute("/studymap/topics/$topicId")({
  validateSearch: topicSearchSchema,
  component: TopicLayout,
});

function TopicLayout() {
  const { topicId } = Route.useParams();
  const { event } = Route.useSearch();
  const { analytics } = Route.useRouteContext();
  useEffect(() => {
    if (event) analytics.event(event, { topicId });
  }, [analytics, event, topicId]);
  return <Outlet />;
}

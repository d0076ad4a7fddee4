import { createFileRoute } from "@tanstack/react-router";
import { SlideDeck } from "@/features/topic-hub/slide-deck";

export const Route = createFileRoute("/studymap/topics/$topicId/overview/slide-deck")({
  component: SlideDeckRoute,
});

function SlideDeckRoute() {
  const { topicId } = Route.useParams();
  return <SlideDeck topicId={topicId} />;
}

import { createFileRoute } from "@tanstack/react-router";
import { HubLinks } from "@/features/topic-hub/hub-links";
import { TopicGate } from "@/features/topic-hub/topic-gate";

export const Route = createFileRoute("/studymap/topics/$topicId/overview/")({
  component: OverviewRoute,
});

function OverviewRoute() {
  const { topicId } = Route.useParams();
  return <TopicGate topicId={topicId}>{(topic) => <HubLinks topic={topic} />}</TopicGate>;
}

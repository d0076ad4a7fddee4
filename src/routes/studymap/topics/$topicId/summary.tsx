import { createFileRoute } from "@tanstack/react-router";
import { SummaryScreen } from "@/features/topic-hub/summary-screen";

export const Route = createFileRoute("/studymap/topics/$topicId/summary")({
  component: SummaryRoute,
});

function SummaryRoute() {
  const { topicId } = Route.useParams();
  return <SummaryScreen topicId={topicId} />;
}

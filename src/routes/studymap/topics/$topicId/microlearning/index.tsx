import { createFileRoute } from "@tanstack/react-router";
import { MicrolearningOverviewScreen } from "@/features/microlearning/microlearning-overview-screen.tsx";

export const Route = createFileRoute("/studymap/topics/$topicId/microlearning/")({
  component: MicrolearningOverviewRoute,
});

function MicrolearningOverviewRoute() {
  const { topicId } = Route.useParams();
  return <MicrolearningOverviewScreen topicId={topicId} />;
}

import { createFileRoute } from "@tanstack/react-router";
import { MicrolearningOverviewScreen } from "@/features/microlearning/microlearning-overview-screen.tsx";
import { prefetchMicrolearningOverview } from "@/features/microlearning/prefetch.ts";

export const Route = createFileRoute("/studymap/topics/$topicId/microlearning/")({
  // The overview's reads start with its code, not after it (docs/performance.md).
  loader: ({ context, params }) => prefetchMicrolearningOverview(context.auth.client, params.topicId),
  component: MicrolearningOverviewRoute,
});

function MicrolearningOverviewRoute() {
  const { topicId } = Route.useParams();
  return <MicrolearningOverviewScreen topicId={topicId} />;
}

import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { StructureReviewScreen } from "@/features/structure-review/structure-review-screen.tsx";

export const Route = createFileRoute("/studymap/topics/$topicId/structure-review")({
  component: StructureReviewRoute,
});

function StructureReviewRoute() {
  const { topicId } = Route.useParams();
  const navigate = useNavigate();
  // docs/product.md §4 / docs/decisions.md §2: after accepting, go to /topics/{topicId}.
  const onAccepted = () => void navigate({ to: "/topics/$topicId", params: { topicId } });
  return <StructureReviewScreen topicId={topicId} onAccepted={onAccepted} />;
}

import { createFileRoute, notFound } from "@tanstack/react-router";
import { isPhaseKind } from "@/domain/phase.ts";
import { PhaseScreen } from "@/features/microlearning/phase-screen.tsx";

/** docs/product.md §2: one screen per kind, …/microlearning/{overview|diagnostic|study|practice|mastery|recap}/{chapterId}/. */
export const Route = createFileRoute("/studymap/topics/$topicId/microlearning/$kind/$chapterId/")({
  beforeLoad: ({ params }) => {
    if (!isPhaseKind(params.kind)) throw notFound();
  },
  component: PhaseKindRoute,
});

function PhaseKindRoute() {
  const { topicId, kind, chapterId } = Route.useParams();
  return <PhaseScreen topicId={topicId} chapterId={chapterId} kind={kind} />;
}

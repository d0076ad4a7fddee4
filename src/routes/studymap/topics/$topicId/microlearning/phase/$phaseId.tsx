import { createFileRoute } from "@tanstack/react-router";
import { parsePhaseId } from "@/domain/phase.ts";
import { PhaseScreen } from "@/features/microlearning/phase-screen.tsx";

export const Route = createFileRoute("/studymap/topics/$topicId/microlearning/phase/$phaseId")({
  component: PhaseRoute,
});

function PhaseRoute() {
  const { topicId, phaseId } = Route.useParams();
  const { chapterId, kind } = parsePhaseId(phaseId);
  return <PhaseScreen topicId={topicId} chapterId={chapterId} kind={kind} />;
}

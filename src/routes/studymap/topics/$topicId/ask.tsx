import { createFileRoute } from "@tanstack/react-router";
import { AskScreen } from "@/features/ask/ask-screen";

/** docs/ask.md: "Ask your sources"; the router splits the screen out of the entry bundle. */
export const Route = createFileRoute("/studymap/topics/$topicId/ask")({
  component: AskRoute,
});

function AskRoute() {
  const { topicId } = Route.useParams();
  return <AskScreen topicId={topicId} />;
}

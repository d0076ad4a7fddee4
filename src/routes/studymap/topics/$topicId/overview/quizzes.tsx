import { createFileRoute } from "@tanstack/react-router";
import { QuizList } from "@/features/topic-hub/quizzes";

export const Route = createFileRoute("/studymap/topics/$topicId/overview/quizzes")({
  component: OverviewQuizzesRoute,
});

function OverviewQuizzesRoute() {
  const { topicId } = Route.useParams();
  return <QuizList topicId={topicId} />;
}

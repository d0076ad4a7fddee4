import { createFileRoute } from "@tanstack/react-router";
import { QuizScreen } from "@/features/topic-hub/quizzes";
import { TopicPage } from "@/features/topic-hub/topic-page";

export const Route = createFileRoute("/studymap/topics/$topicId/quizzes/$quizId")({
  component: QuizRoute,
});

function QuizRoute() {
  const { topicId, quizId } = Route.useParams();
  return <TopicPage topicId={topicId}>{() => <QuizScreen topicId={topicId} quizId={quizId} />}</TopicPage>;
}

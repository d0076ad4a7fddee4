import { createFileRoute } from "@tanstack/react-router";
import { QuizList } from "@/features/topic-hub/quizzes";
import { TopicPage } from "@/features/topic-hub/topic-page";

export const Route = createFileRoute("/studymap/topics/$topicId/quizzes/")({
  component: QuizzesRoute,
});

function QuizzesRoute() {
  const { topicId } = Route.useParams();
  return <TopicPage topicId={topicId}>{() => <QuizList topicId={topicId} />}</TopicPage>;
}

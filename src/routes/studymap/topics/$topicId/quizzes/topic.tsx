import { createFileRoute } from "@tanstack/react-router";
import { TopicQuizScreen } from "@/features/topic-hub/quizzes";
import { TopicPage } from "@/features/topic-hub/topic-page";

/** The topic quiz over every chapter; a static segment, so it never shadows a chapter quiz's id. */
export const Route = createFileRoute("/studymap/topics/$topicId/quizzes/topic")({
  component: TopicQuizRoute,
});

function TopicQuizRoute() {
  const { topicId } = Route.useParams();
  return <TopicPage topicId={topicId}>{() => <TopicQuizScreen topicId={topicId} />}</TopicPage>;
}

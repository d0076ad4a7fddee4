import { createFileRoute } from "@tanstack/react-router";
import { ClassScreen } from "@/features/class-view/class-screen";
import { TopicPage } from "@/features/topic-hub/topic-page";

/** The class view of a topic (docs/teachers.md); the route's code loads only when it is opened. */
export const Route = createFileRoute("/studymap/topics/$topicId/class")({
  component: ClassRoute,
});

function ClassRoute() {
  const { topicId } = Route.useParams();
  return <TopicPage topicId={topicId}>{(topic) => <ClassScreen topic={topic} />}</TopicPage>;
}

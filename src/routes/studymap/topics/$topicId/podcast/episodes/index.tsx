import { createFileRoute } from "@tanstack/react-router";
import { EpisodeList } from "@/features/topic-hub/podcast";
import { TopicPage } from "@/features/topic-hub/topic-page";

export const Route = createFileRoute("/studymap/topics/$topicId/podcast/episodes/")({
  component: EpisodesRoute,
});

function EpisodesRoute() {
  const { topicId } = Route.useParams();
  return <TopicPage topicId={topicId}>{() => <EpisodeList topicId={topicId} />}</TopicPage>;
}

import { createFileRoute } from "@tanstack/react-router";
import { EpisodeScreen } from "@/features/topic-hub/podcast";
import { TopicPage } from "@/features/topic-hub/topic-page";

export const Route = createFileRoute("/studymap/topics/$topicId/podcast/episodes/$episodeId/")({
  component: EpisodeRoute,
});

function EpisodeRoute() {
  const { topicId, episodeId } = Route.useParams();
  return (
    <TopicPage topicId={topicId}>{() => <EpisodeScreen topicId={topicId} episodeId={episodeId} />}</TopicPage>
  );
}

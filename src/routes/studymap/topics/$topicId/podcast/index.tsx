import { createFileRoute } from "@tanstack/react-router";
import { EpisodeList } from "@/features/topic-hub/podcast";
import { TopicPage } from "@/features/topic-hub/topic-page";

/** docs/product.md §2: the podcast screen (also reached as podcast/). */
export const Route = createFileRoute("/studymap/topics/$topicId/podcast/")({
  component: PodcastRoute,
});

function PodcastRoute() {
  const { topicId } = Route.useParams();
  return <TopicPage topicId={topicId}>{() => <EpisodeList topicId={topicId} />}</TopicPage>;
}

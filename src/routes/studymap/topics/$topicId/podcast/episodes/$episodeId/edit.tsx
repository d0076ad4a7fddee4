import { createFileRoute } from "@tanstack/react-router";
import { episodeEditSearchSchema } from "@/domain/search-params";
import { EpisodeEditScreen } from "@/features/topic-hub/podcast";
import { TopicPage } from "@/features/topic-hub/topic-page";

/** docs/product.md §2: optional search param phase (string); docs/decisions.md §19: it selects the step. */
export const Route = createFileRoute("/studymap/topics/$topicId/podcast/episodes/$episodeId/edit")({
  validateSearch: episodeEditSearchSchema,
  component: EpisodeEditRoute,
});

function EpisodeEditRoute() {
  const { topicId, episodeId } = Route.useParams();
  const { phase } = Route.useSearch();
  return (
    <TopicPage topicId={topicId}>
      {() => <EpisodeEditScreen topicId={topicId} episodeId={episodeId} phase={phase} />}
    </TopicPage>
  );
}

import { createFileRoute } from "@tanstack/react-router";
import { newTopicSearchSchema } from "@/domain/search-params";
import { NewTopicScreen } from "@/features/topics/new-topic-screen";

/** docs/product.md §2: optional search param moduleId (string). */
export const Route = createFileRoute("/studymap/topics/new")({
  validateSearch: newTopicSearchSchema,
  component: NewTopicRoute,
});

function NewTopicRoute() {
  const { moduleId } = Route.useSearch();
  return <NewTopicScreen moduleId={moduleId} />;
}

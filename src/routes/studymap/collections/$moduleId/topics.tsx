import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { DEFAULT_PAGE, pageSearchSchema } from "@/domain/search-params";
import { CollectionTopicsScreen } from "@/features/collections/collection-topics-screen";

/** docs/product.md §2: the topics of a module, search param page (number, default 1). */
export const Route = createFileRoute("/studymap/collections/$moduleId/topics")({
  validateSearch: pageSearchSchema,
  // The default page stays out of the address: /studymap, not /studymap?page=1.
  search: { middlewares: [stripSearchParams({ page: DEFAULT_PAGE })] },
  component: CollectionTopicsRoute,
});

function CollectionTopicsRoute() {
  const { moduleId } = Route.useParams();
  const { page } = Route.useSearch();
  return <CollectionTopicsScreen moduleId={moduleId} page={page} />;
}

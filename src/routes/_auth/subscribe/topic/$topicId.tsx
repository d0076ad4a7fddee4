import { createFileRoute } from "@tanstack/react-router";
import { subscribeSearchSchema } from "@/domain/search-params";
import { SubscribeScreen } from "@/features/subscriptions/subscribe-screen";

/** docs/product.md §2: optional search params entityId and entityKind (strings). */
export const Route = createFileRoute("/_auth/subscribe/topic/$topicId")({
  validateSearch: subscribeSearchSchema,
  staticData: {
    breadcrumbTrail: (pathname) => [
      { label: "Explore", path: "/explore" },
      { label: "Subscribe", path: pathname },
    ],
  },
  component: SubscribeRoute,
});

function SubscribeRoute() {
  const { topicId } = Route.useParams();
  const { entityId, entityKind } = Route.useSearch();
  return <SubscribeScreen topicId={topicId} entityId={entityId} entityKind={entityKind} />;
}

import { createFileRoute, redirect } from "@tanstack/react-router";

/** docs/product.md §2: the topic's index redirects to its overview. */
export const Route = createFileRoute("/studymap/topics/$topicId/")({
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: "/studymap/topics/$topicId/overview", params, search, replace: true });
  },
});

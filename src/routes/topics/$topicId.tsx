import { createFileRoute, redirect } from "@tanstack/react-router";

/** docs/decisions.md §2: after "Accept Structure" the client goes to /topics/{topicId}, kept as an alias. */
export const Route = createFileRoute("/topics/$topicId")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/studymap/topics/$topicId/overview", params, replace: true });
  },
});

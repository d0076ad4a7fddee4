import { createFileRoute, redirect } from "@tanstack/react-router";

/** docs/product.md §2: /topics redirects to /studymap. */
export const Route = createFileRoute("/topics/")({
  beforeLoad: () => {
    throw redirect({ to: "/studymap", replace: true });
  },
});

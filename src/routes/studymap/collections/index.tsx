import { createFileRoute, redirect } from "@tanstack/react-router";

/** docs/product.md §2: the collections index redirects to /studymap. */
export const Route = createFileRoute("/studymap/collections/")({
  beforeLoad: () => {
    throw redirect({ to: "/studymap", replace: true });
  },
});

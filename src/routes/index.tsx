import { createFileRoute, redirect } from "@tanstack/react-router";

/** docs/product.md §2: an authenticated user goes to /studymap, everyone else to /login. */
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context }) => {
    const { user } = await context.auth.ready();
    throw redirect({ to: user ? "/studymap" : "/login", replace: true });
  },
});

import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { RouteErrorScreen } from "@/components/error-screen";
import { NotFound } from "@/components/not-found";
import { PageSpinner } from "@/components/ui/spinner";
import type { AuthStore } from "@/features/auth/auth-store";
import type { Analytics } from "@/lib/analytics";
import { routeTree } from "./routeTree.gen";

/** What every route's guards and loaders can read (auth in the router context, as TanStack advises). */
export interface RouterContext {
  auth: AuthStore;
  analytics: Analytics;
}

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    context,
    history,
    // SPEC §2: preload on intent and restore scroll.
    defaultPreload: "intent",
    scrollRestoration: true,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: () => <NotFound />,
    defaultPendingComponent: PageSpinner,
  });
  // A pageview on every resolved route change, the first page included.
  router.subscribe("onResolved", ({ toLocation }) =>
    context.analytics.pageview(window.location.origin + toLocation.href),
  );
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

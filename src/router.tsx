import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { RouteErrorScreen } from "@/components/error-screen";
import { NotFound } from "@/components/not-found";
import { PageSpinner } from "@/components/ui/spinner";
import type { RouterContext } from "./router-context";
import { routeTree } from "./routeTree.gen";

export type { RouterContext } from "./router-context";

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    context,
    history,
    // docs/product.md §2: preload on intent and restore scroll.
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

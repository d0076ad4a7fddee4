import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { RouteErrorScreen } from "@/components/error-screen";
import { NotFound } from "@/components/not-found";
import type { RouterContext } from "@/router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteErrorScreen,
  notFoundComponent: () => <NotFound />,
});

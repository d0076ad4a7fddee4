import { createRootRouteWithContext, Outlet, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { RouteErrorScreen } from "@/components/error-screen";
import { NotFound } from "@/components/not-found";
import { screenLang } from "@/domain/screen-lang";
import type { RouterContext } from "@/router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: RouteErrorScreen,
  notFoundComponent: () => <NotFound />,
});

/** Every screen below sets `<html lang>` to the language its texts are in (index.html starts with "en"). */
function Root() {
  const lang = useLocation({ select: (location) => screenLang(location.pathname) });
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return <Outlet />;
}

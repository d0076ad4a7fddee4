import type { AnyRoute } from "@tanstack/react-router";
import { type Scheduler, whenIdle } from "@/lib/idle";
import type { AppRouter } from "./router";

/**
 * The first page's code starts with the session check instead of after it (docs/performance.md): the
 * route chunks of every matched route load at once (index.html has already asked for them, and for the
 * page's data: src/early.ts). Guards still decide what is shown.
 */
export function startFirstLoad(router: AppRouter): void {
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => {}); // a failed chunk fails again, visibly, on render
  }
}

/**
 * Work a first load can do without (re-reading a stored session, the toaster) waits until the first page
 * has rendered and the browser is idle: until then the page's code, data and first render have the
 * network and the main thread to themselves (docs/performance.md). Subscribe before the first render.
 */
export function afterFirstPage(router: AppRouter): Scheduler {
  const rendered = new Promise<void>((resolve) => {
    const stop = router.subscribe("onRendered", () => {
      stop();
      resolve();
    });
  });
  return (task) => void rendered.then(() => whenIdle(task));
}

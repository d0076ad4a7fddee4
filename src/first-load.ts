import type { AnyRoute } from "@tanstack/react-router";
import { type Scheduler, whenIdle } from "@/lib/idle";
import { requestsSettled } from "@/lib/in-flight";
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

/** However long the first page's reads take, background work waits no longer than this for them. */
export const FIRST_PAGE_READS_WAIT_MS = 5_000;

/** A hidden tab paints no frames; background work then waits no longer than this for one. */
export const PAINT_WAIT_MS = 1_000;

/**
 * Resolves once the browser has painted what is rendered now: a frame's callbacks run before its paint,
 * so the callback of the frame after it.
 */
function afterNextPaint(): Promise<void> {
  const painted = new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, PAINT_WAIT_MS))]);
}

/**
 * Work a first load can do without (re-reading a stored session, the toaster, reads only a detail
 * depends on) waits until the first page has rendered, its reads have answered, what they rendered has
 * been painted and the browser is idle: until then the page's code, data and renders have the network
 * and the main thread to themselves (docs/performance.md). An idle moment could come before the paint
 * of the reads' content, and the background reads then raced it (session 15). Subscribe before the
 * first render.
 */
export function afterFirstPage(router: AppRouter): Scheduler {
  const rendered = new Promise<void>((resolve) => {
    const stop = router.subscribe("onRendered", () => {
      stop();
      resolve();
    });
  });
  const readsAnswered = rendered.then(() =>
    Promise.race([
      requestsSettled(),
      new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_READS_WAIT_MS)),
    ]),
  );
  const painted = readsAnswered.then(afterNextPaint);
  return (task) => void painted.then(() => whenIdle(task));
}

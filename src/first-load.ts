import type { SupabaseClient } from "@supabase/supabase-js";
import type { AnyRoute } from "@tanstack/react-router";
import { prefetchMicrolearningOverview } from "@/features/microlearning/prefetch";
import { type Scheduler, whenIdle } from "@/lib/idle";
import { prefetchTopic } from "@/lib/topics/topic-query";
import type { AppRouter } from "./router";

type Prefetch = (client: SupabaseClient, params: Record<string, string>) => void;

/** The pages whose data can go out before their guards and code (keyed by route id). */
const PREFETCH: Record<string, Prefetch> = {
  "/studymap/topics/$topicId/overview": (client, params) => prefetchTopic(client, params.topicId ?? ""),
  "/studymap/topics/$topicId/microlearning/": (client, params) =>
    prefetchMicrolearningOverview(client, params.topicId ?? ""),
};

/**
 * The first page's code and data start with the session check instead of after it (docs/performance.md):
 * the route chunks of every matched route load at once, and when a session is stored the page's reads go
 * out too. Guards still decide what is shown; a prefetched answer nobody takes is dropped, and Postgres
 * checks every read against the session's token, so nothing is shown that the user may not see.
 */
export function startFirstLoad(router: AppRouter, client: SupabaseClient): void {
  const matches = router.matchRoutes(router.latestLocation);
  for (const match of matches) {
    const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => {}); // a failed chunk fails again, visibly, on render
  }
  const prefetches = matches.flatMap((match) => {
    const start = PREFETCH[match.routeId];
    return start ? [() => start(client, match.params as Record<string, string>)] : [];
  });
  if (prefetches.length === 0) return;
  void client.auth.getSession().then(({ data }) => {
    if (data.session) for (const start of prefetches) start();
  });
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

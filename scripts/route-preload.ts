import type { Plugin, Rolldown } from "vite";

/**
 * The route code of the first address, fetched beside the entry instead of after it (docs/performance.md).
 * Without this, a route's chunks are asked for only once the entry has downloaded and run
 * (src/first-load.ts): one more round trip, after the largest download, before any page can paint.
 * A small script in index.html matches the address against every route's path and adds a
 * `modulepreload` for that route's chunks. It only warms the cache: the router still decides what
 * loads and renders, so a pattern that matches too much costs bytes, and one that matches too little
 * costs the round trip it would have saved, never correctness.
 */

/** A route's component chunk (TanStack Router's automatic code splitting) and its path pattern. */
const ROUTE_COMPONENT = /\/src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/**
 * The address pattern of a file route (TanStack Router's file naming): `_name` segments are pathless
 * layouts, `$name` is a parameter, `index` matches the folder's own address only, and any other file
 * (`route.tsx` or `name.tsx`) also lays out the addresses below it.
 */
export function routePattern(routeFile: string): string {
  const segments = routeFile.split("/");
  const last = segments.at(-1);
  const exact = last === "index";
  if (exact || last === "route") segments.pop();
  const path = segments
    .filter((segment) => !segment.startsWith("_"))
    .map(
      (segment) => `/${segment.startsWith("$") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
    )
    .join("");
  return `^${path}${exact ? "/?$" : "(?:/|$)"}`;
}

/** Each route pattern with its component chunk and that chunk's static imports, minus what the entry loads. */
export function routeChunks(
  bundle: Rolldown.OutputBundle,
  base: string,
): [pattern: string, files: string[]][] {
  const chunks = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === "chunk",
  );
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticGraph = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const initial = staticGraph(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  return chunks.flatMap((chunk) => {
    const routeFile = chunk.facadeModuleId?.match(ROUTE_COMPONENT)?.[1];
    // A pathless layout (`_auth.tsx`) would match every address, /login included; the layouts that
    // matter for a first load (`studymap/route.tsx`) have a path.
    if (!routeFile || routeFile.split("/").at(-1)?.startsWith("_")) return [];
    const files = [...staticGraph([chunk.fileName])].filter((fileName) => !initial.has(fileName));
    return [[routePattern(routeFile), files.map((fileName) => base + fileName)]];
  });
}

/** The inline script: preloads, once each, the chunks of every route the address matches. */
export function preloadScript(routes: [string, string[]][]): string {
  return `(function (routes) {
  var added = {};
  routes.forEach(function (route) {
    if (!new RegExp(route[0]).test(location.pathname)) return;
    route[1].forEach(function (href) {
      if (added[href]) return;
      added[href] = true;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    });
  });
})(${JSON.stringify(routes)});`;
}

export function preloadRouteChunks(): Plugin {
  let base = "/";
  return {
    name: "studymap:preload-route-chunks",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (!context.bundle) return html;
        // Early in <head> (an inline script after a stylesheet would wait for it), but after the
        // charset, which has to come within the first 1024 bytes.
        if (!html.includes("</title>"))
          throw new Error("index.html needs a <title> to put the route preloads after");
        const script = `<script>${preloadScript(routeChunks(context.bundle, base))}</script>`;
        return html.replace("</title>", `</title>\n    ${script}`);
      },
    },
  };
}

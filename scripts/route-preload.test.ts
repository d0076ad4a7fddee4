// @vitest-environment jsdom
import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { preloadScript, routeChunks, routePattern } from "./route-preload.ts";

const matches = (routeFile: string, path: string) => new RegExp(routePattern(routeFile)).test(path);

describe("route patterns from TanStack Router's file names", () => {
  it("matches an index route's own address only, with or without the trailing slash", () => {
    expect(matches("studymap/index", "/studymap")).toBe(true);
    expect(
      matches("studymap/topics/$topicId/microlearning/index", "/studymap/topics/t-1/microlearning/"),
    ).toBe(true);
    expect(matches("studymap/index", "/studymap/topics/t-1")).toBe(false);
    expect(matches("studymap/index", "/studymapx")).toBe(false);
  });

  it("matches a layout's address and every address below it", () => {
    expect(matches("studymap/route", "/studymap")).toBe(true);
    expect(matches("studymap/route", "/studymap/topics/t-1/overview")).toBe(true);
    expect(matches("studymap/topics/$topicId/overview/route", "/studymap/topics/t-1/overview/quizzes")).toBe(
      true,
    );
    expect(matches("studymap/topics/$topicId/overview/route", "/studymap/topics/t-1/microlearning")).toBe(
      false,
    );
    expect(matches("login", "/login")).toBe(true);
    expect(matches("login", "/loginx")).toBe(false);
  });

  it("leaves pathless segments out of the address", () => {
    expect(matches("_auth/_member/explore", "/explore")).toBe(true);
    expect(matches("_auth/account/settings", "/account/settings")).toBe(true);
  });
});

function chunk(fileName: string, imports: string[], extra: Partial<Rolldown.OutputChunk> = {}) {
  return { type: "chunk", fileName, imports, isEntry: false, facadeModuleId: null, ...extra };
}

describe("route chunks of a build", () => {
  const bundle = {
    "index.js": chunk("assets/index.js", ["assets/vendor.js"], { isEntry: true }),
    "vendor.js": chunk("assets/vendor.js", []),
    "studymap.js": chunk("assets/studymap.js", ["assets/vendor.js", "assets/cards.js"], {
      facadeModuleId: "/app/src/routes/studymap/index.tsx?tsr-split=component",
    }),
    "cards.js": chunk("assets/cards.js", ["assets/vendor.js"]),
    "auth.js": chunk("assets/auth.js", [], {
      facadeModuleId: "/app/src/routes/_auth.tsx?tsr-split=component",
    }),
    "error.js": chunk("assets/error.js", [], {
      facadeModuleId: "/app/src/routes/studymap/route.tsx?tsr-split=errorComponent",
    }),
    "index.css": { type: "asset", fileName: "assets/index.css" },
  } as unknown as Rolldown.OutputBundle;

  it("lists each route's component chunk and its static imports, without what the entry loads", () => {
    expect(routeChunks(bundle, "/")).toEqual([
      [routePattern("studymap/index"), ["/assets/studymap.js", "/assets/cards.js"]],
    ]);
  });

  it("adds a modulepreload for each chunk of the routes the address matches, once", () => {
    document.head.innerHTML = "";
    window.history.replaceState(null, "", "/studymap/topics/t-1");
    // Runs the generated inline script as the page would.
    new Function(
      preloadScript([
        [routePattern("studymap/route"), ["/assets/shell.js", "/assets/shared.js"]],
        [routePattern("studymap/topics/$topicId/index"), ["/assets/topic.js", "/assets/shared.js"]],
        [routePattern("login"), ["/assets/login.js"]],
      ]),
    )();
    const links = [...document.head.querySelectorAll("link")];
    expect(links.map((link) => [link.rel, link.getAttribute("href"), link.crossOrigin])).toEqual([
      ["modulepreload", "/assets/shell.js", ""],
      ["modulepreload", "/assets/shared.js", ""],
      ["modulepreload", "/assets/topic.js", ""],
    ]);
  });
});

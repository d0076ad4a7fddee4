import type { Plugin } from "vite";

/**
 * Chrome's explicit compile hint at the top of every chunk: each is code a page runs as soon as it has
 * loaded (the vendor file, the entry, a route's code), so V8 compiles all of its functions while the
 * file streams in, off the main thread, instead of one by one on the main thread at their first call
 * (docs/performance.md). Written last, as Vite puts its own lines at the top of chunks that import
 * others lazily. Other browsers read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

export function compileHints(): Plugin {
  return {
    name: "studymap:compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === "chunk" && !output.code.startsWith(COMPILE_HINT))
            output.code = COMPILE_HINT + output.code;
        }
      },
    },
  };
}

/**
 * sql.js's asm.js build (the same API as its WebAssembly build): the web app's Content-Security-Policy
 * has no 'wasm-unsafe-eval', so the browser compiles no WebAssembly on the main thread (docs/export.md).
 */
declare module "sql.js/dist/sql-asm.js" {
  import type initSqlJs from "sql.js";

  const init: typeof initSqlJs;
  export default init;
}

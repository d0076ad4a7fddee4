/**
 * zod without its just-in-time parsers, in the whole web client (docs/performance.md, session 12).
 *
 * At the first parse of each object schema zod v4 writes a parser and compiles it with `new Function`.
 * The app's Content-Security-Policy (`script-src 'self'`, scripts/deploy.ts) forbids that in production,
 * where zod probes, is refused (which Chrome reports as a CSP violation) and parses without. Saying so up
 * front skips the probe there, and a build served without the CSP (the Lighthouse bench, a preview)
 * parses as production does instead of compiling parsers during the first render: one-off parses of a
 * page's data gain nothing from compiled code.
 *
 * zod is not on the first load, so the entry cannot call `z.config({ jitless: true })` without
 * downloading it. zod keeps its configuration in this global (`z.config()` writes it; zod creates it only
 * if it is missing, so a copy of zod loaded later takes it), and reads `jitless` when a schema is made;
 * `zod-jitless.test.ts` fails if an upgrade changes that.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

// A module (imported for its effect), not a script: TypeScript and the bundler treat it as one.
export {};

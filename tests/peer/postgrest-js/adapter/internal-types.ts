/**
 * Types the vendored tests import from postgrest-js's sources, which the published package does not
 * export. Only Vitest runs upstream/ (tsc leaves it alone) and the imports are type-only in use, so
 * they need only resolve: these stand-ins keep the names, not the type-level checks.
 */
// biome-ignore lint/suspicious/noExplicitAny: a stand-in for a type the package keeps internal
export type SelectQueryError<Message extends string> = { error: true } & Message & any;
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];
export type InvalidMethodError<Message extends string> = { Error: Message };

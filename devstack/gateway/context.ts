import pg from "pg";
import type { ProjectKeys } from "../keys.ts";

/** What every gateway service shares: the database, the project keys and where things live. */
export interface GatewayContext {
  /** Superuser-free pool: services `set local role` per request, as PostgREST does. */
  pool: pg.Pool;
  databaseUrl: string;
  /** Schemas /rest/v1 serves (PostgREST's db-schemas); the first is the default profile. */
  exposedSchemas: string[];
  /** The role PostgREST would log in as, whose `pgrst.*` settings /rest/v1 reads; default `authenticator`. */
  authenticatorRole?: string;
  keys: ProjectKeys;
  /** The gateway's own URL as clients reach it, e.g. http://127.0.0.1:54321. */
  publicUrl: string;
  /** The web client's URL (auth redirects, CORS). */
  siteUrl: string;
  /** Folder for local state: storage objects, function logs. */
  stateDir: string;
  /** Environment passed on to edge functions and tasks (the project's secrets). */
  env: Record<string, string>;
  log: (line: string) => void;
}

export function createPool(databaseUrl: string, log: (line: string) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  // An idle client loses its connection when Postgres stops (e.g. at test teardown); the pool
  // replaces it on next use, so the error is logged instead of crashing the process.
  pool.on("error", (error) => log(`postgres pool: ${error.message}`));
  // The pool only listens for errors of idle clients. A checked-out client whose connection dies
  // between two queries emits `error` with no listener, which would end the whole gateway; the query
  // in flight fails on its own, and the broken client is discarded when it is released with the error.
  pool.on("connect", (client) => {
    client.on("error", (error) => log(`postgres client: ${error.message}`));
  });
  return pool;
}

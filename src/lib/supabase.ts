import { createClient } from "@supabase/supabase-js";
import type { Database, StudymapClient } from "./database";
import { fetchWithEarlyReads } from "./early-reads";
import { counted } from "./in-flight";

export const MISSING_SUPABASE_CONFIG =
  "Missing Supabase configuration. Check VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY environment variables.";

export interface SupabaseEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
}

export interface SupabaseConfig {
  url: string;
  anonKey: string;
}

/** docs/product.md §5: both the URL and the anonymous key are required. */
export function readSupabaseConfig(env: SupabaseEnv): SupabaseConfig {
  const url = env.VITE_SUPABASE_URL;
  const anonKey = env.VITE_SUPABASE_ANON_KEY;
  if (!url || !anonKey) throw new Error(MISSING_SUPABASE_CONFIG);
  return { url, anonKey };
}

export function createSupabaseClient(env: SupabaseEnv): StudymapClient {
  const { url, anonKey } = readSupabaseConfig(env);
  return createClient<Database>(url, anonKey, {
    // PKCE: OAuth and e-mail links come back with a one-time code rather than tokens in the URL.
    auth: { flowType: "pkce", persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    // The first page's reads may already be on the way (src/early.ts); background work waits for the
    // page's reads (src/first-load.ts).
    global: { fetch: counted(fetchWithEarlyReads) },
  });
}

let client: StudymapClient | undefined;

/** The one client of the web app, created from the build's environment on first use. */
export function getSupabase(): StudymapClient {
  client ??= createSupabaseClient(import.meta.env);
  return client;
}

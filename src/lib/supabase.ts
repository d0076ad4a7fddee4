import { createClient, type SupabaseClient } from "@supabase/supabase-js";

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

/** SPEC §5: both the URL and the anonymous key are required. */
export function readSupabaseConfig(env: SupabaseEnv): SupabaseConfig {
  const url = env.VITE_SUPABASE_URL;
  const anonKey = env.VITE_SUPABASE_ANON_KEY;
  if (!url || !anonKey) throw new Error(MISSING_SUPABASE_CONFIG);
  return { url, anonKey };
}

export function createSupabaseClient(env: SupabaseEnv): SupabaseClient {
  const { url, anonKey } = readSupabaseConfig(env);
  return createClient(url, anonKey, {
    // PKCE: OAuth and e-mail links come back with a one-time code rather than tokens in the URL.
    auth: { flowType: "pkce", persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
}

let client: SupabaseClient | undefined;

/** The one client of the web app, created from the build's environment on first use. */
export function getSupabase(): SupabaseClient {
  client ??= createSupabaseClient(import.meta.env);
  return client;
}

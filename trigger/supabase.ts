import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { taskEnv } from "./env.ts";

/** The tasks' database client: the service role, because tasks write for the user who was granted the run. */
export function serviceClient(): SupabaseClient {
  const env = taskEnv();
  return createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

import { createClient } from "@supabase/supabase-js";
import type { Database } from "../supabase/types/database.types.ts";
import { taskEnv } from "./env.ts";
import type { TaskClient } from "./generation/pipelines/db.ts";

/** The tasks' database client: the service role, because tasks write for the user who was granted the run. */
export function serviceClient(): TaskClient {
  const env = taskEnv();
  return createClient<Database>(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

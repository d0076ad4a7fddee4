import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../../supabase/types/database.types.ts";

/**
 * The database's types as the Supabase CLI generates them from the migrations (`npm run db:types`,
 * supabase/types/database.types.ts; a test fails when they are stale). A client typed with them
 * checks every table, column and RPC a query names at `tsc`, and types the rows it returns.
 */
export type {
  Database,
  Json,
  Tables,
  TablesInsert,
  TablesUpdate,
} from "../../supabase/types/database.types.ts";

/** supabase-js typed with the project's schema: what every query in the web client takes. */
export type StudymapClient = SupabaseClient<Database>;

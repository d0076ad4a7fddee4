import { createClient, type PostgrestError, type SupabaseClient, type User } from "@supabase/supabase-js";
import type { Database } from "./domain/database.types.ts";
import { supabaseEnv } from "./env.ts";
import { HttpError } from "./http.ts";

export interface Caller {
  user: User;
  /** Acts as the caller: every query and RPC runs under their RLS. */
  client: SupabaseClient<Database>;
}

/** The signed-in user behind the request, with a client that forwards their Authorization header. */
export async function requireCaller(request: Request): Promise<Caller> {
  const authorization = request.headers.get("authorization") ?? "";
  const token = /^Bearer (.+)$/.exec(authorization)?.[1];
  if (!token) throw notSignedIn();
  const { SUPABASE_URL, SUPABASE_ANON_KEY } = supabaseEnv();
  const client = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  // The anon key is a valid JWT too; only a user's access token names a user Auth still knows.
  const { data, error } = await client.auth.getUser(token);
  if (error || !data.user) throw notSignedIn();
  return { user: data.user, client };
}

function notSignedIn(): HttpError {
  return new HttpError(401, "You must be signed in");
}

/** What a learner who may not manage a topic is told; the database's own text names the topic's id. */
export const NOT_A_CONTENT_MANAGER =
  "Only the creators, managers and admins of this topic's organisation can change its structure.";

/**
 * A database refusal as the caller should see it. The structure RPCs raise their refusals with these
 * SQLSTATEs and a message written for the user (supabase/migrations/*_structure_transitions.sql),
 * except the rights check (42501), whose message carries the topic's id: the caller reads a sentence
 * chosen by SQLSTATE instead. Anything else is logged and hidden.
 */
export function databaseError(error: PostgrestError): HttpError {
  const status = REFUSAL_STATUS[error.code];
  if (status) return new HttpError(status, REFUSAL_SENTENCE[error.code] ?? error.message);
  console.error("database error", error);
  return new HttpError(500, "Internal error");
}

const REFUSAL_SENTENCE: Record<string, string> = { "42501": NOT_A_CONTENT_MANAGER };

const REFUSAL_STATUS: Record<string, number> = {
  // insufficient_privilege: the RPC's rights check, or RLS (a topic the caller cannot see included)
  "42501": 403,
  // invalid_parameter_value ("No structure to accept"), check_violation, invalid_text_representation,
  // raise_exception
  "22023": 400,
  "23514": 400,
  "22P02": 400,
  P0001: 400,
  // PostgREST's PTxxx convention: the function chose the HTTP status (not found, limits, conflicts)
  PT404: 404,
  PT409: 409,
  PT429: 429,
};

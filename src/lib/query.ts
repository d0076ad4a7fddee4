import type { PostgrestError } from "@supabase/supabase-js";

/** A Supabase call's `{ data, error }` as a value or a thrown error, so SWR sees failures. */
export function unwrap<T>({ data, error }: { data: T | null; error: PostgrestError | Error | null }): T {
  if (error) throw error;
  return data as T;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" rather than everything. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The message to show for a failed call: the service's own text when it has one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (
    error &&
    typeof error === "object" &&
    "message" in error &&
    typeof error.message === "string" &&
    error.message
  ) {
    return error.message;
  }
  return fallback;
}

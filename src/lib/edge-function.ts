import { FunctionsHttpError } from "@supabase/supabase-js";
import type { z } from "zod";
import type { StudymapClient } from "@/lib/database";

/** A function's refusal: its own message, and its HTTP status for screens that tell refusals apart. */
export class EdgeFunctionError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "EdgeFunctionError";
  }
}

/**
 * The product's edge functions answer errors as JSON `{error}`; its text is what the learner sees. Any
 * other failure (a gateway's 502 page, a relay or network error) carries no sentence for a learner, so
 * it becomes an error without a message and the screen shows its own fallback ("Failed to accept"),
 * never supabase-js's "Edge Function returned a non-2xx status code".
 */
async function readableError(error: Error): Promise<EdgeFunctionError> {
  if (error instanceof FunctionsHttpError && error.context instanceof Response) {
    const body: unknown = await error.context.json().catch(() => null);
    const sentence =
      body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : "";
    return new EdgeFunctionError(sentence, error.context.status);
  }
  console.error("Edge function call failed:", error);
  return new EdgeFunctionError("", 0);
}

/** Calls an edge function and validates its answer; failures throw with the function's own message. */
export async function invokeEdgeFunction<T>(
  client: StudymapClient,
  name: string,
  body: Record<string, unknown>,
  answer: z.ZodType<T>,
): Promise<T> {
  const { data, error } = await client.functions.invoke(name, { body });
  if (error) throw await readableError(error);
  return answer.parse(data);
}

import type { z } from "zod";
import { corsHeaders } from "./cors.ts";

/** A refusal the caller should see: its status and a message written for them. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

function json(request: Request, body: unknown, status: number): Response {
  return Response.json(body, { status, headers: corsHeaders(request) });
}

function errorResponse(request: Request, error: unknown): Response {
  if (error instanceof HttpError) {
    const details = error.details === undefined ? {} : { details: error.details };
    return json(request, { error: error.message, ...details }, error.status);
  }
  console.error(error);
  return json(request, { error: "Internal error" }, 500);
}

/**
 * A JSON-over-POST function: answers CORS preflights, refuses other methods, turns the handler's
 * result into a JSON 200 and its HttpError into `{error}` with that status; anything else is a 500.
 */
export function postHandler(handler: (request: Request) => Promise<unknown>) {
  return async (request: Request): Promise<Response> => {
    if (request.method === "OPTIONS") return new Response("ok", { headers: corsHeaders(request) });
    if (request.method !== "POST") return json(request, { error: "Method not allowed" }, 405);
    try {
      return json(request, await handler(request), 200);
    } catch (error) {
      return errorResponse(request, error);
    }
  };
}

/** The request's JSON body, validated; 400 with the schema's issues otherwise. */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, "The request body must be JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(({ path, message }) => ({ path: path.join("."), message }));
    throw new HttpError(400, "Invalid request body", issues);
  }
  return parsed.data;
}

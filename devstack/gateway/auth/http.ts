import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { z } from "zod";
import { readBodyWithin } from "../body.ts";
import { AuthError, badRequest } from "./errors.ts";
import type { RequestOrigin } from "./sessions.ts";

/** Auth requests are small JSON documents; anything bigger is refused before it is parsed. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body as GoTrue's retrieveRequestParams does: a body that is not a JSON object
 * of the expected field types answers 400 `bad_json`.
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = Buffer.from(await readBodyWithin(c.req.raw, MAX_BODY_BYTES, tooLarge)).toString("utf8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw unparsable(text.trim() === "" ? "EOF" : (error as Error).message);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw unparsable("the body must be a JSON object");
  }
  // Postgres cannot store U+0000 in text or jsonb; GoTrue would fail in the database with a 500.
  if (containsNul(value)) throw unparsable("a string contains the NUL character (\\u0000)");
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw unparsable(z.prettifyError(parsed.error).replace(/\s+/g, " ").trim());
  return parsed.data;
}

/** Whether any string or key in a parsed JSON value holds U+0000. */
function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === "object" && value !== null)
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item));
  return false;
}

const unparsable = (detail: string) =>
  badRequest("bad_json", `Could not parse request body as JSON: ${detail}`);
const tooLarge = () => new AuthError(413, "request_too_large", "Request body too large");

/** Optional string fields: GoTrue treats a JSON null like an absent field. */
export const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

export function requestOrigin(c: Context): RequestOrigin {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
  const ip = isIP(forwarded) ? forwarded : remoteAddress(c);
  return { userAgent: c.req.header("user-agent") ?? null, ip };
}

/** The peer's address (the sessions table keeps it); absent when the app is called in-process. */
export function remoteAddress(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address && isIP(address) ? address : null;
  } catch {
    return null;
  }
}

import { errors, jwtVerify } from "jose";
import type { ProjectKeys } from "../keys.ts";
import type { GatewayContext } from "./context.ts";

/** The API roles a token may carry; the same set hosted Supabase lets PostgREST switch into. */
const API_ROLES = new Set(["anon", "authenticated", "service_role"]);

export type Identity = { role: string; claims: Record<string, unknown>; token: string | null };

export type IdentityResult =
  | { ok: true; identity: Identity }
  | { ok: false; reason: "expired" | "invalid" | "unknown_role"; message: string };

/** The bearer token of a request: Authorization first, else the apikey header (both carry JWTs locally). */
export function bearerToken(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  if (authorization) {
    const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
    return match?.[1]?.trim() ?? "";
  }
  return headers.get("apikey");
}

/**
 * Tokens already verified, per project secret: a client sends the same token with every request,
 * and checking its signature again is a measurable part of a small request's Node work (PostgREST caches
 * verified tokens too, jwt-cache-max-lifetime). An entry holds only a token whose signature and
 * claims passed; its expiry is checked again on every use.
 */
const verified = new WeakMap<ProjectKeys, Map<string, Identity>>();
const MAX_VERIFIED = 1000;

/** Verifies a project JWT (HS256 with the project secret) and returns the role it may act as. */
export async function identify(ctx: GatewayContext, token: string | null): Promise<IdentityResult> {
  if (!token) return { ok: true, identity: { role: "anon", claims: { role: "anon" }, token: null } };
  const cache = verified.get(ctx.keys) ?? new Map<string, Identity>();
  verified.set(ctx.keys, cache);
  const known = cache.get(token);
  if (known) {
    // jose's rule: expired once `exp` is not after the current second.
    if (typeof known.claims.exp === "number" && known.claims.exp <= Math.floor(Date.now() / 1000)) {
      cache.delete(token);
      return { ok: false, reason: "expired", message: "JWT expired" };
    }
    return { ok: true, identity: known };
  }
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(ctx.keys.jwtSecret), {
      algorithms: ["HS256"],
    });
    const role = typeof payload.role === "string" ? payload.role : "anon";
    if (!API_ROLES.has(role))
      return { ok: false, reason: "unknown_role", message: `role "${role}" does not exist` };
    const identity = { role, claims: payload as Record<string, unknown>, token };
    if (cache.size >= MAX_VERIFIED) cache.clear();
    cache.set(token, identity);
    return { ok: true, identity };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired", message: "JWT expired" };
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: "invalid", message: detail };
  }
}

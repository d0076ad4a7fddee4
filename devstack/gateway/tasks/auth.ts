import { createHash } from "node:crypto";
import { extractJWTSub, generateJWT, isPublicJWT, validateJWT } from "@trigger.dev/core/v3";
import type { GatewayContext } from "../context.ts";

/**
 * Trigger.dev's API authentication as its webapp does it: the environment's secret key (`tr_dev_…`),
 * or a public JWT signed HS256 with that key whose scopes (`read:runs:<id>`, `trigger:tasks:<id>`,
 * `read:all`, `admin`, …) say what it may do.
 */

export interface TaskEnvironment {
  id: string;
  apiKey: string;
}

/** The one dev environment this service stands in for; its id is stable for a given key. */
export function localEnvironment(ctx: GatewayContext): TaskEnvironment {
  const apiKey = ctx.env.TRIGGER_SECRET_KEY;
  if (!apiKey) throw new Error("TRIGGER_SECRET_KEY is missing from the gateway's environment");
  return { id: `env_${sha256(apiKey).slice(0, 24)}`, apiKey };
}

export interface Resource {
  type: string;
  id?: string;
}

export interface Ability {
  /** True when any of the resources is allowed. */
  can(action: string, resources: Resource[]): boolean;
}

export interface Authentication {
  type: "PRIVATE" | "PUBLIC_JWT";
  environment: TaskEnvironment;
  ability: Ability;
  /** SHA-256 of a one-time-use token; a second trigger with it collides on the run table. */
  oneTimeUseToken?: string;
  realtime?: { skipColumns?: string[] };
}

export type AuthenticationResult =
  | { ok: true; authentication: Authentication }
  | { ok: false; status: 401; error: string };

const permissive: Ability = { can: () => true };

export async function authenticate(
  environment: TaskEnvironment,
  headers: Headers,
  options: { allowJWT: boolean },
): Promise<AuthenticationResult> {
  const token = headers
    .get("authorization")
    ?.replace(/^Bearer /, "")
    .trim();
  if (!token) return { ok: false, status: 401, error: "Invalid or Missing API key" };
  if (options.allowJWT && isPublicJWT(token)) return authenticatePublicToken(environment, token);
  if (token !== environment.apiKey) return { ok: false, status: 401, error: "Invalid API key" };
  return { ok: true, authentication: { type: "PRIVATE", environment, ability: permissive } };
}

async function authenticatePublicToken(
  environment: TaskEnvironment,
  token: string,
): Promise<AuthenticationResult> {
  if (extractJWTSub(token) !== environment.id) {
    return { ok: false, status: 401, error: "Invalid Public Access Token" };
  }
  const verified = await validateJWT(token, environment.apiKey);
  if (!verified.ok) return { ok: false, status: 401, error: "Public Access Token is invalid" };
  const scopes = Array.isArray(verified.payload.scopes) ? verified.payload.scopes.map(String) : [];
  return {
    ok: true,
    authentication: {
      type: "PUBLIC_JWT",
      environment,
      ability: scopeAbility(scopes),
      oneTimeUseToken: verified.payload.otu === true ? sha256(token) : undefined,
      realtime: verified.payload.realtime as Authentication["realtime"],
    },
  };
}

/**
 * Scopes are `action:type[:id]`; everything after the second colon is the id. Bare `admin` allows
 * everything, `<action>:all` every resource for that action, `<action>:<type>` every resource of a type.
 */
export function scopeAbility(scopes: string[]): Ability {
  const parsed = scopes.map((scope) => {
    const [action = "", type, ...rest] = scope.split(":");
    return { action, type: type || undefined, id: rest.join(":") || undefined };
  });
  const allows = (action: string, resource: Resource) =>
    parsed.some((scope) => {
      if (scope.action === "admin" && !scope.type) return true;
      if (scope.action !== action && scope.action !== "*") return false;
      if (scope.type === "all") return true;
      if (scope.type !== resource.type) return false;
      return !scope.id || scope.id === resource.id;
    });
  return { can: (action, resources) => resources.some((resource) => allows(action, resource)) };
}

/** The read token returned with every trigger response (x-trigger-jwt), as Trigger.dev signs it. */
export async function runReadToken(authentication: Authentication, runId: string) {
  const claims = {
    sub: authentication.environment.id,
    pub: true,
    scopes: [`read:runs:${runId}`, `write:inputStreams:${runId}`],
    realtime: authentication.realtime,
  };
  const jwt = await generateJWT({
    secretKey: authentication.environment.apiKey,
    payload: claims,
    expirationTime: "1h",
  });
  return { "x-trigger-jwt-claims": JSON.stringify(claims), "x-trigger-jwt": jwt };
}

export const UNAUTHORIZED_BODY = {
  error: "Unauthorized",
  code: "unauthorized",
  param: "access_token",
  type: "authorization",
} as const;

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

import { SignJWT } from "jose";

/**
 * The Supabase CLI's local JWT secret and key claims. Signing the same claims with the same secret
 * gives the CLI's well-known local anon and service_role keys, so tools that know them just work.
 * Set JWT_SECRET to use your own.
 */
export const DEFAULT_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
const LOCAL_KEY_EXPIRY = 1983812996;

/** The local task service's secret key (a dev-environment key, as Trigger.dev issues `tr_dev_…`). */
export const LOCAL_TRIGGER_SECRET_KEY = "tr_dev_studymap_local_0000000000000000";
/** Signs generation grants (see src/domain/generation-grant.ts); set GENERATION_GRANT_SECRET in production. */
export const LOCAL_GENERATION_GRANT_SECRET = "local-generation-grant-secret-at-least-32-chars";

export interface ProjectKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

export async function projectKeys(
  jwtSecret = process.env.JWT_SECRET || DEFAULT_JWT_SECRET,
): Promise<ProjectKeys> {
  const secret = new TextEncoder().encode(jwtSecret);
  const sign = (role: string) =>
    new SignJWT({ iss: "supabase-demo", role, exp: LOCAL_KEY_EXPIRY })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(secret);
  return { jwtSecret, anonKey: await sign("anon"), serviceRoleKey: await sign("service_role") };
}

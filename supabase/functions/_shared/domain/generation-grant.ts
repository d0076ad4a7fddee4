// Generated from src/domain/generation-grant.ts by scripts/functions-domain.ts: edit that file, then run
// `npm run functions:domain` (the edge functions deploy only what lives under supabase/functions).
import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { type GrantedTask, grantedTaskSchema } from "./tasks.ts";

/**
 * A generation grant is the product's signed word that one user may start one generation task for one
 * topic. Trigger.dev's public trigger tokens name a task but cannot restrict its payload, so the edge
 * functions hand out a grant with every token and put one in every payload they trigger themselves;
 * the tasks refuse a payload whose grant does not name its topic, its requesting user and the task.
 * HS256 with GENERATION_GRANT_SECRET, known only to the functions and the tasks.
 */

export interface GenerationGrant {
  userId: string;
  topicId: string;
  task: GrantedTask;
}

/** Long enough to trigger with the public token that comes with it (whose default life is 15 min). */
export const GENERATION_GRANT_LIFETIME_SECONDS = 15 * 60;

const ISSUER = "studymap";
const AUDIENCE = "studymap:generation-grant";
const ALGORITHM = "HS256";
/** HS256 keys shorter than the hash output weaken the signature (RFC 7518 §3.2). */
const MINIMUM_SECRET_LENGTH = 32;

const grantClaimsSchema = z.object({
  sub: z.uuid(),
  topic_id: z.uuid(),
  task: grantedTaskSchema,
});

export type GenerationGrantFailure = "invalid" | "expired" | "mismatch";

export class GenerationGrantError extends Error {
  constructor(
    readonly reason: GenerationGrantFailure,
    message: string,
  ) {
    super(message);
    this.name = "GenerationGrantError";
  }
}

function signingKey(secret: string): Uint8Array {
  if (secret.length < MINIMUM_SECRET_LENGTH) {
    throw new Error(`GENERATION_GRANT_SECRET must be at least ${MINIMUM_SECRET_LENGTH} characters`);
  }
  return new TextEncoder().encode(secret);
}

export async function signGenerationGrant(
  grant: GenerationGrant,
  secret: string,
  options: { now?: Date; lifetimeSeconds?: number } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const lifetime = options.lifetimeSeconds ?? GENERATION_GRANT_LIFETIME_SECONDS;
  // A unique id makes every grant distinct, so it can serve as the trigger's idempotency key.
  return new SignJWT({ topic_id: grant.topicId, task: grantedTaskSchema.parse(grant.task) })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(z.uuid().parse(grant.userId))
    .setJti(crypto.randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(signingKey(secret));
}

/** What a payload claims; a structure payload names no user, so `userId` is checked only when given. */
export interface GrantExpectation {
  topicId: string;
  task: GrantedTask;
  userId?: string;
}

/**
 * Verifies the signature, issuer, audience and expiry, then that the grant names the expected topic,
 * task and user. `at` checks the expiry at another moment: a task passes its run's creation time, as a
 * queued run may start after its grant expired.
 */
export async function verifyGenerationGrant(
  token: string,
  secret: string,
  expected: GrantExpectation,
  options: { at?: Date } = {},
): Promise<GenerationGrant> {
  const grant = await decodeGrant(token, secret, options.at);
  const mismatched = (["topicId", "task", "userId"] as const).filter(
    (field) => expected[field] !== undefined && expected[field] !== grant[field],
  );
  if (mismatched.length > 0) {
    throw new GenerationGrantError(
      "mismatch",
      `The generation grant does not allow this ${mismatched.join(", ")}`,
    );
  }
  return grant;
}

async function decodeGrant(token: string, secret: string, at: Date | undefined): Promise<GenerationGrant> {
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["exp", "sub"],
      currentDate: at,
    });
    const claims = grantClaimsSchema.parse(payload);
    return { userId: claims.sub, topicId: claims.topic_id, task: claims.task };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new GenerationGrantError("expired", "The generation grant has expired");
    }
    if (error instanceof errors.JOSEError || error instanceof z.ZodError) {
      throw new GenerationGrantError("invalid", "The generation grant is invalid");
    }
    throw error;
  }
}

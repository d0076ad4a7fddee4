import { type JWTPayload, jwtVerify, SignJWT } from "jose";
import type { GatewayContext } from "../context.ts";
import { storageErrors } from "./errors.ts";

/**
 * The longest lifetime a signed download URL may be given, seconds (7 days). Hosted Storage accepts
 * any lifetime up to the year 287396 (storage-api's assertValidNumericJWTExpiration), and decides
 * access only when it signs: a link keeps serving until it expires, even to a member removed since.
 * The local stack refuses longer links with storage-api's `InvalidParameter` error so that code
 * asking for one fails here first; 7 days is the limit of S3's presigned URLs, the shortest any
 * Storage backend imposes.
 */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

/**
 * A signed upload URL's lifetime, seconds: two hours, as Supabase documents for
 * `createSignedUploadUrl` (storage-api's `UPLOAD_SIGNED_URL_EXPIRATION_TIME` on the platform).
 */
export const SIGNED_UPLOAD_URL_SECONDS = 2 * 60 * 60;

/** storage-api binds each token to one action, so a download link can never be replayed as an upload. */
const SCOPE_DOWNLOAD = "download";
const SCOPE_UPLOAD = "upload";

export function assertSignedUrlLifetime(expiresIn: number): void {
  if (!Number.isSafeInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_SIGNED_URL_SECONDS)
    throw storageErrors.invalidParameter("Invalid Parameter expiresIn");
}

/**
 * A signed download URL's token: HS256 with the project JWT secret, claims `{url: "<bucket>/<key>",
 * scope: "download", iat, exp}`; the URL is relative to /storage/v1 as storage-api returns it.
 */
export async function signedUrl(ctx: GatewayContext, bucket: string, key: string, expiresIn: number) {
  assertSignedUrlLifetime(expiresIn);
  const url = `${bucket}/${key}`;
  const token = await signToken(ctx, { url, scope: SCOPE_DOWNLOAD }, expiresIn);
  return `/object/sign/${url}?token=${token}`;
}

/** A signed upload URL as storage-api's signUploadObjectUrl makes it: `{url, token}`. */
export async function signedUploadUrl(
  ctx: GatewayContext,
  bucket: string,
  key: string,
  grant: { owner: string | undefined; upsert: boolean },
): Promise<{ url: string; token: string }> {
  const url = `${bucket}/${key}`;
  const claims = { owner: grant.owner, url, upsert: grant.upsert, scope: SCOPE_UPLOAD };
  const token = await signToken(ctx, claims, SIGNED_UPLOAD_URL_SECONDS);
  return { url: `/object/upload/sign/${url}?token=${token}`, token };
}

/** Checks a download token: valid and unexpired (InvalidJWT), for downloads and this object (InvalidSignature). */
export async function verifySignedUrl(ctx: GatewayContext, token: string, bucket: string, key: string) {
  const payload = await verifyToken(ctx, token, bucket, key);
  // Tokens from before scopes existed carry no scope; upload tokens always carry `upsert`.
  const isDownload =
    payload.scope === SCOPE_DOWNLOAD || (payload.scope === undefined && !("upsert" in payload));
  if (!isDownload) throw storageErrors.invalidSignature(`Token is not scoped for ${SCOPE_DOWNLOAD}`);
}

/** Checks an upload token as storage-api's verifyObjectSignature does and answers its grant. */
export async function verifySignedUpload(
  ctx: GatewayContext,
  token: string,
  bucket: string,
  key: string,
): Promise<{ owner: string | null; upsert: boolean }> {
  const payload = await verifyToken(ctx, token, bucket, key);
  const isUpload = payload.scope === SCOPE_UPLOAD || (payload.scope === undefined && "upsert" in payload);
  if (!isUpload) throw storageErrors.invalidSignature(`Token is not scoped for ${SCOPE_UPLOAD}`);
  return { owner: typeof payload.owner === "string" ? payload.owner : null, upsert: payload.upsert === true };
}

async function verifyToken(ctx: GatewayContext, token: string, bucket: string, key: string) {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, secret(ctx), { algorithms: ["HS256"] }));
  } catch (error) {
    throw storageErrors.invalidJwt(error instanceof Error ? error.message : "Invalid JWT");
  }
  if (payload.url !== `${bucket}/${key}`) throw storageErrors.invalidSignature();
  return payload;
}

function signToken(ctx: GatewayContext, claims: JWTPayload, expiresIn: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(secret(ctx));
}

function secret(ctx: GatewayContext): Uint8Array {
  return new TextEncoder().encode(ctx.keys.jwtSecret);
}

import { jwtVerify, SignJWT } from "jose";
import type { GatewayContext } from "../context.ts";
import { storageErrors } from "./errors.ts";

/**
 * A signed download URL's token: HS256 with the project JWT secret, claims `{url: "<bucket>/<key>",
 * iat, exp}`; the URL is relative to /storage/v1 as storage-api returns it.
 */
export async function signedUrl(ctx: GatewayContext, bucket: string, key: string, expiresIn: number) {
  const url = `${bucket}/${key}`;
  const token = await new SignJWT({ url })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(secret(ctx));
  return `/object/sign/${url}?token=${token}`;
}

/** Checks a signed URL's token: valid and unexpired (InvalidJWT), and issued for this object (InvalidSignature). */
export async function verifySignedUrl(ctx: GatewayContext, token: string, bucket: string, key: string) {
  let url: unknown;
  try {
    ({
      payload: { url },
    } = await jwtVerify(token, secret(ctx), { algorithms: ["HS256"] }));
  } catch (error) {
    throw storageErrors.invalidJwt(error instanceof Error ? error.message : "Invalid JWT");
  }
  if (url !== `${bucket}/${key}`) throw storageErrors.invalidSignature();
}

function secret(ctx: GatewayContext): Uint8Array {
  return new TextEncoder().encode(ctx.keys.jwtSecret);
}

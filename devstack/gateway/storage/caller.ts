import type { GatewayContext } from "../context.ts";
import { bearerToken, type Identity, identify } from "../jwt.ts";
import { storageErrors } from "./errors.ts";

/** The caller's verified identity; storage-api refuses a missing or invalid JWT with AccessDenied. */
export async function verifiedCaller(ctx: GatewayContext, headers: Headers): Promise<Identity> {
  const result = await identify(ctx, bearerToken(headers));
  if (!result.ok) {
    throw storageErrors.accessDenied(
      result.reason === "expired" ? '"exp" claim timestamp check failed' : result.message,
    );
  }
  if (!result.identity.token) throw storageErrors.accessDenied("Invalid Compact JWS");
  return result.identity;
}

import type { Context } from "hono";
import { AuthError } from "./errors.ts";
import { remoteAddress } from "./http.ts";

/**
 * Per-client rate limits as hosted Supabase Auth applies them (config.toml `[auth.rate_limit]`): each
 * client address may make `perFiveMinutes` requests of a kind in any five minutes, refilled evenly.
 * Over the limit the answer is GoTrue's 429 `over_request_rate_limit`. This is what keeps a stranger
 * from guessing a victim's six-digit code (30 guesses in five minutes against a million codes), so a
 * wrong guess does not void the code and nobody can lock another user out by guessing.
 */
export class ClientThrottle {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /**
   * `trustedHeader`: the header a trusted proxy in front sets to the client's address (GoTrue's
   * `GOTRUE_RATE_LIMIT_HEADER`, e.g. `X-Forwarded-For`). Without one the client is the socket's
   * peer: the local stack is reached directly, so a header any client can write must not choose
   * whose allowance a request takes.
   */
  constructor(
    private readonly perFiveMinutes: number,
    private readonly trustedHeader: string | null = null,
  ) {}

  /** Takes one request from the client's allowance, or throws 429. */
  take(c: Context, now = Date.now()): void {
    const key = this.clientKey(c);
    const refillPerMs = this.perFiveMinutes / 300_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perFiveMinutes, at: now };
    const tokens = Math.min(this.perFiveMinutes, bucket.tokens + (now - bucket.at) * refillPerMs);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    this.forgetFullBuckets(now, refillPerMs);
  }

  private clientKey(c: Context): string {
    const proxied = this.trustedHeader ? c.req.header(this.trustedHeader)?.split(",")[0]?.trim() : "";
    return proxied || remoteAddress(c) || "in-process";
  }

  /** A client whose bucket would be full again is the same as one never seen: keep memory bounded. */
  private forgetFullBuckets(now: number, refillPerMs: number): void {
    if (this.buckets.size < 10_000) return;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * refillPerMs >= this.perFiveMinutes) this.buckets.delete(key);
    }
  }
}

import type { Context } from "hono";
import { AuthError } from "./errors.ts";
import { requestOrigin } from "./http.ts";

/**
 * Per-client rate limits as hosted Supabase Auth applies them (config.toml `[auth.rate_limit]`): each
 * client address may make `perFiveMinutes` requests of a kind in any five minutes, refilled evenly.
 * Over the limit the answer is GoTrue's 429 `over_request_rate_limit`. This is what keeps a stranger
 * from guessing a victim's six-digit code (30 guesses in five minutes against a million codes), so a
 * wrong guess does not void the code and nobody can lock another user out by guessing.
 */
export class ClientThrottle {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perFiveMinutes: number) {}

  /** Takes one request from the client's allowance, or throws 429. */
  take(c: Context, now = Date.now()): void {
    const key = requestOrigin(c).ip ?? "in-process";
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

  /** A client whose bucket would be full again is the same as one never seen: keep memory bounded. */
  private forgetFullBuckets(now: number, refillPerMs: number): void {
    if (this.buckets.size < 10_000) return;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * refillPerMs >= this.perFiveMinutes) this.buckets.delete(key);
    }
  }
}

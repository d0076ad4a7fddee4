import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_JWT_SECRET, projectKeys } from "../keys.ts";
import type { GatewayContext } from "./context.ts";
import { identify } from "./jwt.ts";

async function contextWithKeys(): Promise<GatewayContext> {
  return { keys: await projectKeys(DEFAULT_JWT_SECRET) } as GatewayContext;
}

function sign(secret: string, expiresAt: number): Promise<string> {
  return new SignJWT({ role: "authenticated", sub: "u1" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

describe("identifying a request's token", () => {
  afterEach(() => vi.useRealTimers());

  it("refuses a token it verified before once the token has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T12:00:00Z"));
    const ctx = await contextWithKeys();
    const token = await sign(DEFAULT_JWT_SECRET, Date.parse("2026-01-01T12:01:00Z") / 1000);

    expect(await identify(ctx, token)).toMatchObject({ ok: true, identity: { role: "authenticated" } });
    vi.setSystemTime(new Date("2026-01-01T12:00:59Z"));
    expect(await identify(ctx, token)).toMatchObject({ ok: true });
    vi.setSystemTime(new Date("2026-01-01T12:01:00Z"));
    expect(await identify(ctx, token)).toEqual({ ok: false, reason: "expired", message: "JWT expired" });
  });

  it("does not accept a token verified under another project secret", async () => {
    const ctx = await contextWithKeys();
    const other = {
      keys: await projectKeys("another-secret-that-is-at-least-32-characters"),
    } as GatewayContext;
    const token = await sign(DEFAULT_JWT_SECRET, Math.floor(Date.now() / 1000) + 3600);

    expect(await identify(ctx, token)).toMatchObject({ ok: true });
    expect(await identify(other, token)).toMatchObject({ ok: false, reason: "invalid" });
  });
});

import { describe, expect, it } from "vitest";
import { buildSwrConfig, isSlowNetwork } from "./swr";

describe("buildSwrConfig (docs/product.md §9)", () => {
  it("dedupes for 2 s, throttles focus for 5 s, retries after 5 s and times out loading after 3 s", () => {
    expect(buildSwrConfig(false)).toEqual({
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      errorRetryInterval: 5000,
      loadingTimeout: 3000,
    });
  });

  it("waits 10 s between retries and 5 s before a loading timeout on slow networks", () => {
    expect(buildSwrConfig(true)).toMatchObject({ errorRetryInterval: 10000, loadingTimeout: 5000 });
  });
});

describe("isSlowNetwork", () => {
  const nav = (effectiveType?: string) => ({ connection: { effectiveType } }) as unknown as Navigator;

  it("is slow on 2G-class connections only", () => {
    expect(isSlowNetwork(nav("slow-2g"))).toBe(true);
    expect(isSlowNetwork(nav("2g"))).toBe(true);
    expect(isSlowNetwork(nav("4g"))).toBe(false);
    expect(isSlowNetwork(nav())).toBe(false);
    expect(isSlowNetwork(undefined)).toBe(false);
  });
});

import type { SWRConfiguration } from "swr";

/** docs/product.md §9 data-fetch defaults; the retry and loading-timeout values are longer on slow networks. */
export function buildSwrConfig(slowNetwork: boolean): SWRConfiguration {
  return {
    dedupingInterval: 2_000,
    focusThrottleInterval: 5_000,
    errorRetryInterval: slowNetwork ? 10_000 : 5_000,
    loadingTimeout: slowNetwork ? 5_000 : 3_000,
  };
}

interface NetworkInformationLike {
  effectiveType?: string;
}

/** Slow as the Network Information API reports it (2G-class); unknown counts as fast. */
export function isSlowNetwork(nav: Navigator | undefined = globalThis.navigator): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformationLike }) | undefined)?.connection;
  return ["slow-2g", "2g"].includes(connection?.effectiveType ?? "");
}

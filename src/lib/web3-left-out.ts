import { throwing } from "./left-out";

/**
 * Stands in for auth-js's Ethereum helpers (`@supabase/auth-js/dist/module/lib/web3/ethereum`) in the web
 * build (see `vite.config.ts` and docs/performance.md). Sign-in is by e-mail code or OAuth; signing in
 * with a wallet (`signInWithWeb3`) is not offered, so its message builder stays out. Every call throws.
 */
export const WEB3_LEFT_OUT =
  "Wallet sign-in is left out of the web build (src/lib/web3-left-out.ts); remove the stand-in in vite.config.ts to use it.";

const leftOut = throwing(WEB3_LEFT_OUT);

export const createSiweMessage = leftOut;
export const fromHex = leftOut;
export const getAddress = leftOut;
export const toHex = leftOut;

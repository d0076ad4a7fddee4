import { throwing } from "./left-out";

/**
 * Stands in for auth-js's passkey helpers (`@supabase/auth-js/dist/module/lib/webauthn`) in the web build
 * (see `vite.config.ts` and docs/performance.md). Sign-in is by e-mail code or OAuth; passkey MFA is not
 * offered, so the WebAuthn ceremony code (about 4.5 kB gzip) stays out. Every passkey call throws.
 */
export const WEBAUTHN_LEFT_OUT =
  "Passkeys are left out of the web build (src/lib/webauthn-left-out.ts); remove the stand-in in vite.config.ts to use them.";

const leftOut = throwing(WEBAUTHN_LEFT_OUT);

export const createCredential = leftOut;
export const getCredential = leftOut;
export const deserializeCredentialCreationOptions = leftOut;
export const deserializeCredentialRequestOptions = leftOut;
export const serializeCredentialCreationResponse = leftOut;
export const serializeCredentialRequestResponse = leftOut;
export const browserSupportsWebAuthn = (): boolean => false;
export const webAuthnAbortService = { createNewAbortSignal: leftOut, cancelCeremony(): void {} };

/** GoTrueClient builds one for `auth.mfa.webauthn`; it holds nothing until a passkey call, which throws. */
export class WebAuthnApi {
  enroll = leftOut;
  challenge = leftOut;
  verify = leftOut;
  authenticate = leftOut;
  register = leftOut;
}

import { inject } from "vitest";

/** The peer project's throwaway stack (tests/peer/setup/stack.ts), as the vendored suite addresses it. */
export const peerRestUrl = (): string => `${inject("stack").supabaseUrl}/rest/v1`;

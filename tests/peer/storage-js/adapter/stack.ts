import { inject } from "vitest";

/** The peer project's throwaway stack (tests/peer/setup/stack.ts), as the vendored suites address it. */
export const peerStorageUrl = (): string => `${inject("stack").supabaseUrl}/storage/v1`;

export const peerServiceRoleKey = (): string => inject("stack").serviceRoleKey;

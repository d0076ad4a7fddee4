import { inject } from "vitest";
import { createPool, type GatewayContext } from "../../gateway/context.ts";
import { LOCAL_GENERATION_GRANT_SECRET, LOCAL_TRIGGER_SECRET_KEY, projectKeys } from "../../keys.ts";

/**
 * A gateway context on the shared test database, for tests that serve some gateway services
 * in-process with their own settings. Defaults mirror devstack/stack.ts; tests override what differs.
 */
export async function testGatewayContext(
  overrides: Partial<GatewayContext> & { publicUrl: string },
): Promise<GatewayContext> {
  const stack = inject("stack");
  return {
    pool: overrides.pool ?? createPool(stack.databaseUrl, overrides.log),
    databaseUrl: stack.databaseUrl,
    exposedSchemas: ["public"],
    keys: await projectKeys(stack.jwtSecret),
    siteUrl: stack.siteUrl,
    stateDir: stack.stateDir,
    env: {
      TRIGGER_SECRET_KEY: LOCAL_TRIGGER_SECRET_KEY,
      TRIGGER_API_URL: overrides.publicUrl,
      GENERATION_GRANT_SECRET: LOCAL_GENERATION_GRANT_SECRET,
    },
    log: () => {},
    ...overrides,
  };
}

import type { Analytics } from "@/lib/analytics";
import type { AuthStore } from "@/lib/auth/auth-store";

/**
 * What every route's guards and loaders can read (auth in the router context, as TanStack advises).
 * Its own module so the root route can name it without importing the router that imports the routes.
 */
export interface RouterContext {
  auth: AuthStore;
  analytics: Analytics;
}

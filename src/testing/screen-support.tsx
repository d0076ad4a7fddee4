import type { SupabaseClient } from "@supabase/supabase-js";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { type ReactElement, type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { SWRConfig } from "swr";
import type { AppUser } from "@/domain/access";
import { AuthProvider } from "@/lib/auth/auth-context";
import type { AuthSnapshot, AuthStore } from "@/lib/auth/auth-store";

/** A test learner, signed in with one active membership. */
export const TEST_USER: AppUser = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "learner@studymap.test",
  memberships: [],
  activeMembershipId: null,
};

/**
 * An auth store that holds a fixed user. Screens read the client only to pass it to their feature's
 * api module, which tests replace, so the client itself is an empty stand-in.
 */
function fixedAuthStore(user: AppUser | null): AuthStore {
  const snapshot: AuthSnapshot = { status: "ready", user };
  return {
    client: {} as SupabaseClient,
    getSnapshot: () => snapshot,
    subscribe: () => () => {},
  } as unknown as AuthStore;
}

/** Providers a feature screen needs: auth (a fixed user), a fresh SWR cache, and the toaster. */
export function TestProviders({
  user = TEST_USER,
  children,
}: {
  user?: AppUser | null;
  children: ReactNode;
}) {
  const [store] = useState(() => fixedAuthStore(user));
  const [cache] = useState(() => new Map());
  return (
    <AuthProvider store={store}>
      <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
        {children}
        <Toaster />
      </SWRConfig>
    </AuthProvider>
  );
}

/** Renders a screen that links to routes: inside a router whose only route shows it. */
export function renderWithRouter(ui: ReactElement, user: AppUser | null = TEST_USER) {
  const rootRoute = createRootRoute({ component: () => <TestProviders user={user}>{ui}</TestProviders> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  return render(<RouterProvider router={router as never} />);
}

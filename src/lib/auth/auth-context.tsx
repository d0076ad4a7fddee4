import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import {
  type AppUser,
  activeMembershipOf,
  activeRoles,
  canManageContent,
  type Membership,
} from "@/domain/access";
import type { AuthSnapshot, AuthStore } from "./auth-store";

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

export function useAuthStore(): AuthStore {
  const store = useContext(AuthContext);
  if (!store) throw new Error("useAuthStore must be used inside AuthProvider");
  return store;
}

export interface AuthView extends AuthSnapshot {
  store: AuthStore;
  activeMembership: Membership | null;
}

export function useAuth(): AuthView {
  const store = useAuthStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...snapshot, store, activeMembership: activeMembershipOf(snapshot.user) };
}

/** For screens behind the login guard, where a user always exists. */
export function useSignedInUser(): AppUser & { activeMembership: Membership | null } {
  const { user, activeMembership } = useAuth();
  if (!user) throw new Error("useSignedInUser is only for screens behind the login guard");
  return { ...user, activeMembership };
}

/** The app's one Supabase client, as held by the auth store. */
export function useSupabase() {
  return useAuthStore().client;
}

/** docs/product.md §6's content-management rule for one entity (the active one unless given). */
export function useCanManageContent(entityId?: string | null): boolean {
  const { user, activeMembership } = useAuth();
  const scope = entityId ?? activeMembership?.entityId;
  if (!user || !scope) return false;
  return canManageContent(activeRoles(user.memberships, scope));
}

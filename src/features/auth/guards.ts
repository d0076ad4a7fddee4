import type { ParsedLocation } from "@tanstack/react-router";
import { redirect } from "@tanstack/react-router";
import { type AppUser, hasActiveMembership } from "@/domain/access";
import type { AuthStore } from "@/lib/auth/auth-store";

export interface GuardContext {
  context: { auth: AuthStore };
  location: ParsedLocation;
}

/**
 * docs/product.md §2: any page other than login, onboarding's own check and the auth callback sends an
 * unauthenticated visitor, once loading ends, to /login with redirectTo set to the current address.
 */
export async function requireUser({ context, location }: GuardContext): Promise<{ user: AppUser }> {
  const { user } = await context.auth.ready();
  if (!user) throw redirect({ to: "/login", search: { redirectTo: location.href } });
  return { user };
}

/**
 * A user whose memberships could not be read has unknown memberships, not none: the route shows the
 * failure with a retry (see MembershipsRouteError) instead of sending them to onboarding or onwards.
 */
async function requireKnownMemberships(guard: GuardContext): Promise<{ user: AppUser }> {
  const { user } = await requireUser(guard);
  const { membershipsError } = guard.context.auth.getSnapshot();
  if (membershipsError) throw membershipsError;
  return { user };
}

/**
 * docs/product.md §2: /studymap, /favorites and /explore also need at least one active membership. A new
 * user who followed a deep link goes through onboarding and then on to that link, so it travels along.
 */
export async function requireMembership(guard: GuardContext): Promise<{ user: AppUser }> {
  const { user } = await requireKnownMemberships(guard);
  if (!hasActiveMembership(user.memberships)) {
    const target = guard.location.href;
    throw redirect({ to: "/onboarding", search: target === "/studymap" ? {} : { redirectTo: target } });
  }
  return { user };
}

/** docs/product.md §2: an already authenticated user on /login goes to /studymap. */
export async function redirectSignedIn({ context }: Pick<GuardContext, "context">): Promise<void> {
  const { user } = await context.auth.ready();
  if (user) throw redirect({ to: "/studymap" });
}

/** docs/product.md §2: on /onboarding, a user with at least one active membership goes to /studymap. */
export async function redirectMember(guard: GuardContext): Promise<void> {
  const { user } = await requireKnownMemberships(guard);
  if (hasActiveMembership(user.memberships)) throw redirect({ to: "/studymap" });
}

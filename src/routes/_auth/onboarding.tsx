import { createFileRoute } from "@tanstack/react-router";
import { MembershipsRouteError } from "@/components/memberships-error";
import { loginSearchSchema } from "@/domain/search-params";
import { redirectMember } from "@/features/auth/guards";
import { OnboardingScreen } from "@/features/onboarding/onboarding-screen";

/**
 * docs/product.md §2: needs login; a user with an active membership goes on to /studymap. `redirectTo`
 * is where a new user was going before onboarding, taken there once they belong to an organisation.
 */
export const Route = createFileRoute("/_auth/onboarding")({
  validateSearch: loginSearchSchema,
  beforeLoad: redirectMember,
  errorComponent: MembershipsRouteError,
  component: OnboardingRoute,
});

function OnboardingRoute() {
  const { redirectTo } = Route.useSearch();
  return <OnboardingScreen redirectTo={redirectTo} />;
}

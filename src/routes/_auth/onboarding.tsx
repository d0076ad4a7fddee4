import { createFileRoute } from "@tanstack/react-router";
import { MembershipsRouteError } from "@/components/memberships-error";
import { redirectMember } from "@/features/auth/guards";
import { OnboardingScreen } from "@/features/onboarding/onboarding-screen";

/** docs/product.md §2: needs login; a user with an active membership goes on to /studymap. */
export const Route = createFileRoute("/_auth/onboarding")({
  beforeLoad: redirectMember,
  errorComponent: MembershipsRouteError,
  component: OnboardingScreen,
});

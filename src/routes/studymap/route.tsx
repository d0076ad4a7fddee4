import { createFileRoute } from "@tanstack/react-router";
import { AppShell } from "@/components/app-shell";
import { MembershipsRouteError } from "@/components/memberships-error";
import { requireMembership } from "@/features/auth/guards";

/**
 * docs/product.md §2: the main area needs login and an active membership. It is its own layout (not inside the
 * pathless `_auth` one) so the screens other features add under `routes/studymap/` keep their paths
 * as route ids; the guard is the same function `_auth` and `_member` use.
 */
export const Route = createFileRoute("/studymap")({
  beforeLoad: requireMembership,
  errorComponent: MembershipsRouteError,
  component: AppShell,
});

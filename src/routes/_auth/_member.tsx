import { createFileRoute, Outlet } from "@tanstack/react-router";
import { MembershipsRouteError } from "@/components/memberships-error";
import { requireMembership } from "@/features/auth/guards";

/** Pathless layout: /favorites and /explore also need an active membership (docs/product.md §2). */
export const Route = createFileRoute("/_auth/_member")({
  beforeLoad: requireMembership,
  errorComponent: MembershipsRouteError,
  component: Outlet,
});

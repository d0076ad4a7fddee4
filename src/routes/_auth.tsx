import { createFileRoute } from "@tanstack/react-router";
import { AppShell } from "@/components/app-shell";
import { requireUser } from "@/features/auth/guards";

/** Pathless layout: everything inside needs a signed-in user (docs/product.md §2). */
export const Route = createFileRoute("/_auth")({
  beforeLoad: requireUser,
  component: AppShell,
});

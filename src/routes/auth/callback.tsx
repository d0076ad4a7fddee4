import { createFileRoute } from "@tanstack/react-router";
import { authCallbackSearchSchema } from "@/domain/search-params";
import { AuthCallbackScreen } from "@/features/auth/auth-callback-screen";

/** The sign-in return page for OAuth and e-mail links. */
export const Route = createFileRoute("/auth/callback")({
  validateSearch: authCallbackSearchSchema,
  component: CallbackRoute,
});

function CallbackRoute() {
  const { redirectTo } = Route.useSearch();
  return <AuthCallbackScreen redirectTo={redirectTo} />;
}

import { createFileRoute } from "@tanstack/react-router";
import { loginSearchSchema } from "@/domain/search-params";
import { AuthCallbackScreen } from "@/features/auth/auth-callback-screen";

/** The sign-in return page for OAuth and e-mail links. */
export const Route = createFileRoute("/auth/callback")({
  // Loose: the sign-in service's own params (code, token_hash, error…) stay in the address.
  validateSearch: loginSearchSchema.loose(),
  component: CallbackRoute,
});

function CallbackRoute() {
  const { redirectTo } = Route.useSearch();
  return <AuthCallbackScreen redirectTo={redirectTo} />;
}

import { createFileRoute } from "@tanstack/react-router";
import { loginSearchSchema } from "@/domain/search-params";
import { redirectSignedIn } from "@/features/auth/guards";
import { LoginScreen } from "@/features/auth/login-screen";

export const Route = createFileRoute("/login")({
  validateSearch: loginSearchSchema,
  beforeLoad: redirectSignedIn,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirectTo } = Route.useSearch();
  return <LoginScreen redirectTo={redirectTo} />;
}

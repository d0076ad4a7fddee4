import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-context";
import { MembershipsUnavailableError } from "@/lib/auth/current-user";
import { RouteErrorScreen } from "./error-screen";

export const MEMBERSHIPS_ERROR_TITLE = "Could not load your organisations";
export const MEMBERSHIPS_ERROR_MESSAGE =
  "We could not check which organisations you belong to. Check your connection and try again.";
export const MEMBERSHIPS_RETRY = "Try again";

/** Says the memberships failed to load and reloads them on retry (never offers onboarding instead). */
export function MembershipsErrorNotice({ onRetried }: { onRetried?: () => void }) {
  const { store } = useAuth();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await store.refresh();
      onRetried?.();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <main role="alert" className="flex min-h-[60vh] items-center justify-center px-6 py-16">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-semibold text-neutral-900 dark:text-neutral-50">
          {MEMBERSHIPS_ERROR_TITLE}
        </h1>
        <p className="mt-2 text-neutral-600 dark:text-neutral-400">{MEMBERSHIPS_ERROR_MESSAGE}</p>
        <Button className="mt-6" onClick={retry} disabled={retrying}>
          {retrying ? "Trying again…" : MEMBERSHIPS_RETRY}
        </Button>
      </div>
    </main>
  );
}

/**
 * The error component of the routes whose guards read memberships: a membership failure gets its own
 * notice whose retry reloads them and runs the guards again; anything else the usual error screen.
 */
export function MembershipsRouteError(props: ErrorComponentProps) {
  const router = useRouter();
  if (!(props.error instanceof MembershipsUnavailableError)) return <RouteErrorScreen {...props} />;
  return (
    <MembershipsErrorNotice
      onRetried={() => {
        props.reset();
        void router.invalidate();
      }}
    />
  );
}

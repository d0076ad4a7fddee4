import { RouterProvider } from "@tanstack/react-router";
import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { SWRConfig } from "swr";
import { Splash } from "@/components/splash";
import { AuthProvider } from "@/lib/auth/auth-context";
import type { AuthStore } from "@/lib/auth/auth-store";
import { BackgroundProvider } from "@/lib/background";
import { immediately, type Scheduler } from "@/lib/idle";
import { buildSwrConfig, isSlowNetwork } from "@/lib/swr";
import { ThemeProvider, useTheme } from "@/lib/theme";
import type { AppRouter } from "./router";

interface AppProps {
  router: AppRouter;
  auth: AuthStore;
  /** When work the first page can do without may run (main.tsx: after it has rendered). */
  background?: Scheduler;
}

/**
 * The toaster loads as background work, after the first page (about 9 kB gzip off the first load). No
 * toast is lost: sonner replays the active toasts to a Toaster when it subscribes. Loaded in an effect
 * rather than with React.lazy: a suspending sibling would hold the router's first screens behind React's
 * Suspense reveal throttle.
 */
function useLazyToaster(background: Scheduler): ComponentType<ToasterProps> | null {
  const [toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let mounted = true;
    background(
      () =>
        void import("sonner").then((module) => {
          if (mounted) setToaster(() => module.Toaster);
        }),
    );
    return () => {
      mounted = false;
    };
  }, [background]);
  return toaster;
}

/** One cache per app instance (a fresh one on each mount, e.g. per test). */
const swrConfig = { ...buildSwrConfig(isSlowNetwork()), provider: () => new Map() };

/** Providers around the router: theme, data cache, auth, toasts and the splash. */
export function App({ router, auth, background = immediately }: AppProps) {
  const { status } = useSyncExternalStore(auth.subscribe, auth.getSnapshot, auth.getSnapshot);

  useEffect(() => {
    void auth.start();
    // A session that ends elsewhere sends protected pages to /login (with redirectTo) via their guards,
    // and memberships that changed since the last visit run the guards again.
    const offEnded = auth.onSessionEnded(() => void router.invalidate());
    const offChanged = auth.onMembershipsChanged(() => void router.invalidate());
    return () => {
      offEnded();
      offChanged();
    };
  }, [auth, router]);

  return (
    <ThemeProvider>
      <SWRConfig value={swrConfig}>
        <AuthProvider store={auth}>
          <BackgroundProvider background={background}>
            <RouterProvider router={router} />
          </BackgroundProvider>
          <ThemedToaster background={background} />
        </AuthProvider>
      </SWRConfig>
      <Splash loading={status === "loading"} />
    </ThemeProvider>
  );
}

function ThemedToaster({ background }: { background: Scheduler }) {
  const { resolvedTheme } = useTheme();
  const Toaster = useLazyToaster(background);
  // `dir` given (index.html sets none, so it is "ltr"): sonner otherwise reads it with getComputedStyle,
  // which forced a style recalculation in the middle of the toaster's render (docs/performance.md, session 12).
  return Toaster && <Toaster theme={resolvedTheme} dir="ltr" richColors closeButton position="top-right" />;
}

import { createMemoryHistory } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { App } from "@/app";
import type { Analytics } from "@/lib/analytics";
import { AuthStore } from "@/lib/auth/auth-store";
import type { Scheduler } from "@/lib/idle";
import { createAppRouter } from "@/router";
import { memoryChoices, recordingAnalytics } from "./accounts";
import type { SupabaseStub } from "./supabase-stub";

/** Renders the whole app (providers, router, splash) at a path, with a memory history. */
export function renderApp(
  stub: SupabaseStub,
  path: string,
  options: { analytics?: Analytics; strict?: boolean; background?: Scheduler } = {},
) {
  const auth = new AuthStore(stub.client, memoryChoices());
  const analytics = options.analytics ?? recordingAnalytics().analytics;
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ auth, analytics }, history);
  const app = <App router={router} auth={auth} background={options.background} />;
  // As the dev server runs it: StrictMode runs effects twice.
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, auth, history };
}

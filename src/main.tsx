// First: zod reads this setting when a schema is made, and schemas are made as route code loads.
import "@/lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ConfigurationMessage } from "@/components/configuration-message";
import { buildAnalyticsConfig, loadAnalytics } from "@/lib/analytics";
import { AuthStore } from "@/lib/auth/auth-store";
import { localMembershipCache, localMembershipChoice } from "@/lib/auth/current-user";
import type { StudymapClient } from "@/lib/database";
import { initSentry } from "@/lib/sentry";
import { getSupabase } from "@/lib/supabase";
import { App } from "./app";
import { afterFirstPage, startFirstLoad } from "./first-load";
import { createAppRouter } from "./router";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

let client: StudymapClient | undefined;
try {
  client = getSupabase();
} catch (error) {
  // A build without its Supabase settings says so on screen, not only in the console.
  console.error(error);
  createRoot(root).render(<ConfigurationMessage message={(error as Error).message} />);
}

if (client) {
  const auth = new AuthStore(client, localMembershipChoice, localMembershipCache);
  const analytics = loadAnalytics(buildAnalyticsConfig(import.meta.env));
  const router = createAppRouter({ auth, analytics });
  startFirstLoad(router);
  const background = afterFirstPage(router);
  // The session check goes out now rather than after React's first render (App starts it too; once is
  // enough): the guards of the first page wait for it.
  void auth.start({ background });

  void initSentry(import.meta.env, router);

  createRoot(root).render(
    <StrictMode>
      <App router={router} auth={auth} background={background} />
    </StrictMode>,
  );
}

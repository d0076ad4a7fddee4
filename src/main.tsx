import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { buildAnalyticsConfig, loadAnalytics } from "@/lib/analytics";
import { AuthStore } from "@/lib/auth/auth-store";
import { localMembershipCache, localMembershipChoice } from "@/lib/auth/current-user";
import { initSentry } from "@/lib/sentry";
import { getSupabase } from "@/lib/supabase";
import { App } from "./app";
import { startFirstLoad } from "./first-load";
import { createAppRouter } from "./router";
import "./styles.css";

const auth = new AuthStore(getSupabase(), localMembershipChoice, localMembershipCache);
const analytics = loadAnalytics(buildAnalyticsConfig(import.meta.env));
const router = createAppRouter({ auth, analytics });
startFirstLoad(router, auth.client);

void initSentry(import.meta.env, router);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App router={router} auth={auth} />
  </StrictMode>,
);

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { buildAnalyticsConfig, loadAnalytics } from "@/lib/analytics";
import { AuthStore } from "@/lib/auth/auth-store";
import { initSentry } from "@/lib/sentry";
import { getSupabase } from "@/lib/supabase";
import { App } from "./app";
import { createAppRouter } from "./router";
import "./styles.css";

const auth = new AuthStore(getSupabase());
const analytics = loadAnalytics(buildAnalyticsConfig(import.meta.env));
const router = createAppRouter({ auth, analytics });

void initSentry(import.meta.env, router);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App router={router} auth={auth} />
  </StrictMode>,
);

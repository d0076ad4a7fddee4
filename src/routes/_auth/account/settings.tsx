import { createFileRoute } from "@tanstack/react-router";
import { SettingsScreen } from "@/features/account/settings-screen";

export const Route = createFileRoute("/_auth/account/settings")({
  component: SettingsScreen,
});

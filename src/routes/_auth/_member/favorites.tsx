import { createFileRoute } from "@tanstack/react-router";
import { FavoritesScreen } from "@/features/favorites/favorites-screen";

export const Route = createFileRoute("/_auth/_member/favorites")({
  component: FavoritesScreen,
});

import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { DEFAULT_PAGE, dashboardSearchSchema } from "@/domain/search-params";
import { DashboardScreen } from "@/features/studymap/dashboard-screen";

/** docs/product.md §2: the main area, search param page (number, default 1). */
export const Route = createFileRoute("/studymap/")({
  validateSearch: dashboardSearchSchema,
  // The default page stays out of the address: /studymap, not /studymap?page=1.
  search: { middlewares: [stripSearchParams({ page: DEFAULT_PAGE })] },
  component: DashboardRoute,
});

function DashboardRoute() {
  return <DashboardScreen search={Route.useSearch()} />;
}

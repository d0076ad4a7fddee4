import { createFileRoute, Link, Outlet } from "@tanstack/react-router";
import { TopicPage } from "@/features/topic-hub/topic-page";

/** The topic hub with its tabs: overview, quizzes and slide deck. */
export const Route = createFileRoute("/studymap/topics/$topicId/overview")({
  component: OverviewLayout,
});

const tabClasses =
  "border-b-2 border-transparent px-1 pb-2 text-sm font-medium text-neutral-500 dark:text-neutral-400 hover:text-neutral-900 data-[status=active]:border-emerald-600 data-[status=active]:text-neutral-900 dark:hover:text-neutral-100 dark:data-[status=active]:text-neutral-100";

function OverviewLayout() {
  const { topicId } = Route.useParams();
  const params = { topicId };
  return (
    <TopicPage topicId={topicId}>
      {() => (
        <>
          <nav
            aria-label="Topic"
            className="mb-6 flex gap-6 border-b border-neutral-200 dark:border-neutral-800"
          >
            <Link
              to="/studymap/topics/$topicId/overview"
              params={params}
              activeOptions={{ exact: true }}
              className={tabClasses}
            >
              Overview
            </Link>
            <Link to="/studymap/topics/$topicId/overview/quizzes" params={params} className={tabClasses}>
              Quizzes
            </Link>
            <Link to="/studymap/topics/$topicId/overview/slide-deck" params={params} className={tabClasses}>
              Slide deck
            </Link>
          </nav>
          <Outlet />
        </>
      )}
    </TopicPage>
  );
}

import { Link, Outlet, useLocation, useMatches, useParams } from "@tanstack/react-router";
import useSWR from "swr";
import { hasActiveMembership } from "@/domain/access";
import { type BreadcrumbOptions, outlineLabels } from "@/domain/breadcrumbs";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { useCollection } from "@/lib/collections/hooks";
import { useTopic } from "@/lib/topics/hooks";
import { Breadcrumbs } from "./breadcrumbs";
import { MembershipSwitcher } from "./membership-switcher";
import { ThemeToggle } from "./theme-toggle";
import { cn } from "./ui/cn";
import { Wordmark } from "./wordmark";

const NAV = [
  { to: "/studymap", label: "Dashboard", exact: true },
  { to: "/favorites", label: "Favorites", exact: false },
  { to: "/explore", label: "Explore", exact: false },
  { to: "/review", label: "Review", exact: false },
] as const;

/** The signed-in layout: header with navigation, organisation and theme, breadcrumbs, then the page. */
export function AppShell() {
  const { user } = useAuth();
  // Signing out (here or in another tab) clears the user before the guards move on to /login; the
  // screens inside need a user, so nothing renders in between.
  if (!user) return null;
  const member = hasActiveMembership(user.memberships);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-neutral-900"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-neutral-200 bg-white/90 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/90">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link
            to={member ? "/studymap" : "/onboarding"}
            className="shrink-0 text-xl"
            aria-label="studymap home"
          >
            <Wordmark />
          </Link>
          {member ? (
            <nav aria-label="Main" className="hidden shrink-0 gap-1 md:flex">
              {NAV.map((item) => (
                <NavLink key={item.to} {...item} />
              ))}
            </nav>
          ) : null}
          <div className="ml-auto flex min-w-0 items-center gap-2">
            {member ? <MembershipSwitcher /> : null}
            <ThemeToggle />
            <Link
              to="/account/settings"
              aria-label="Account settings"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-sm font-semibold text-emerald-800 hover:ring-2 hover:ring-emerald-600/30 dark:bg-emerald-900 dark:text-emerald-100"
            >
              {user.email.charAt(0).toUpperCase()}
            </Link>
          </div>
        </div>
        {member ? (
          <nav aria-label="Main (mobile)" className="flex gap-0.5 overflow-x-auto px-3 pb-2 md:hidden">
            {/* Four items fit a 360 px phone only with narrower padding. */}
            {NAV.map((item) => (
              <NavLink key={item.to} {...item} dense />
            ))}
          </nav>
        ) : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <ShellBreadcrumbs />
        <Outlet />
      </main>
    </div>
  );
}

function NavLink({ to, label, exact, dense = false }: (typeof NAV)[number] & { dense?: boolean }) {
  return (
    <Link
      to={to}
      activeOptions={{ exact, includeSearch: false }}
      className={cn(
        "rounded-lg py-1.5 text-sm font-medium whitespace-nowrap text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900",
        dense ? "px-2" : "px-3",
        "dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100",
        "data-[status=active]:bg-neutral-100 data-[status=active]:text-neutral-900 dark:data-[status=active]:bg-neutral-800 dark:data-[status=active]:text-neutral-100",
      )}
    >
      {label}
    </Link>
  );
}

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** A custom breadcrumb trail for the screen, replacing the one derived from its path. */
    breadcrumbTrail?: (pathname: string) => BreadcrumbOptions["trail"];
  }
}

type IdParams = Partial<
  Record<"topicId" | "moduleId" | "quizId" | "episodeId" | "phaseId" | "chapterId", string>
>;

/**
 * Breadcrumbs that name ids by what they are (a topic, collection, quiz, episode, chapter or phase by
 * its title), or the deepest screen's custom trail. Quiz, episode and phase titles come from the course
 * outline under the topic hub's own SWR key, so those screens add no request of their own. The outline's
 * reader (and with it zod) is imported only there: every signed-in page renders this layout, and the
 * others would wait for zod's download and schemas before their first paint (docs/performance.md).
 */
function ShellBreadcrumbs() {
  const params = useParams({ strict: false }) as IdParams;
  const needsOutline = Boolean(params.quizId ?? params.episodeId ?? params.phaseId ?? params.chapterId);
  const pathname = useLocation({ select: (location) => location.pathname });
  const trailOf = useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData.breadcrumbTrail)?.staticData.breadcrumbTrail,
  });
  const { data: topic } = useTopic(params.topicId);
  const { data: collection } = useCollection(params.moduleId);
  const client = useSupabase();
  const { data: outline } = useSWR(
    needsOutline && params.topicId ? (["topic-outline", params.topicId] as const) : null,
    ([, id]) => import("@/lib/outline").then(({ fetchOutline }) => fetchOutline(client, id)),
  );
  const labels: Record<string, string> = outline ? outlineLabels(outline) : {};
  if (topic) labels[`/studymap/topics/${topic.id}`] = topic.title;
  if (collection) labels[`/studymap/collections/${collection.id}`] = collection.title;
  return <Breadcrumbs labels={labels} trail={trailOf?.(pathname)} className="mb-4" />;
}

import { Link } from "@tanstack/react-router";
import { buttonClasses } from "./ui/button";

export function NotFound({ title = "Page not found" }: { title?: string }) {
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-6 py-16">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">404</p>
        <h1 className="mt-2 text-2xl font-semibold text-neutral-900 dark:text-neutral-50">{title}</h1>
        <p className="mt-2 text-neutral-600 dark:text-neutral-400">
          The page you are looking for does not exist or you do not have access to it.
        </p>
        <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
          Go to your studymap
        </Link>
      </div>
    </main>
  );
}

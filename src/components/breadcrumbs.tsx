import { Link, useLocation } from "@tanstack/react-router";
import { type BreadcrumbItem, type BreadcrumbOptions, buildBreadcrumbs } from "@/domain/breadcrumbs";
import { cn } from "./ui/cn";

interface BreadcrumbsProps extends BreadcrumbOptions {
  className?: string;
}

/** The trail for the current path (docs/product.md §2); labels may name ids such as a topic's title. */
export function Breadcrumbs({ className, ...options }: BreadcrumbsProps) {
  const { pathname } = useLocation();
  const items = buildBreadcrumbs(pathname, options);
  if (items.length < 2) return null;
  return <BreadcrumbTrail items={items} className={className} />;
}

export function BreadcrumbTrail({ items, className }: { items: BreadcrumbItem[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={cn("text-sm", className)}>
      <ol className="flex flex-wrap items-center gap-1.5 text-neutral-500 dark:text-neutral-400">
        {items.map((item, index) => (
          <li key={item.path} className="flex min-w-0 items-center gap-1.5" data-type={item.type}>
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {item.isActive ? (
              <span
                aria-current="page"
                className="truncate font-medium text-neutral-900 dark:text-neutral-100"
              >
                {item.label}
              </span>
            ) : (
              <Link
                to={item.path}
                className="truncate hover:text-neutral-900 hover:underline dark:hover:text-neutral-100"
              >
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

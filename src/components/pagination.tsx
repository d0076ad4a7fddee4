import { Link } from "@tanstack/react-router";
import { pageCount } from "@/domain/pagination";
import { buttonClasses } from "./ui/button";

interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
}

/** Previous / next links that change only the `page` search param of the current route. */
export function Pagination({ page, total, pageSize }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link
          to="."
          search={(previous) => ({ ...previous, page: page - 1 })}
          rel="prev"
          className={buttonClasses("secondary", "sm")}
        >
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-neutral-500 dark:text-neutral-400">
        Page {Math.min(page, pages)} of {pages}
      </p>
      {page < pages ? (
        <Link
          to="."
          search={(previous) => ({ ...previous, page: page + 1 })}
          rel="next"
          className={buttonClasses("secondary", "sm")}
        >
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

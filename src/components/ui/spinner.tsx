import { cn } from "./cn";

/** A spinner with a visible or screen-reader-only label. */
export function Spinner({
  label = "Loading",
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <span
      role="status"
      className={cn(
        "inline-flex items-center gap-2 text-sm text-neutral-500 dark:text-neutral-400",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-neutral-300 border-t-emerald-600 dark:border-neutral-700 dark:border-t-emerald-400"
      />
      <span className={showLabel ? undefined : "sr-only"}>{label}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-48 items-center justify-center">
      <Spinner showLabel />
    </div>
  );
}

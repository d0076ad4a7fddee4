import { cn } from "./ui/cn";

/** The brand wordmark: `studymap.` with its trailing dot. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn("font-semibold tracking-tight text-neutral-900 dark:text-neutral-50", className)}>
      studymap<span className="text-emerald-700 dark:text-emerald-400">.</span>
    </span>
  );
}

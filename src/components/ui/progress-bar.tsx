import { cn } from "./cn";

/** docs/product.md §9: the progress bar's default maximum. */
export const DEFAULT_PROGRESS_MAX = 100;

export type ProgressState = "indeterminate" | "loading" | "complete";

/** docs/product.md §5: max must be greater than 0, else the default 100. */
export function progressMax(max: number | undefined): number {
  return typeof max === "number" && Number.isFinite(max) && max > 0 ? max : DEFAULT_PROGRESS_MAX;
}

/** docs/product.md §5: value must be within 0..max, else it is ignored (the bar becomes indeterminate). */
export function progressValue(value: number | null | undefined, max: number): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

/** docs/product.md §4: indeterminate when there is no value, complete when the value equals max, else loading. */
export function progressState(value: number | null, max: number): ProgressState {
  if (value === null) return "indeterminate";
  return value === max ? "complete" : "loading";
}

/** The share of max reached, as a whole percentage (0 when indeterminate). */
export function progressPercent(value: number | null, max: number): number {
  return value === null ? 0 : Math.round((value / max) * 100);
}

interface ProgressBarProps {
  value?: number | null;
  max?: number;
  /** Accessible name, e.g. "Progressie". */
  label: string;
  className?: string;
}

/** The one accessible progress bar of the product (role=progressbar, WAI-ARIA value attributes). */
export function ProgressBar({ value, max, label, className }: ProgressBarProps) {
  const safeMax = progressMax(max);
  const safeValue = progressValue(value, safeMax);
  const state = progressState(safeValue, safeMax);
  const percent = progressPercent(safeValue, safeMax);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={safeValue ?? undefined}
      aria-valuetext={safeValue === null ? undefined : `${percent}%`}
      data-state={state}
      data-value={safeValue ?? undefined}
      data-max={safeMax}
      className={cn(
        "relative h-2 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800",
        className,
      )}
    >
      <div
        className={cn(
          "h-full rounded-full bg-emerald-700 transition-[width] duration-300 dark:bg-emerald-400",
          state === "indeterminate" && "w-1/3 animate-pulse",
        )}
        style={state === "indeterminate" ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}

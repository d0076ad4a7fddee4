import { lazy, Suspense } from "react";
import type { DialogProps } from "./dialog-view";

/**
 * Radix's dialog (about 13 kB gzip) loads when a dialog first opens, not with every screen that has a
 * button for one (docs/performance.md). A closed Radix dialog renders nothing either, so nothing is
 * rendered until then; closing unmounts it as before, and its focus scope returns focus on unmount.
 */
const DialogView = lazy(() => import("./dialog-view"));

/** An accessible modal (focus trap, Escape, labelled by its title) on Radix's primitive. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogView {...props} />
    </Suspense>
  );
}

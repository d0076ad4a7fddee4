import { lazy, Suspense, useState } from "react";
import { Card } from "@/components/ui/card";

/**
 * The due cards load when the card is expanded: the practice card's code (about 10 kB gzip) stays off
 * the micro-learning overview's first load, whose largest text is a chapter's title (docs/performance.md).
 */
const DuePractice = lazy(() => import("./due-practice.tsx"));

/** docs/product.md §2's "Challenge" card; expanded it offers extra practice (docs/decisions.md §12). */
export function ChallengeCard({ practiceActivityIds }: { practiceActivityIds: readonly string[] }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="text-lg font-semibold">Challenge</h2>
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
        className="self-start text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400"
      >
        Need more? Expand for extra practice
      </button>
      {expanded && (
        <Suspense fallback={<p className="text-sm text-neutral-500 dark:text-neutral-400">Laden…</p>}>
          <DuePractice practiceActivityIds={practiceActivityIds} />
        </Suspense>
      )}
    </Card>
  );
}

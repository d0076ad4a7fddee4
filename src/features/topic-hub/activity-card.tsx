import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** The class of an activity card's title link: it stretches over the whole card. */
export const CARD_LINK_CLASS = "font-medium after:absolute after:inset-0";

/**
 * One activity in the hub's lists (episodes, quizzes): a card whose title links to the activity, a line
 * about where it comes from, and an optional note on the right (a badge, a word count).
 */
export function ActivityCard({ link, meta, aside }: { link: ReactNode; meta: ReactNode; aside?: ReactNode }) {
  return (
    <Card className="relative flex items-start justify-between gap-4 p-4 hover:shadow-md">
      <div className="min-w-0">
        {link}
        <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{meta}</p>
      </div>
      {aside ? <div className="shrink-0">{aside}</div> : null}
    </Card>
  );
}

import { Link } from "@tanstack/react-router";
import { memo, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ProgressBar } from "@/components/ui/progress-bar";
import { topicStatusView } from "@/domain/topic-status";
import type { TopicCardData } from "@/lib/topics/api";
import { TopicThumbnail } from "./topic-thumbnail";

interface TopicCardProps {
  topic: TopicCardData;
  favorite?: boolean;
  onToggleFavorite?(topicId: string, favorite: boolean): void;
  /** Extra actions, such as Subscribe on the explore page. */
  actions?: ReactNode;
}

/**
 * Memoised: a page of cards re-rendered whole whenever the dashboard did (the session's metadata, the
 * favourites or the subjects arriving), each time a long task on a phone (issue 24). A card's props are
 * the SWR row, a boolean and a stable callback.
 */
export const TopicCard = memo(function TopicCard({
  topic,
  favorite,
  onToggleFavorite,
  actions,
}: TopicCardProps) {
  const status = topicStatusView(topic.processing_status);
  return (
    <Card className="group relative flex flex-col overflow-hidden transition-shadow hover:shadow-md">
      <TopicThumbnail stored={topic.thumbnail_image_url} title={topic.title} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          {/* A title may be one long word (a file name): it wraps rather than widen the card. */}
          <h3 className="line-clamp-2 min-w-0 font-semibold wrap-anywhere text-neutral-900 dark:text-neutral-50">
            <Link
              to="/studymap/topics/$topicId/overview"
              params={{ topicId: topic.id }}
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              {topic.title}
            </Link>
          </h3>
          {onToggleFavorite ? (
            <FavoriteButton
              title={topic.title}
              favorite={Boolean(favorite)}
              onToggle={() => onToggleFavorite(topic.id, !favorite)}
            />
          ) : null}
        </div>
        <dl className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-neutral-500 dark:text-neutral-400">
          <div className="flex gap-1">
            <dt className="sr-only">Subject</dt>
            <dd>{topic.subject?.title ?? "No subject"}</dd>
          </div>
          {topic.level ? (
            <div className="flex gap-1">
              <dt className="sr-only">Level</dt>
              <dd>{topic.level}</dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-auto space-y-2">
          <div className="flex items-center justify-between gap-2">
            <Badge tone={status.tone}>{status.label}</Badge>
            {status.showProgress ? (
              <span className="text-xs tabular-nums text-neutral-500 dark:text-neutral-400">
                {topic.processing_progress ?? 0}%
              </span>
            ) : null}
          </div>
          {status.showProgress ? (
            <ProgressBar value={topic.processing_progress} max={100} label={`Progress of ${topic.title}`} />
          ) : null}
          {actions ? <div className="relative z-10 flex gap-2 pt-1">{actions}</div> : null}
        </div>
      </div>
    </Card>
  );
});

function FavoriteButton({
  title,
  favorite,
  onToggle,
}: {
  title: string;
  favorite: boolean;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
      onClick={onToggle}
      className={cn(
        "relative z-10 -m-1 rounded-full p-1 transition-colors focus-visible:outline-2 focus-visible:outline-emerald-600",
        favorite
          ? "text-amber-700 dark:text-amber-400"
          : "text-neutral-500 hover:text-amber-700 dark:text-neutral-400 dark:hover:text-amber-400",
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5"
        fill={favorite ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          d="M10 2.5l2.3 4.7 5.2.8-3.8 3.6.9 5.2L10 14.4l-4.6 2.4.9-5.2L2.5 8l5.2-.8L10 2.5z"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

export function TopicGrid({ children }: { children: ReactNode }) {
  // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column, which grows to a card's widest word.
  return <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { ProgressBar } from "@/components/ui/progress-bar";
import { topicStatusView } from "@/domain/topic-status";
import type { Topic } from "@/lib/topics/api";
import { useThumbnailUrl } from "@/lib/topics/hooks";
import { TopicManagement } from "./topic-management";

/**
 * The topic's thumbnail, title, subject, level and status, shown above every hub screen, with the
 * management actions for those who may manage the topic.
 */
export function TopicHeader({ topic }: { topic: Topic }) {
  const status = topicStatusView(topic.processing_status);
  const { data: thumbnail } = useThumbnailUrl(topic.thumbnail_image_url);
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center">
      {/* Without an image the placeholder is decoration: on a phone it would push the title a screen down. */}
      <div
        data-testid="topic-thumbnail"
        className={cn(
          "aspect-[16/9] w-full shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-emerald-100 to-sky-100 sm:block sm:w-48 dark:from-emerald-950 dark:to-sky-950",
          thumbnail ? "max-h-40 sm:max-h-none" : "hidden",
        )}
      >
        {thumbnail ? <img src={thumbnail} alt="" className="h-full w-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{topic.title}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-500 dark:text-neutral-400">
          <span>{topic.subject?.title ?? "No subject"}</span>
          {topic.level ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{topic.level}</span>
            </>
          ) : null}
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        {status.showProgress ? (
          <div className="flex max-w-sm items-center gap-2">
            <ProgressBar value={topic.processing_progress} max={100} label="Structure generation progress" />
            <span className="text-xs tabular-nums text-neutral-500 dark:text-neutral-400">
              {topic.processing_progress ?? 0}%
            </span>
          </div>
        ) : null}
        {status.key === "failed" && topic.processing_error ? (
          <p className="text-sm text-red-600 dark:text-red-400">{topic.processing_error}</p>
        ) : null}
        <TopicManagement topic={topic} />
      </div>
    </header>
  );
}

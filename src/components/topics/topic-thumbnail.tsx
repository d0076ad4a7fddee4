import { type ReactNode, useState } from "react";
import { useThumbnailUrl } from "@/lib/topics/hooks";

/**
 * A topic's thumbnail (60 s signed URL, else the public URL), or its initial on a gradient. An image
 * that fails to load is logged and not shown (docs/product.md §8). Children overlay it (e.g. a badge).
 */
export function TopicThumbnail({
  stored,
  title,
  className = "",
  children,
}: {
  stored: string | null;
  title: string;
  className?: string;
  children?: ReactNode;
}) {
  const { data: url } = useThumbnailUrl(stored);
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={`relative aspect-[16/9] w-full overflow-hidden bg-gradient-to-br from-emerald-100 to-sky-100 dark:from-emerald-950 dark:to-sky-950 ${className}`}
    >
      {url && !failed ? (
        <img
          src={url}
          alt=""
          loading="lazy"
          className="h-full w-full object-cover"
          onError={() => {
            console.error("Failed to load thumbnail image:", url);
            setFailed(true);
          }}
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-full items-center justify-center text-4xl font-semibold text-emerald-700/60 dark:text-emerald-300/50"
        >
          {title.charAt(0).toUpperCase()}
        </div>
      )}
      {children}
    </div>
  );
}

import { type CSSProperties, type ReactNode, useState } from "react";
import { topicPlaceholder } from "@/domain/topic-placeholder";
import { useThumbnailUrl } from "@/lib/topics/hooks";

/** Overlays for the placeholder's gradient, indexed by `TopicPlaceholder.pattern`. */
const PATTERNS = [
  "",
  "bg-[radial-gradient(circle,rgb(255_255_255/0.35)_1.5px,transparent_1.5px)] bg-[length:14px_14px]",
  "bg-[repeating-linear-gradient(45deg,rgb(255_255_255/0.22)_0_8px,transparent_8px_20px)]",
];

/**
 * A topic's thumbnail (60 s signed URL, else the public URL), or a placeholder made from its title: a
 * gradient and pattern of its own with its initials. An image
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
  const look = topicPlaceholder(title);
  const hues = {
    "--from-hue": look.fromHue,
    "--to-hue": look.toHue,
    "--angle": `${look.angle}deg`,
  } as CSSProperties;
  return (
    <div
      style={hues}
      className={`relative aspect-[16/9] w-full overflow-hidden bg-[linear-gradient(var(--angle),hsl(var(--from-hue)_70%_88%),hsl(var(--to-hue)_65%_78%))] dark:bg-[linear-gradient(var(--angle),hsl(var(--from-hue)_45%_24%),hsl(var(--to-hue)_45%_16%))] ${className}`}
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
          data-testid="topic-placeholder"
          className={`flex h-full items-center justify-center text-4xl font-semibold tracking-wide text-neutral-900/70 dark:text-white/60 ${PATTERNS[look.pattern]}`}
        >
          {look.initials}
        </div>
      )}
      {children}
    </div>
  );
}

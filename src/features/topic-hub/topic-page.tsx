import type { ReactNode } from "react";
import type { Topic } from "@/lib/topics/api";
import { TopicGate } from "./topic-gate";
import { TopicHeader } from "./topic-header";

/** A hub screen: the topic's header, then the screen's own content. */
export function TopicPage({ topicId, children }: { topicId: string; children(topic: Topic): ReactNode }) {
  return (
    <TopicGate topicId={topicId}>
      {(topic) => (
        <>
          <TopicHeader topic={topic} />
          {children(topic)}
        </>
      )}
    </TopicGate>
  );
}

export function SectionTitle({ children, description }: { children: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-4">
      <h2 className="text-lg font-semibold">{children}</h2>
      {description ? (
        <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{description}</p>
      ) : null}
    </div>
  );
}

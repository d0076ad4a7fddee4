import type { ReactNode } from "react";
import { NotFound } from "@/components/not-found";
import { PageSpinner } from "@/components/ui/spinner";
import type { Topic } from "@/lib/topics/api";
import { useTopic } from "@/lib/topics/hooks";

/** Loads a topic and renders `children` with it; not found when it does not exist or is hidden. */
export function TopicGate({ topicId, children }: { topicId: string; children(topic: Topic): ReactNode }) {
  const { data: topic, error, isLoading } = useTopic(topicId);
  if (error && !topic) throw error;
  if (isLoading) return <PageSpinner />;
  if (!topic) return <NotFound title="Topic not found" />;
  return <>{children(topic)}</>;
}

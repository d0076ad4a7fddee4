import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageSpinner } from "@/components/ui/spinner";
import type { ActivityKind } from "@/domain/activity-payload";
import type { TopicActivity } from "./api";
import { useTopicActivities } from "./hooks";

interface CourseContentProps<K extends ActivityKind> {
  topicId: string;
  kinds: readonly K[];
  /** What the list is called, e.g. "quizzes". */
  noun: string;
  children(activities: TopicActivity<K>[]): ReactNode;
}

/**
 * Loads the activities of some kinds from the topic's course and renders them; explains what to do
 * when there is no course yet, or the course has none of them.
 */
export function CourseContent<K extends ActivityKind>({
  topicId,
  kinds,
  noun,
  children,
}: CourseContentProps<K>) {
  const { data, outline, error, isLoading } = useTopicActivities(topicId, kinds);
  if (error && !data) throw error;
  if (isLoading || !outline) return <PageSpinner />;
  if (!outline.course) {
    return (
      <EmptyState
        title={`No ${noun} yet`}
        description={`The ${noun} come from the topic's micro-learning path, which has not been generated yet.`}
        action={
          <Link to="/studymap/topics/$topicId/microlearning" params={{ topicId }} className={buttonClasses()}>
            Go to micro-learning
          </Link>
        }
      />
    );
  }
  if (!data || data.length === 0) {
    return <EmptyState title={`No ${noun} yet`} description={`This topic's course has no ${noun}.`} />;
  }
  return <>{children(data)}</>;
}

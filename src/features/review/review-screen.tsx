import { Link } from "@tanstack/react-router";
import type { ComponentType } from "react";
import type { Grade } from "ts-fsrs";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { PracticeCard } from "@/domain/activity-payload.ts";
import type { StoredCard } from "@/domain/microlearning.ts";
import type { DueCard } from "./api.ts";
import { cardKey, queueByTopic, type TopicQueue } from "./queue.ts";
import { useReviewQueue } from "./use-review-queue.ts";

/**
 * How one card is shown and graded. The route hands in the practice phase's own card, so the queue
 * reviews exactly as the practice phase does while the two features stay apart.
 */
export type ReviewCardComponent = ComponentType<{
  card: PracticeCard;
  state: StoredCard | null;
  onReview(grade: Grade): Promise<unknown>;
}>;

function dueLabel(count: number): string {
  return count === 1 ? "1 kaart te herhalen" : `${count} kaarten te herhalen`;
}

function TopicSection({
  topic,
  Card,
  onReview,
}: {
  topic: TopicQueue;
  Card: ReviewCardComponent;
  onReview(due: DueCard, grade: Grade): Promise<void>;
}) {
  const headingId = `review-topic-${topic.topicId}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {topic.topicTitle}
        </h2>
        <Badge tone={topic.dueCount > 0 ? "warning" : "success"}>{dueLabel(topic.dueCount)}</Badge>
        <Link
          to="/studymap/topics/$topicId/microlearning"
          params={{ topicId: topic.topicId }}
          className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400"
        >
          Naar het leerpad
        </Link>
      </div>
      <ul className="flex flex-col gap-2">
        {topic.cards.map((due) => (
          <Card
            key={cardKey(due)}
            card={due.card}
            state={due.state}
            onReview={(grade) => onReview(due, grade)}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * /review (docs/decisions.md "The review queue"): the practice cards due now across every topic the
 * learner can read, with a count per topic. Dutch, as the practice phase it continues (SPEC: the
 * micro-learning screens are Dutch).
 */
export function ReviewScreen({ Card }: { Card: ReviewCardComponent }) {
  const { cards, error, review } = useReviewQueue();
  if (error && !cards) throw error;
  const topics = cards ? queueByTopic(cards, new Date()) : [];
  const total = topics.reduce((sum, topic) => sum + topic.dueCount, 0);
  return (
    <div lang="nl" className="flex flex-col gap-6">
      <PageHeader
        title="Herhalen"
        description={
          cards && topics.length > 0
            ? `${dueLabel(total)} uit ${topics.length === 1 ? "1 onderwerp" : `${topics.length} onderwerpen`}.`
            : "De oefenkaarten die nu aan de beurt zijn, uit al je onderwerpen."
        }
      />
      {!cards ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">Laden…</p>
      ) : topics.length === 0 ? (
        <EmptyState
          title="Niets te herhalen"
          description="Kom later terug: kaarten die je kent komen na een paar dagen terug."
        />
      ) : (
        topics.map((topic) => (
          <TopicSection key={topic.topicId} topic={topic} Card={Card} onReview={review} />
        ))
      )}
    </div>
  );
}

import { isDue } from "@/domain/microlearning.ts";
import type { DueCard } from "./api.ts";

export interface TopicQueue {
  topicId: string;
  topicTitle: string;
  /** Cards still due now; a card reviewed on this screen stays listed with its next date. */
  dueCount: number;
  cards: DueCard[];
}

/** The queue per topic, in the order the server gave (topic title, then chapter, then due date). */
export function queueByTopic(cards: readonly DueCard[], now: Date): TopicQueue[] {
  const topics = new Map<string, TopicQueue>();
  for (const due of cards) {
    const topic = topics.get(due.topicId) ?? {
      topicId: due.topicId,
      topicTitle: due.topicTitle,
      dueCount: 0,
      cards: [],
    };
    topic.cards.push(due);
    if (isDue(due.state, now)) topic.dueCount += 1;
    topics.set(due.topicId, topic);
  }
  return [...topics.values()];
}

export function cardKey(due: Pick<DueCard, "activityId" | "card">): string {
  return `${due.activityId}/${due.card.id}`;
}

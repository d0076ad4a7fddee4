import { useSubscribedTopics } from "@/lib/subscriptions/hooks";
import { TopicCardList } from "./topic-card-list";

/** Topics from other organisations the user subscribed to; nothing when there are none. */
export function SubscribedTopics() {
  const { data: topics } = useSubscribedTopics();
  if (!topics?.length) return null;
  return (
    <section aria-labelledby="subscribed-heading" className="mt-10">
      <h2 id="subscribed-heading" className="mb-3 text-lg font-semibold">
        Subscribed topics
      </h2>
      <TopicCardList topics={topics} />
    </section>
  );
}

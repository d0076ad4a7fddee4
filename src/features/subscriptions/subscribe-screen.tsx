import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { NotFound } from "@/components/not-found";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { errorMessage } from "@/lib/query";
import { subscribeToTopic } from "@/lib/subscriptions/api";
import { useSubscriptions } from "@/lib/subscriptions/hooks";
import { useTopic } from "@/lib/topics/hooks";

interface SubscribeScreenProps {
  topicId: string;
  entityId?: string;
  entityKind?: string;
}

/** /subscribe/topic/{topicId}: confirm a subscription, on behalf of an entity when one is named. */
export function SubscribeScreen({ topicId, entityId, entityKind }: SubscribeScreenProps) {
  const client = useSupabase();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: topic, error, isLoading } = useTopic(topicId);
  const { data: subscriptions } = useSubscriptions();
  const [busy, setBusy] = useState(false);
  if (error) throw error;
  if (isLoading) return <PageSpinner />;
  if (!topic || !user) return <NotFound title="Topic not found" />;

  const entity = user.memberships.find(
    (membership) => membership.entityId === entityId && membership.entityKind === entityKind,
  );
  const subscribed = subscriptions?.some((subscription) => subscription.topic_id === topicId);

  const subscribe = async () => {
    setBusy(true);
    try {
      await subscribeToTopic(client, {
        userId: user.id,
        topicId,
        entityId: entity?.entityId,
        entityKind: entity?.entityKind,
      });
      await mutate((key) => Array.isArray(key) && ["subscriptions", "subscribed-topics"].includes(key[0]));
      toast.success(`Subscribed to ${topic.title}`);
      await navigate({ to: "/studymap/topics/$topicId/overview", params: { topicId } });
    } catch (failure) {
      toast.error(errorMessage(failure, "Could not subscribe"));
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Subscribe to topic" />
      <Card className="p-6">
        <h2 className="text-lg font-semibold">{topic.title}</h2>
        {topic.description ? (
          <p className="mt-2 text-neutral-600 dark:text-neutral-400">{topic.description}</p>
        ) : null}
        <p className="mt-4 text-sm text-neutral-500 dark:text-neutral-400">
          {entity
            ? `You subscribe on behalf of ${entity.entityName}.`
            : "You subscribe for yourself. The topic then shows under Subscribed topics on your dashboard."}
        </p>
        <div className="mt-6 flex gap-2">
          {subscribed ? (
            <Link to="/studymap/topics/$topicId/overview" params={{ topicId }} className={buttonClasses()}>
              Already subscribed — open topic
            </Link>
          ) : (
            <Button onClick={subscribe} disabled={busy}>
              {busy ? "Subscribing…" : "Subscribe"}
            </Button>
          )}
          <Link to="/explore" className={buttonClasses("ghost")}>
            Cancel
          </Link>
        </div>
      </Card>
    </div>
  );
}

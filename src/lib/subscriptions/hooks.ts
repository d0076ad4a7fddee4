import useSWR from "swr";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { fetchSubscribedTopics, fetchSubscriptions } from "./api";

const subscriptionsKey = (userId: string) => ["subscriptions", userId] as const;

export function useSubscriptions() {
  const client = useSupabase();
  const { user } = useAuth();
  return useSWR(user ? subscriptionsKey(user.id) : null, ([, userId]) => fetchSubscriptions(client, userId));
}

export function useSubscribedTopics() {
  const client = useSupabase();
  const { user } = useAuth();
  return useSWR(user ? (["subscribed-topics", user.id] as const) : null, ([, userId]) =>
    fetchSubscribedTopics(client, userId),
  );
}

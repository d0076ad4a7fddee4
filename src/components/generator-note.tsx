import { useState } from "react";
import useSWR from "swr";
import { activeRoles } from "@/domain/access";
import { OFFLINE_GENERATOR } from "@/domain/llm-endpoint";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { Button } from "./ui/button";

const hintKey = (userId: string, entityId: string) => `studymap:model-hint-dismissed:${userId}:${entityId}`;

function readDismissed(key: string): boolean {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

/**
 * A quiet line naming what wrote a structure or course ("Offline generator" or the model's name). When
 * the offline generator wrote it and the organisation has no model of its own, the reader is told once
 * that an admin can connect one; dismissing it is remembered on this device, per user and organisation.
 */
export function GeneratorNote({
  generator,
  entityId,
}: {
  generator: string | null;
  entityId: string | null;
}) {
  if (!generator) return null;
  return (
    <div className="space-y-2">
      <p className="text-xs text-neutral-500 dark:text-neutral-400">Written by {generator}</p>
      {generator === OFFLINE_GENERATOR && entityId ? <ConnectModelHint entityId={entityId} /> : null}
    </div>
  );
}

function ConnectModelHint({ entityId }: { entityId: string }) {
  const client = useSupabase();
  const { user } = useAuth();
  const key = user ? hintKey(user.id, entityId) : null;
  const [dismissed, setDismissed] = useState(() => (key ? readDismissed(key) : true));
  const { data: hasModel } = useSWR(
    dismissed ? null : (["entity-has-model", entityId] as const),
    async ([, id]) => {
      const { data, error } = await client.rpc("entity_has_language_model", { p_entity_id: id });
      // Only a hint depends on it.
      if (error) return true;
      return data === true;
    },
  );
  if (dismissed || hasModel !== false || !user || !key) return null;
  const admin = activeRoles(user.memberships, entityId).includes("admin");
  const dismiss = () => {
    try {
      localStorage.setItem(key, "1");
    } catch {
      // a browser without storage shows the hint again next time
    }
    setDismissed(true);
  };
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-neutral-200 px-3 py-2 text-sm text-neutral-600 dark:border-neutral-800 dark:text-neutral-400"
    >
      <p>
        {admin
          ? "For better content, connect a language model under Account settings → Language model."
          : "For better content, an admin of your organisation can connect a language model."}
      </p>
      <Button size="sm" variant="ghost" onClick={dismiss}>
        Got it
      </Button>
    </div>
  );
}

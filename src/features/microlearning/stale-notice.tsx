import useSWR from "swr";
import { useSupabase } from "@/lib/auth/auth-context";
import { fetchActivityIsStale } from "./stale-mark.ts";

/** The notice's words (docs/teachers.md "When a source changes"): quiet, and saying what happens next. */
export const STALE_NOTICE =
  "De bron van dit onderdeel is aangepast. Een deel van de inhoud past misschien niet meer bij de nieuwe tekst; je docent werkt het bij.";

/**
 * A quiet notice on an activity whose cited lines changed in its sources. It never blocks the phase:
 * a learner may still study it. A failed read shows nothing rather than an alarm.
 */
export function StaleNotice({ activityId }: { activityId: string }) {
  const client = useSupabase();
  const { data: stale } = useSWR(["activity-stale", activityId], () =>
    fetchActivityIsStale(client, activityId),
  );
  if (!stale) return null;
  return (
    <p
      role="note"
      className="rounded-lg border border-neutral-200 bg-neutral-50 px-4 py-3 text-sm text-neutral-700 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-300"
    >
      {STALE_NOTICE}
    </p>
  );
}

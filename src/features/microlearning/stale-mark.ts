import type { StudymapClient } from "@/lib/database";
import { unwrap } from "@/lib/query";

/** Whether an activity's cited lines changed in its sources since it was written (docs/teachers.md). */
export async function fetchActivityIsStale(client: StudymapClient, activityId: string): Promise<boolean> {
  const rows = unwrap(
    await client.from("stale_activities").select("activity_id").eq("activity_id", activityId).limit(1),
  );
  return (rows ?? []).length > 0;
}

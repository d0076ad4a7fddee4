import type { Tables } from "@/lib/database";

/**
 * An activity row as the screens read it. `kind` and `payload` are checked against the domain's
 * schemas where they are used (activity-payload.ts); the SQL check on `kind` and the zod enum are tied
 * by tests/database/domain-enums.test.ts.
 */
export const ACTIVITY_COLUMNS = "id, chapter_id, kind, title, position, payload" as const;
export type ActivityRow = Pick<
  Tables<"activities">,
  "id" | "chapter_id" | "kind" | "title" | "position" | "payload"
>;

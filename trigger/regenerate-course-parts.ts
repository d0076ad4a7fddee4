import { schedules } from "@trigger.dev/sdk";
import { runQueuedRegenerations } from "./course-parts/regenerate.ts";
import { llmUsageRecorder } from "./llm-usage.ts";
import { serviceClient } from "./supabase.ts";

/**
 * The scheduled task's id. It has no caller (requests are queued in the database by
 * request_item_regeneration and request_chapter_regeneration), so it needs no grant or payload.
 */
export const REGENERATE_COURSE_PARTS = "regenerate-course-parts";

/**
 * Every minute: carries out the queued regenerations of one item or one chapter of a published learning
 * path (course-parts/regenerate.ts, docs/teachers.md). Who may ask and how often was decided when the
 * request was queued.
 */
export const regenerateCourseParts = schedules.task({
  id: REGENERATE_COURSE_PARTS,
  cron: "* * * * *",
  maxDuration: 600,
  run: () => runQueuedRegenerations(serviceClient(), llmUsageRecorder()),
});

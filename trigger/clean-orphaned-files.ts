import { schedules } from "@trigger.dev/sdk";
import { CLEAN_ORPHANED_FILES } from "../src/domain/tasks.ts";
import { removeOrphanedFiles } from "./orphaned-files.ts";
import { serviceClient } from "./supabase.ts";

/** Every five minutes: removes the source files of deleted topics from Storage (orphaned-files.ts). */
export const cleanOrphanedFiles = schedules.task({
  id: CLEAN_ORPHANED_FILES,
  cron: "*/5 * * * *",
  maxDuration: 300,
  run: () => removeOrphanedFiles(serviceClient()),
});

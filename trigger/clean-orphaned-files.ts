import { schedules } from "@trigger.dev/sdk";
import { removeOrphanedFiles } from "./orphaned-files.ts";
import { serviceClient } from "./supabase.ts";

/** Every five minutes: removes the source files of deleted topics from Storage (orphaned-files.ts). */
export const cleanOrphanedFiles = schedules.task({
  id: "clean-orphaned-files",
  cron: "*/5 * * * *",
  maxDuration: 300,
  run: () => removeOrphanedFiles(serviceClient()),
});

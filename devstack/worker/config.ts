import path from "node:path";
import { pathToFileURL } from "node:url";
import type { TriggerConfig } from "@trigger.dev/sdk";

/** The parts of trigger.config.ts the local worker honours. */
export type LocalTriggerConfig = Pick<TriggerConfig, "project" | "maxDuration" | "retries"> & {
  dirs: string[];
  ignorePatterns: string[];
};

/** Trigger.dev's defaults for TriggerConfig.ignorePatterns (setting the option replaces them). */
export const DEFAULT_IGNORE_PATTERNS = ["**/*.test.*", "**/*.spec.*", "**/*.d.ts"];

/** Reads the project's trigger.config.ts, the same file `trigger.dev deploy` reads. */
export async function loadTriggerConfig(root: string): Promise<LocalTriggerConfig> {
  const module = (await import(pathToFileURL(path.join(root, "trigger.config.ts")).href)) as {
    default: TriggerConfig;
  };
  const { project, dirs, ignorePatterns, maxDuration, retries } = module.default;
  return {
    project,
    dirs: dirs ?? ["./trigger"],
    ignorePatterns: ignorePatterns ?? DEFAULT_IGNORE_PATTERNS,
    maxDuration,
    retries,
  };
}

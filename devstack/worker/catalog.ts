import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { lifecycleHooks, resourceCatalog, type TaskMetadataWithFunctions } from "@trigger.dev/core/v3";
import { StandardLifecycleHooksManager, StandardResourceCatalog } from "@trigger.dev/core/v3/workers";

/**
 * Finds the tasks the way Trigger.dev's own dev worker does: every `schemaTask()`/`task()` registers
 * itself in the SDK's resource catalog when its file is imported, so the worker imports each file under
 * the configured task directories and reads run functions, schemas and options back from the catalog.
 * The task code is the one in trigger/, never a copy.
 */

const SOURCE_FILE = /\.[cm]?[jt]sx?$/;

export type LocalTask = TaskMetadataWithFunctions & { filePath: string };

let installed = false;
const loadedFiles = new Set<string>();

/**
 * The catalog and the lifecycle-hook registry are process-wide SDK globals. They must be in place
 * before a task file is first imported: a task imported earlier has already registered into the
 * SDK's no-op catalog and is lost.
 */
function installGlobals(): void {
  if (installed) return;
  resourceCatalog.setGlobalResourceCatalog(new StandardResourceCatalog());
  lifecycleHooks.setGlobalLifecycleHooksManager(new StandardLifecycleHooksManager());
  installed = true;
}

export interface LoadedTasks {
  tasks: Map<string, LocalTask>;
  /** Files that could not be imported, with the reason; their tasks are unavailable. */
  failures: Array<{ file: string; error: unknown }>;
}

export async function loadTasks(
  root: string,
  dirs: string[],
  ignorePatterns: string[],
): Promise<LoadedTasks> {
  installGlobals();
  const failures: LoadedTasks["failures"] = [];
  const ignored = (file: string) =>
    ignorePatterns.some((pattern) => path.matchesGlob(path.relative(root, file), pattern));
  const files = dirs.flatMap((dir) => sourceFiles(path.resolve(root, dir))).filter((file) => !ignored(file));
  for (const file of files) {
    if (loadedFiles.has(file)) continue;
    const relative = path.relative(root, file);
    resourceCatalog.setCurrentFileContext(relative, relative);
    try {
      await import(pathToFileURL(file).href);
      loadedFiles.add(file);
    } catch (error) {
      failures.push({ file: relative, error });
    } finally {
      resourceCatalog.clearCurrentFileContext();
    }
  }
  const relativeFiles = new Set(files.map((file) => path.relative(root, file)));
  const tasks = new Map<string, LocalTask>();
  for (const manifest of resourceCatalog.listTaskManifests()) {
    if (!relativeFiles.has(manifest.filePath)) continue;
    const task = resourceCatalog.getTask(manifest.id);
    if (task) tasks.set(task.id, { ...task, filePath: manifest.filePath });
  }
  return { tasks, failures };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
      return SOURCE_FILE.test(entry.name) ? [full] : [];
    });
}

/** The lifecycle hooks a task registered (task-level first, then global ones from the config). */
export function taskHooks(taskId: string) {
  return {
    startAttempt: [lifecycleHooks.getTaskStartAttemptHook(taskId)].filter(isDefined),
    catchError: [
      lifecycleHooks.getTaskCatchErrorHook(taskId),
      ...lifecycleHooks.getGlobalCatchErrorHooks().map((hook) => hook.fn),
    ].filter(isDefined),
    success: [
      lifecycleHooks.getTaskSuccessHook(taskId),
      ...lifecycleHooks.getGlobalSuccessHooks().map((hook) => hook.fn),
    ].filter(isDefined),
    failure: [
      lifecycleHooks.getTaskFailureHook(taskId),
      ...lifecycleHooks.getGlobalFailureHooks().map((hook) => hook.fn),
    ].filter(isDefined),
    complete: [
      lifecycleHooks.getTaskCompleteHook(taskId),
      ...lifecycleHooks.getGlobalCompleteHooks().map((hook) => hook.fn),
    ].filter(isDefined),
  };
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

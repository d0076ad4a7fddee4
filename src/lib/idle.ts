/** Schedules work that can wait; returns nothing, as no caller cancels it. */
export type Scheduler = (task: () => void) => void;

/** Runs work at once: for tests and for code that has no page to wait for. */
export const immediately: Scheduler = (task) => task();

/**
 * Runs `task` when the browser next has an idle moment, and after `timeoutMs` at the latest. Where
 * requestIdleCallback is missing (Safari), it runs on the next task.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 0);
}

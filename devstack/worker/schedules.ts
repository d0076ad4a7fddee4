import { stringifyIO } from "@trigger.dev/core/v3";
import { RunId } from "@trigger.dev/core/v3/isomorphic";
import { CronExpressionParser } from "cron-parser";
import type pg from "pg";
import type { LocalTask } from "./catalog.ts";
import { RUNS_TABLE } from "./runs.ts";

/**
 * Declarative schedules (`schedules.task({ cron })`), as Trigger.dev fires them: one run per cron slot,
 * with a ScheduledTaskPayload. Each slot's run is keyed by the task and the slot's time, so several
 * workers sharing one database (the dev gateway and a test's) fire it once, and a worker that was down
 * fires only the latest missed slot, not every one.
 */

export interface ScheduledTask {
  id: string;
  cron: string;
  timezone: string;
}

export function scheduledTasks(tasks: Iterable<LocalTask>): ScheduledTask[] {
  return [...tasks].flatMap((task) =>
    task.schedule?.cron ? [{ id: task.id, cron: task.schedule.cron, timezone: task.schedule.timezone }] : [],
  );
}

/** The latest slot at or before `now`, and the one before it and the next ones (for the payload). */
export function slotsAround(schedule: ScheduledTask, now: Date) {
  const options = { currentDate: new Date(now.getTime() + 1), tz: schedule.timezone };
  const backwards = CronExpressionParser.parse(schedule.cron, options);
  const current = backwards.prev().toDate();
  const previous = backwards.prev().toDate();
  const forwards = CronExpressionParser.parse(schedule.cron, options);
  const upcoming = [1, 2, 3, 4, 5].map(() => forwards.next().toDate());
  return { current, previous, upcoming };
}

/** Creates the run of the latest slot of each schedule unless it exists; returns the runs created. */
export async function fireDueSchedules(
  pool: pg.Pool,
  environmentId: string,
  schedules: readonly ScheduledTask[],
  now = new Date(),
): Promise<string[]> {
  const created: string[] = [];
  for (const schedule of schedules) {
    const { current, previous, upcoming } = slotsAround(schedule, now);
    const packet = await stringifyIO({
      type: "DECLARATIVE",
      timestamp: current,
      lastTimestamp: previous,
      timezone: schedule.timezone,
      scheduleId: `sched_${schedule.id}`,
      upcoming,
    });
    const { rows } = await pool.query<{ id: string }>(
      `insert into ${RUNS_TABLE} (id, environment_id, task_identifier, status, payload, payload_type,
          tags, request_idempotency_key, queue)
        values ($1, $2, $3, 'PENDING', $4, $5, '{}', $6, $7)
        on conflict (request_idempotency_key) do nothing
        returning id`,
      [
        RunId.generate().friendlyId,
        environmentId,
        schedule.id,
        packet.data ?? null,
        packet.dataType,
        `schedule:${schedule.id}:${current.toISOString()}`,
        `task/${schedule.id}`,
      ],
    );
    created.push(...rows.map((row) => row.id));
  }
  return created;
}

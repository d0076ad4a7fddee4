import { randomUUID } from "node:crypto";
import { defaultRetryOptions, parsePacket, stringifyIO } from "@trigger.dev/core/v3";
import pg from "pg";
import { type AttemptOutcome, executeAttempt, resolvedRetry } from "./attempt.ts";
import { type LocalTask, loadTasks } from "./catalog.ts";
import { DEFAULT_IGNORE_PATTERNS, type LocalTriggerConfig, loadTriggerConfig } from "./config.ts";
import { installRunMetadata, RunMetadataScope } from "./metadata.ts";
import {
  type ClaimableTask,
  claimRun,
  completeRun,
  failRun,
  lostRuns,
  renewLeases,
  saveMetadata,
  scheduleRetry,
  startAttempt,
  sweepRuns,
} from "./queue.ts";
import { RUN_CHANGES_CHANNEL, type RunRecord } from "./runs.ts";
import { fireDueSchedules, type ScheduledTask, scheduledTasks } from "./schedules.ts";

/**
 * The local stand-in for Trigger.dev's workers: runs the tasks of trigger/ in this process, one
 * attempt at a time per run, with the tasks' own retry, backoff and maxDuration settings. Runs live
 * in Postgres, so any number of workers (the dev gateway, a test's gateway) can share one database.
 */

export interface WorkerOptions {
  pool: pg.Pool;
  /** For a dedicated LISTEN connection: new and cancelled runs are noticed at once. */
  databaseUrl: string;
  /** The project root (where trigger.config.ts lives). */
  root: string;
  /** Task directories, relative to root; default: trigger.config.ts's `dirs`. */
  taskDirs?: string[];
  /** The task service's environment: scheduled runs are created in it. */
  environmentId: string;
  /** The variables every run sees in process.env (see run-env.ts). */
  env: Record<string, string>;
  log: (line: string) => void;
  /** Attempts running at once in this worker. */
  concurrency?: number;
  /** How often to look for runs whose delay or backoff has passed, when nothing else wakes the worker. */
  pollIntervalMs?: number;
  /** How long a claim holds without renewal before another worker treats the attempt as crashed. */
  leaseMs?: number;
}

export interface WorkerHandle {
  id: string;
  /** The tasks this worker runs, with their default time-to-live. */
  tasks: Array<{ id: string; ttl?: string | number }>;
  stop(): Promise<void>;
}

/** How long the worker waits before opening a lost LISTEN connection again. */
const RELISTEN_DELAY_MS = 1_000;

export async function startWorker(options: WorkerOptions): Promise<WorkerHandle> {
  const config = await loadTriggerConfig(options.root);
  // Task folders given by the caller (tests) are not the config's, so the config's ignore list is not theirs.
  const loaded = options.taskDirs
    ? await loadTasks(options.root, options.taskDirs, DEFAULT_IGNORE_PATTERNS)
    : await loadTasks(options.root, config.dirs, config.ignorePatterns);
  for (const failure of loaded.failures) {
    options.log(`worker: could not load ${failure.file}: ${describe(failure.error)}`);
  }
  installRunMetadata();
  const worker = new Worker(options, config, loaded.tasks);
  await worker.start();
  const tasks = [...loaded.tasks.values()].map((task) => ({ id: task.id, ttl: task.ttl }));
  return { id: worker.id, tasks, stop: () => worker.stop() };
}

class Worker {
  readonly id = `worker_${randomUUID()}`;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly inFlight = new Map<string, { abandon: AbortController; done: Promise<void> }>();
  private readonly claimable: ClaimableTask[];
  private readonly schedules: ScheduledTask[];
  private listener: pg.Client | null = null;
  private stopped = false;
  private woken = false;
  private endSleep: (() => void) | null = null;
  private loopDone: Promise<void> = Promise.resolve();
  private housekeeping: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: WorkerOptions,
    private readonly config: LocalTriggerConfig,
    private readonly tasks: Map<string, LocalTask>,
  ) {
    this.concurrency = options.concurrency ?? 2;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.claimable = [...tasks.values()].map((task) => ({
      id: task.id,
      concurrencyLimit: task.queue?.concurrencyLimit ?? undefined,
    }));
    this.schedules = scheduledTasks(tasks.values());
  }

  async start(): Promise<void> {
    await this.listen();
    this.housekeeping = setInterval(() => void this.keepHouse(), Math.max(250, this.leaseMs / 3));
    this.housekeeping.unref();
    this.loopDone = this.loop();
  }

  /**
   * The LISTEN connection that notices new and cancelled runs at once. When Postgres goes away it is
   * opened again (after a pause, until it works), and the loop is woken to catch what it missed; the
   * regular poll keeps runs moving meanwhile.
   */
  private async listen(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.options.databaseUrl });
    this.listener = listener;
    listener.on("notification", (message) => this.onRunChanged(message.payload));
    listener.on("error", (error) => {
      this.options.log(`worker: listener: ${describe(error)}`);
      this.relistenLater(listener);
    });
    listener.on("end", () => this.relistenLater(listener));
    await listener.connect();
    unrefSocket(listener);
    await listener.query(`listen ${RUN_CHANGES_CHANNEL}`);
  }

  private relistenLater(lost: pg.Client): void {
    if (this.listener !== lost || this.stopped) return;
    this.listener = null;
    lost.end().catch(() => {});
    const retry = setTimeout(() => {
      if (this.stopped || this.options.pool.ending) return;
      this.listen().then(
        () => this.wake(),
        (error: unknown) => {
          this.options.log(`worker: listener: ${describe(error)}`);
          if (this.listener) this.relistenLater(this.listener);
        },
      );
    }, RELISTEN_DELAY_MS);
    retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.housekeeping);
    this.wake();
    await this.loopDone;
    for (const { abandon } of this.inFlight.values()) abandon.abort(new Error("The worker is stopping."));
    await Promise.all([...this.inFlight.values()].map((attempt) => attempt.done));
    await this.listener?.end().catch(() => {});
  }

  private async loop(): Promise<void> {
    while (!this.stopped && !this.options.pool.ending) {
      const run = this.inFlight.size < this.concurrency ? await this.claim() : null;
      if (run) {
        this.begin(run);
        continue;
      }
      await this.sleep();
    }
    // The gateway closed the database pool without stopping the worker first: stand down quietly.
    if (!this.stopped) {
      clearInterval(this.housekeeping);
      await this.listener?.end().catch(() => {});
    }
  }

  /** Waits for the poll interval, or less when something changed (also while the worker was busy). */
  private sleep(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.endSleep?.(), this.pollIntervalMs).unref();
      this.endSleep = () => {
        clearTimeout(timer);
        this.endSleep = null;
        this.woken = false;
        resolve();
      };
    });
  }

  private wake(): void {
    this.woken = true;
    this.endSleep?.();
  }

  private async claim(): Promise<RunRecord | null> {
    try {
      return await claimRun(this.options.pool, this.id, this.claimable, this.leaseMs);
    } catch (error) {
      if (!this.stopped && !this.options.pool.ending)
        this.options.log(`worker: claim failed: ${describe(error)}`);
      return null;
    }
  }

  private begin(run: RunRecord): void {
    const abandon = new AbortController();
    const done = this.attempt(run, abandon.signal)
      .catch((error) =>
        this.options.log(`worker: run ${run.id} attempt failed to record: ${describe(error)}`),
      )
      .finally(() => {
        this.inFlight.delete(run.id);
        this.wake();
      });
    this.inFlight.set(run.id, { abandon, done });
  }

  private async attempt(claimed: RunRecord, abandon: AbortSignal): Promise<void> {
    const task = this.tasks.get(claimed.task_identifier);
    if (!task) return;
    const retry =
      this.config.retries?.enabledInDev === false ? undefined : resolvedRetry(task, this.config, null);
    const maxDuration = task.maxDuration ?? this.config.maxDuration;
    const maxAttempts = retry ? (retry.maxAttempts ?? defaultRetryOptions.maxAttempts) : 1;
    const run = await startAttempt(this.options.pool, claimed.id, this.id, maxAttempts, maxDuration);
    if (!run) return;
    const { env, log, pool } = this.options;
    const metadata = new RunMetadataScope(await initialMetadata(run), (values) =>
      saveMetadata(pool, run.id, values),
    );
    const outcome = await executeAttempt({ run, task, config: this.config, env, abandon, metadata, log });
    await metadata.close();
    await this.record(run, outcome);
  }

  private async record(run: RunRecord, outcome: AttemptOutcome): Promise<void> {
    const { pool } = this.options;
    switch (outcome.kind) {
      case "success": {
        const packet = await stringifyIO(outcome.output);
        const output = typeof packet.data === "string" ? packet.data : undefined;
        await completeRun(pool, run.id, this.id, {
          output,
          outputType: packet.dataType,
          durationMs: outcome.durationMs,
        });
        return;
      }
      case "retry":
        await scheduleRetry(pool, run.id, this.id, outcome.delayMs, outcome.durationMs);
        // Look again when the backoff ends rather than at the next poll.
        setTimeout(() => this.wake(), outcome.delayMs).unref();
        return;
      case "failure":
        await failRun(pool, run.id, this.id, outcome);
        return;
      case "abandoned":
        return;
    }
  }

  /** A run changed somewhere: maybe a new run to claim, maybe one of ours was cancelled. */
  private onRunChanged(runId: string | undefined): void {
    if (runId && this.inFlight.has(runId)) void this.abandonLostRuns([runId]);
    this.wake();
  }

  private async keepHouse(): Promise<void> {
    if (this.stopped || this.options.pool.ending) return;
    const { pool } = this.options;
    try {
      const held = [...this.inFlight.keys()];
      await renewLeases(pool, this.id, held, this.leaseMs);
      await this.abandonLostRuns(held);
      await sweepRuns(pool);
      await fireDueSchedules(pool, this.options.environmentId, this.schedules);
    } catch (error) {
      if (!this.stopped) this.options.log(`worker: housekeeping failed: ${describe(error)}`);
    }
  }

  private async abandonLostRuns(runIds: string[]): Promise<void> {
    const lost = await lostRuns(this.options.pool, this.id, runIds).catch(() => []);
    for (const runId of lost) this.inFlight.get(runId)?.abandon.abort(new Error("The run was cancelled."));
  }
}

/** The metadata the run was triggered with (or kept from earlier attempts), as an object. */
async function initialMetadata(run: RunRecord): Promise<Record<string, unknown>> {
  const value = await parsePacket({ data: run.metadata ?? undefined, dataType: run.metadata_type });
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
}

/**
 * The worker never keeps its process alive by itself (its timers are unref'd too): a process that
 * closed everything else may exit even if the worker was not stopped.
 */
function unrefSocket(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

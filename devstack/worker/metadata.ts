import { AsyncLocalStorage } from "node:async_hooks";
import { runMetadata } from "@trigger.dev/core/v3";

/**
 * `metadata.set/append/increment/…` from @trigger.dev/sdk inside a locally executed run. Trigger.dev's
 * workers keep a run's metadata in memory and flush it to the run; here each attempt gets a scope
 * (found through AsyncLocalStorage, since several runs share this process) that writes the run row's
 * metadata column, which runs.retrieve and the realtime feed return.
 */

type Json = Record<string, unknown>;

export class RunMetadataScope {
  private values: Json;
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    initial: Json,
    private readonly persist: (values: Json) => Promise<void>,
  ) {
    this.values = structuredClone(initial);
  }

  current(): Json {
    return this.values;
  }

  change(mutate: (values: Json) => void): void {
    mutate(this.values);
    if (this.closed) return;
    // Batches bursts of updates (progress ticks) into one write, as the SDK's flush interval does. A
    // batch that fails is written again by the next flush, and `close` reports the last one's failure.
    this.timer ??= setTimeout(() => void this.flush().catch(() => {}), 250);
  }

  flush(): Promise<void> {
    if (this.closed) return Promise.resolve();
    clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot = structuredClone(this.values);
    this.flushing = this.flushing.catch(() => {}).then(() => this.persist(snapshot));
    return this.flushing;
  }

  /**
   * Writes the last values and stops writing: an abandoned attempt's code may still be running (the
   * worker stops waiting for it) and must not write to a run, or a pool, that has moved on.
   */
  close(): Promise<void> {
    const last = this.flush();
    this.closed = true;
    return last;
  }
}

const scopes = new AsyncLocalStorage<RunMetadataScope>();

export function withRunMetadata<T>(scope: RunMetadataScope, work: () => T): T {
  return scopes.run(scope, work);
}

function scope(): RunMetadataScope {
  const current = scopes.getStore();
  if (!current) throw new Error("Run metadata is only available inside a run.");
  return current;
}

function list(values: Json, key: string): unknown[] {
  const existing = values[key];
  return Array.isArray(existing) ? existing : existing === undefined ? [] : [existing];
}

/** Parent and root runs do not exist locally (no triggerAndWait); their updaters do nothing. */
function detachedUpdater() {
  const updater = {
    append: () => updater,
    set: () => updater,
    del: () => updater,
    increment: () => updater,
    decrement: () => updater,
    remove: () => updater,
    update: () => updater,
    stream: () => Promise.reject(new Error("Metadata streams are not supported by the local task service.")),
  };
  return updater;
}

const localManager = {
  enterWithMetadata: () => {},
  current: () => scopes.getStore()?.current(),
  getKey: (key: string) => scopes.getStore()?.current()[key],
  set: (key: string, value: unknown) =>
    scope().change((values) => {
      values[key] = value;
    }),
  del: (key: string) =>
    scope().change((values) => {
      delete values[key];
    }),
  append: (key: string, value: unknown) =>
    scope().change((values) => {
      values[key] = [...list(values, key), value];
    }),
  remove: (key: string, value: unknown) =>
    scope().change((values) => {
      values[key] = list(values, key).filter((item) => JSON.stringify(item) !== JSON.stringify(value));
    }),
  increment: (key: string, by = 1) =>
    scope().change((values) => {
      values[key] = (typeof values[key] === "number" ? values[key] : 0) + by;
    }),
  decrement: (key: string, by = 1) =>
    scope().change((values) => {
      values[key] = (typeof values[key] === "number" ? values[key] : 0) - by;
    }),
  update: (metadata: Json) =>
    scope().change((values) => {
      for (const key of Object.keys(values)) delete values[key];
      Object.assign(values, metadata);
    }),
  flush: () => scopes.getStore()?.flush() ?? Promise.resolve(),
  refresh: () => Promise.resolve(),
  stream: () => Promise.reject(new Error("Metadata streams are not supported by the local task service.")),
  fetchStream: () =>
    Promise.reject(new Error("Metadata streams are not supported by the local task service.")),
  get parent() {
    return detachedUpdater();
  },
  get root() {
    return detachedUpdater();
  },
};

let installed = false;

/** Registers the local manager as the SDK's (process-wide) run-metadata manager, once. */
export function installRunMetadata(): void {
  if (installed) return;
  runMetadata.setGlobalManager(localManager as unknown as Parameters<typeof runMetadata.setGlobalManager>[0]);
  installed = true;
}

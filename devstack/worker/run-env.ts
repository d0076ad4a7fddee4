import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Each run's environment variables, as `process.env`. On Trigger.dev a run's process has the project's
 * variables in its own `process.env`; here several runs share the gateway's process, so `process.env`
 * becomes a view that, inside a run, answers with the run's variables first and the process's own
 * otherwise. Task code reads `process.env` exactly as it does in the cloud and knows nothing of this.
 */

type EnvValues = Readonly<Record<string, string | undefined>>;

const scope = new AsyncLocalStorage<EnvValues>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const host = process.env;
  /** The run's own entry for `key`, or undefined when the run does not set it (or there is no run). */
  const runEntry = (key: string | symbol): { value: string | undefined } | undefined => {
    const values = scope.getStore();
    return values && typeof key === "string" && Object.hasOwn(values, key)
      ? { value: values[key] }
      : undefined;
  };
  process.env = new Proxy(host, {
    // Writes go to the process's own environment, which takes only plain assignments: without this
    // trap an assignment to an existing variable (the `debug` package's `process.env.DEBUG = …`) would
    // reach it as a partial property definition and throw.
    set: (target, key, value) => Reflect.set(target, key, value),
    get: (target, key) => {
      const entry = runEntry(key);
      return entry ? entry.value : Reflect.get(target, key);
    },
    has: (target, key) => runEntry(key) !== undefined || Reflect.has(target, key),
    ownKeys: (target) => [...new Set([...Reflect.ownKeys(target), ...Object.keys(scope.getStore() ?? {})])],
    getOwnPropertyDescriptor: (target, key) => {
      const entry = runEntry(key);
      if (!entry) return Reflect.getOwnPropertyDescriptor(target, key);
      return { value: entry.value, writable: true, enumerable: true, configurable: true };
    },
  });
}

/** Runs `work` with `values` layered over the process's environment for everything it awaits. */
export function withRunEnv<T>(values: EnvValues, work: () => T): T {
  install();
  return scope.run(values, work);
}

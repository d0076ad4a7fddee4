import { type ChildProcess, execFile, spawn } from "node:child_process";
import { type FSWatcher, watch } from "node:fs";
import { Socket } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { z } from "zod";
import type { FunctionLocation } from "./config.ts";

const HOST_SCRIPT = new URL("./deno-host.ts", import.meta.url).pathname;
const READY_PREFIX = "studymap-function-listening:";
/** The first start may download the function's npm packages into Deno's cache. */
const BOOT_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 2_000;

export interface WorkerSpec {
  name: string;
  entryPath: string;
  /** deno.json with the import map; none lets Deno discover one as it would for `deno run`. */
  configPath: string | null;
  /**
   * What the function may read at run time: the functions folder, as a deployed function reads its own
   * files. Its imports need no permission, as the entry is Deno's main module.
   */
  readableDir: string;
  denoBin: string;
  env: Record<string, string>;
  log: (line: string) => void;
}

export class FunctionBootError extends Error {}

/**
 * One long-lived Deno process serving one edge function: started on first use, started again on the
 * next request after it crashed, like the edge runtime's user workers, or after one of its source
 * files changed, like `supabase functions serve`.
 */
export class FunctionWorker {
  #starting: Promise<string> | null = null;
  #child: ChildProcess | null = null;

  constructor(private readonly spec: WorkerSpec) {}

  /** The worker's origin (http://127.0.0.1:<port>), starting the process when none is running. */
  origin(): Promise<string> {
    this.#starting ??= this.#start().catch((error: unknown) => {
      this.#starting = null;
      throw error;
    });
    return this.#starting;
  }

  async stop(): Promise<void> {
    const child = this.#child;
    this.#starting = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const forceKill = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(forceKill);
  }

  /** Watches the function's source files; a change ends this process, so the next request loads anew. */
  #stopWhenSourcesChange(child: ChildProcess, files: string[]): void {
    const stopIfCurrent = () => {
      if (this.#child === child) void this.stop();
    };
    const watchers = files.flatMap((file): FSWatcher[] => {
      try {
        return [watch(file, stopIfCurrent)];
      } catch {
        return [];
      }
    });
    const closeAll = () => {
      for (const watcher of watchers) watcher.close();
    };
    if (child.exitCode !== null || child.signalCode !== null) closeAll();
    else child.once("exit", closeAll);
  }

  async #start(): Promise<string> {
    // Listed while the process boots, and watched before it serves, so no edit can slip in between.
    const sources = localModules(this.spec).catch((error: unknown) => {
      this.spec.log(`[functions/${this.spec.name}] its sources are not watched: ${error}`);
      return [];
    });
    const { child, origin } = await this.#spawn();
    this.#stopWhenSourcesChange(child, await sources);
    return origin;
  }

  #spawn(): Promise<{ child: ChildProcess; origin: string }> {
    const { spec } = this;
    const child = spawn(spec.denoBin, denoArguments(spec), {
      cwd: path.dirname(spec.entryPath),
      env: spec.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.#child = child;
    letProcessExitWithout(child);
    const log = (line: string) => spec.log(`[functions/${spec.name}] ${line}`);
    createInterface({ input: child.stderr }).on("line", log);

    return new Promise((resolve, reject) => {
      const fail = (reason: string) => {
        clearTimeout(bootTimer);
        child.kill("SIGKILL");
        reject(new FunctionBootError(`${spec.name}: ${reason}`));
      };
      const bootTimer = setTimeout(() => fail(`not listening after ${BOOT_TIMEOUT_MS} ms`), BOOT_TIMEOUT_MS);
      createInterface({ input: child.stdout }).on("line", (line) => {
        if (!line.startsWith(READY_PREFIX)) return log(line);
        clearTimeout(bootTimer);
        resolve({ child, origin: `http://127.0.0.1:${line.slice(READY_PREFIX.length)}` });
      });
      child.once("error", (error) => fail(error.message));
      child.once("exit", (code, signal) => {
        if (this.#child === child) {
          this.#child = null;
          this.#starting = null;
        }
        log(`exited (${signal ?? `code ${code}`})`);
        fail(`exited before listening (${signal ?? `code ${code}`})`);
      });
    });
  }
}

/**
 * A function process never keeps the gateway's process alive; when that process ends, the host sees
 * its stdin close and exits too.
 */
function letProcessExitWithout(child: ChildProcess): void {
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) {
    if (stream instanceof Socket) stream.unref();
  }
}

function configArguments(configPath: string | null): string[] {
  return configPath ? [`--config=${configPath}`] : [];
}

function denoArguments(spec: WorkerSpec): string[] {
  return [
    "run",
    "--no-prompt",
    ...configArguments(spec.configPath),
    // Hosted functions may reach any host and read what was deployed with them, and write nothing.
    "--allow-net",
    "--allow-env",
    `--allow-read=${spec.readableDir}`,
    `--preload=${HOST_SCRIPT}`,
    spec.entryPath,
  ];
}

/**
 * Fills Deno's npm cache for these functions in the background, so the first call to each need not
 * wait for the registry. One `deno cache` per import map; a failure only means a slower first call.
 */
export async function warmDependencyCache(
  denoBin: string,
  functions: readonly FunctionLocation[],
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<void> {
  const entriesByConfig = new Map<string | null, string[]>();
  for (const { configPath, entryPath } of functions) {
    entriesByConfig.set(configPath, [...(entriesByConfig.get(configPath) ?? []), entryPath]);
  }
  for (const [configPath, entries] of entriesByConfig) {
    await promisify(execFile)(denoBin, ["cache", ...configArguments(configPath), ...entries], { env }).catch(
      (error: unknown) =>
        log(`[functions] could not cache the dependencies of ${entries.join(", ")}: ${error}`),
    );
  }
}

const denoInfoSchema = z.object({
  modules: z.array(z.object({ specifier: z.string(), local: z.string().optional() })),
});

/** The function's own source files: every module of its graph that is a local file. */
async function localModules(spec: WorkerSpec): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    spec.denoBin,
    ["info", "--json", ...configArguments(spec.configPath), spec.entryPath],
    { cwd: path.dirname(spec.entryPath), env: spec.env, maxBuffer: 64 * 1024 * 1024 },
  );
  const { modules } = denoInfoSchema.parse(JSON.parse(stdout));
  return modules.flatMap(({ specifier, local }) => (specifier.startsWith("file:") && local ? [local] : []));
}

import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type SourceKind, SourceReadError } from "./errors.ts";
import type { IngestedSource, SourceInput } from "./index.ts";
import { SOURCE_LIMITS, type SourceLimit, SourceLimitError, type SourceLimits } from "./limits.ts";
import { type ReadStep, type ReadStepListener, withReadProgress } from "./read-progress.ts";
import { assertSizeWithinLimits, ingestWithinLimits } from "./within-limits.ts";

/**
 * Reads one source in a child process of its own, so a hostile file fails only that source: the child
 * gets a V8 heap cap (`--max-old-space-size`), its resident memory is watched (PDF.js and JSZip inflate
 * into ArrayBuffers, which no heap cap counts), and it is killed at the time limit. The process that
 * runs the task (the local gateway's worker, or a Trigger.dev run) only waits for a message, so it keeps
 * answering however long or large the reading gets.
 *
 * The child runs this very module: it is started with the path of the file this code is in
 * (`import.meta.url`) and, seeing CHILD_MARK in its environment, reads the source it is sent. That path
 * holds wherever the code runs: this .ts file under tsx (the local stack) or Vitest, and the .mjs chunk
 * Trigger.dev's esbuild bundle put this code in, whose imports are the bundle's own files. So no worker
 * file has to survive bundling, and the same code runs locally and in production.
 */

const CHILD_MARK = "STUDYMAP_INGEST_CHILD";
const THIS_FILE = fileURLToPath(import.meta.url);
/** How often the child's resident memory is looked at; PDF.js inflates a few MB in that time. */
const MEMORY_POLL_MS = 50;
/** Share of the memory limit given to V8's heap; the rest is for buffers, code and the runtime. */
const HEAP_SHARE = 0.75;
const STDERR_KEPT = 4_000;
/** A child outlives its time limit by this much only if its parent could not kill it. */
const ORPHAN_GRACE_MS = 5_000;

export interface IsolatedIngestOptions {
  maxLines?: number;
  limits?: SourceLimits;
  /** Stops the reading (kills the child): the run was cancelled or went over its maxDuration. */
  signal?: AbortSignal;
  /** Told each step of the reading as the child reports it (pages read, scanned pages recognised). */
  onStep?: ReadStepListener;
}

type WireError =
  | { type: "limit"; limit: SourceLimit }
  | { type: "read"; reason: string }
  | { type: "other"; message: string; stack?: string };

type ChildReply = { ok: true; ingested: IngestedSource } | { ok: false; error: WireError };

/** What the child sends: steps while it reads, then one reply. */
type ChildMessage = ChildReply | { step: ReadStep };

interface ChildRequest {
  input: SourceInput;
  maxLines?: number;
  limits: SourceLimits;
}

/**
 * ingestSource in a child process, within SOURCE_LIMITS: the source's chunks, or a SourceReadError that
 * says which limit it went over ("… took longer than 120 s to read", "… needs more memory than allowed
 * to read"), or why it could not be read. Other failures (the child could not start) throw an Error.
 */
export function ingestIsolated(
  input: SourceInput,
  options: IsolatedIngestOptions = {},
): Promise<IngestedSource> {
  const limits = options.limits ?? SOURCE_LIMITS;
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  try {
    assertSizeWithinLimits(input, limits);
  } catch (error) {
    return Promise.reject(error);
  }
  const over = (limit: SourceLimit) => new SourceLimitError(input.file_name, input.kind, limit, limits);

  return new Promise<IngestedSource>((resolve, reject) => {
    const child = startChild(limits);
    let stderr = "";
    let stoppedFor: SourceLimit | "abort" | null = null;
    let settled = false;
    const stop = (why: SourceLimit | "abort") => {
      stoppedFor ??= why;
      child.kill("SIGKILL");
    };
    const deadline = setTimeout(() => stop("seconds"), limits.seconds * 1000);
    const memoryWatch = setInterval(() => {
      const rss = residentMb(child.pid);
      if (rss !== null && rss > limits.memoryMb) stop("memoryMb");
    }, MEMORY_POLL_MS);
    const onAbort = () => stop("abort");
    signal?.addEventListener("abort", onAbort, { once: true });
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearInterval(memoryWatch);
      signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      outcome();
    };

    child.stderr?.on("data", (data: Buffer) => {
      stderr = (stderr + data.toString("utf8")).slice(-STDERR_KEPT);
    });
    child.on("message", (message: ChildMessage) => {
      if ("step" in message) {
        if (!settled) options.onStep?.(message.step);
        return;
      }
      finish(() => (message.ok ? resolve(message.ingested) : reject(fromWire(message.error, input, limits))));
    });
    child.on("error", (error) => finish(() => reject(error)));
    child.on("exit", (code, exitSignal) =>
      finish(() => {
        if (stoppedFor === "abort") reject(signal?.reason ?? new Error("The reading was stopped."));
        else if (stoppedFor) reject(over(stoppedFor));
        else if (ranOutOfHeap(stderr)) reject(over("memoryMb"));
        else
          reject(
            new Error(
              `Reading "${input.file_name}" stopped (${exitSignal ?? `exit code ${code}`}). ${stderr.trim()}`,
            ),
          );
      }),
    );
    child.send({ input, maxLines: options.maxLines, limits } satisfies ChildRequest);
  });
}

function startChild(limits: SourceLimits): ChildProcess {
  const heapMb = Math.max(64, Math.floor(limits.memoryMb * HEAP_SHARE));
  return fork(THIS_FILE, [], {
    execArgv: [`--max-old-space-size=${heapMb}`, ...typeScriptLoader()],
    // The child parses untrusted files: it gets none of the task's secrets.
    env: { [CHILD_MARK]: "1", PATH: process.env.PATH ?? "", TZ: process.env.TZ ?? "UTC" },
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

/** This module as TypeScript (tsx, Vitest) needs tsx's loader in the child; the bundle's .mjs does not. */
function typeScriptLoader(): string[] {
  if (!THIS_FILE.endsWith(".ts")) return [];
  const loader = createRequire(import.meta.url).resolve("tsx");
  return ["--import", pathToFileURL(loader).href];
}

/** The child's resident memory in MB, from /proc (Linux: the local stack and Trigger.dev's machines). */
function residentMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function ranOutOfHeap(stderr: string): boolean {
  return /heap out of memory|Allocation failed|invalid array length|Array buffer allocation failed/i.test(
    stderr,
  );
}

function toWire(error: unknown): WireError {
  if (error instanceof SourceLimitError) return { type: "limit", limit: error.limit };
  if (error instanceof SourceReadError) return { type: "read", reason: error.reason };
  if (error instanceof RangeError && /allocation|array length|string length|buffer/i.test(error.message))
    return { type: "limit", limit: "memoryMb" };
  const message = error instanceof Error ? error.message : String(error);
  return { type: "other", message, stack: error instanceof Error ? error.stack : undefined };
}

function fromWire(error: WireError, input: { file_name: string; kind: SourceKind }, limits: SourceLimits) {
  switch (error.type) {
    case "limit":
      return new SourceLimitError(input.file_name, input.kind, error.limit, limits);
    case "read":
      return new SourceReadError(input.file_name, input.kind, error.reason);
    case "other":
      return Object.assign(new Error(error.message), { stack: error.stack });
  }
}

/** The child's side: read the one source it is sent, answer, and exit. */
function serveOneSource(): void {
  // The parent enforces the limits; if it is gone (its run was killed), nobody waits for this reading.
  process.once("disconnect", () => process.exit(1));
  process.once("message", (request: ChildRequest) => {
    setTimeout(() => process.exit(1), request.limits.seconds * 1000 + ORPHAN_GRACE_MS).unref();
    withReadProgress(
      (step) => process.send?.({ step } satisfies ChildMessage),
      () => ingestWithinLimits(request.input, request.maxLines, request.limits),
    ).then(
      (ingested) => reply({ ok: true, ingested }),
      (error: unknown) => reply({ ok: false, error: toWire(error) }),
    );
  });
}

function reply(message: ChildReply): void {
  // Exit once the answer is out: PDF.js may keep handles open that would hold the child alive.
  process.send?.(message, undefined, {}, () => process.exit(0));
}

if (process.env[CHILD_MARK] === "1" && process.argv[1] === THIS_FILE && process.send) serveOneSource();

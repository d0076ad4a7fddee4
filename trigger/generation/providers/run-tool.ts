import { spawn } from "node:child_process";

/** Why a command-line tool gave no output: not installed, ended with an error, or took too long. */
export class ToolError extends Error {
  constructor(
    readonly reason: "missing" | "failed" | "timeout",
    message: string,
  ) {
    super(message);
  }
}

export interface ToolRun {
  /** Bytes written to the tool's standard input (text to speak, audio to encode), then closed. */
  input: string | Uint8Array;
  /** The tool is killed after this long. */
  timeoutMs: number;
  /** Named in errors: "Install Debian's <package>". */
  debPackage: string;
}

/**
 * Runs `command` with `args` as a child process, never through a shell (so nothing in the input or the
 * arguments is interpreted), feeding `input` on stdin and collecting stdout. A missing command, a
 * non-zero exit or the timeout rejects with a ToolError naming the tool and what it said on stderr.
 */
export function runTool(command: string, args: readonly string[], run: ToolRun): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], timeout: run.timeoutMs });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    // The tool may exit before reading all its input (a bad voice); the exit code says why, not EPIPE.
    child.stdin.on("error", () => {});
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new ToolError("missing", `${command} is not installed: install Debian's ${run.debPackage}.`)
          : new ToolError("failed", `${command} could not be started: ${error.message}`),
      );
    });
    child.on("close", (code, signal) => {
      const said = Buffer.concat(stderr).toString("utf8").trim().slice(0, 300);
      if (code === 0) resolve(Buffer.concat(stdout));
      else if (signal && child.killed)
        reject(
          new ToolError("timeout", `${command} took longer than ${run.timeoutMs / 1000} s and was stopped.`),
        );
      else
        reject(
          new ToolError("failed", `${command} failed (exit ${code ?? signal}): ${said || "no message"}`),
        );
    });
    child.stdin.end(run.input);
  });
}

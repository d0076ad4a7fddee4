import { spawn } from "node:child_process";

export interface RunResult {
  code: number;
  output: string;
}

/** Runs a command, echoing its output live, and resolves with its exit code and what it printed. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on("error", () => resolve({ code: 127, output }));
  });
}

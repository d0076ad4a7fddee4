import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";

/**
 * What the tests need beyond npm comes from Debian's packages, installed here on demand so a fresh
 * clone needs nothing done by hand. Where installing is impossible, the run stops naming the package.
 */
let aptUpdated = false;

/**
 * apt-get waits this long for another apt or dpkg run (a second test run, the machine's own updates)
 * to release its lock, instead of failing at once.
 */
const APT_LOCK_WAIT = ["-o", "DPkg::Lock::Timeout=600"];

export function hasCommand(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

export function ensureCommand(command: string, debPackage: string): void {
  if (hasCommand(command)) return;
  aptInstall([debPackage]);
  if (!hasCommand(command))
    throw new Error(`'${command}' is still missing after installing Debian's ${debPackage}.`);
}

/**
 * What the tasks render episodes with when no speech provider is configured: eSpeak NG speaks the turns
 * and LAME encodes the episode to MP3 (trigger/generation/providers/offline-speech.ts, pipelines/mp3.ts).
 * The Trigger.dev image gets the same packages from trigger.config.ts.
 */
export const SPEECH_TOOLS = [
  { command: "espeak-ng", debPackage: "espeak-ng" },
  { command: "lame", debPackage: "lame" },
] as const;

export function ensureSpeechTools(): void {
  const missing = SPEECH_TOOLS.filter((tool) => !hasCommand(tool.command));
  if (missing.length > 0) aptInstall(missing.map((tool) => tool.debPackage));
  for (const tool of missing) {
    if (!hasCommand(tool.command))
      throw new Error(`'${tool.command}' is still missing after installing Debian's ${tool.debPackage}.`);
  }
}

export function aptInstall(packages: string[]): void {
  const hint = `Install Debian's ${packages.join(", ")} (apt-get install ${packages.join(" ")}) and run again.`;
  if (userInfo().uid !== 0 || !hasCommand("apt-get")) throw new Error(`Missing system package. ${hint}`);
  console.log(`Installing Debian packages: ${packages.join(", ")}`);
  if (!aptUpdated) {
    execFileSync("apt-get", [...APT_LOCK_WAIT, "update", "-qq"], { stdio: "inherit" });
    aptUpdated = true;
  }
  const install = ["install", "-y", "-qq", "--no-install-recommends", ...packages];
  const result = spawnSync("apt-get", [...APT_LOCK_WAIT, ...install], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) throw new Error(`apt-get could not install the packages. ${hint}`);
}

/**
 * pgTAP is plain SQL: the files of Debian's postgresql-15-pgtap package are copied into the embedded
 * server's extension folder. The package is unpacked, not installed, so no Debian server is pulled in.
 */
export function ensurePgTap(extensionDir: string): void {
  if (existsSync(path.join(extensionDir, "pgtap.control"))) return;
  const debPackage = "postgresql-15-pgtap";
  const work = mkdtempSync(path.join(tmpdir(), "pgtap-"));
  try {
    const installed = "/usr/share/postgresql/15/extension";
    let source = installed;
    if (!existsSync(path.join(installed, "pgtap.control"))) {
      if (!hasCommand("apt-get")) throw new Error(`pgTAP is missing. Install Debian's ${debPackage}.`);
      if (!aptUpdated && userInfo().uid === 0) {
        execFileSync("apt-get", [...APT_LOCK_WAIT, "update", "-qq"], { stdio: "inherit" });
        aptUpdated = true;
      }
      execFileSync("apt-get", ["download", debPackage], { cwd: work, stdio: "inherit" });
      const deb = readdirSync(work).find((name) => name.endsWith(".deb"));
      if (!deb) throw new Error(`apt-get download ${debPackage} produced no package.`);
      execFileSync("dpkg-deb", ["-x", deb, "unpacked"], { cwd: work });
      source = path.join(work, "unpacked", "usr", "share", "postgresql", "15", "extension");
    }
    mkdirSync(extensionDir, { recursive: true });
    for (const file of readdirSync(source).filter((name) => name.startsWith("pgtap"))) {
      copyFileSync(path.join(source, file), path.join(extensionDir, file));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

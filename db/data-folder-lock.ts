import { readFile, rm, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";
import { FS_ERRORS, fsErrorCode } from "@/lib/runs/resource-errors";

/** Another process holds the data folder: this one must not open it. */
export class DataFolderLockedError extends Error {
  override readonly name = "DataFolderLockedError";
  constructor(readonly dir: string) {
    super(
      `The data folder ${dir} is in use by another Prefrontal server (PGlite allows one process per ` +
        "folder). Stop the other server, or start this one with its own PREFRONTAL_DATA_DIR, or use " +
        "PostgreSQL (DATABASE_URL) to run several servers on one database.",
    );
  }
}

/** The disk is full, or the folder cannot be written: said in those words, not as a PGlite failure. */
export class StorageError extends Error {
  override readonly name = "StorageError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A clear error for a file-system fault under the data folder; other errors as they are. */
export function describeFsError(e: unknown, dir: string): unknown {
  const code = fsErrorCode(e);
  if (!code) return e;
  return new StorageError(`Cannot write the data folder ${dir}: ${FS_ERRORS[code]} (${code}).`, code);
}

/** Below this much free space PGlite cannot work (it fails mid-query without naming the disk). */
export const MIN_FREE_BYTES = 32 * 1024 * 1024;

export type StatFs = (path: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;
const statFolder: StatFs = (p) => statfs(p);

/** Free bytes for unprivileged writes on the file system holding `dir` (or its nearest parent). */
export async function freeBytes(dir: string, stat: StatFs = statFolder): Promise<number> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const s = await stat(at);
      return Number(s.bavail) * Number(s.bsize);
    } catch (e) {
      const parent = path.dirname(at);
      if ((e as { code?: string }).code !== "ENOENT" || parent === at) throw e;
      at = parent;
    }
  }
}

/** A StorageError when the disk under `dir` is (nearly) full, else null. */
export async function diskFullError(dir: string, stat: StatFs = statFolder): Promise<StorageError | null> {
  const free = await freeBytes(dir, stat).catch(() => Number.POSITIVE_INFINITY);
  if (free >= MIN_FREE_BYTES) return null;
  const mb = (free / 1024 / 1024).toFixed(1);
  return new StorageError(
    `Cannot write the data folder ${path.resolve(dir)}: the disk is full (ENOSPC; ${mb} MB free, ` +
      `${MIN_FREE_BYTES / 1024 / 1024} MB needed). Free some space and start again.`,
    "ENOSPC",
  );
}

// Beside the lock directory, not in it: the library removes its directory with rmdir.
const ownerFile = (target: string) => `${target}.lock.pid`;

/** The lock's owner is a process of this machine that no longer exists (killed, crashed). */
async function ownerIsGone(target: string): Promise<boolean> {
  const pid = Number((await readFile(ownerFile(target), "utf8").catch(() => "")).trim());
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as { code?: string }).code === "ESRCH";
  }
}

/**
 * Take the folder's lock: a `<dir>.lock` directory, refreshed every few seconds, and the
 * owner's pid in `<dir>.lock.pid`. A lock whose owner died (SIGKILL, a crash) is taken over at once — its pid is gone —
 * or, failing that, once it has not been refreshed for 15 s. Resolves to the release function.
 */
export async function lockDataFolder(dir: string): Promise<() => Promise<void>> {
  const target = path.resolve(dir);
  try {
    return await takeLock(target);
  } catch (e) {
    if ((e as { code?: string }).code === "ELOCKED" && (await ownerIsGone(target))) {
      await rm(`${target}.lock`, { recursive: true, force: true });
      return takeLock(target).catch((again) => {
        throw lockError(again, target);
      });
    }
    throw lockError(e, target);
  }
}

function lockError(e: unknown, target: string): unknown {
  if ((e as { code?: string }).code === "ELOCKED") return new DataFolderLockedError(target);
  return describeFsError(e, target);
}

async function takeLock(target: string): Promise<() => Promise<void>> {
  const release = await lockfile.lock(target, {
    stale: 15_000,
    update: 5_000,
    realpath: false,
    lockfilePath: `${target}.lock`,
    // Lost (the lock folder was removed, the disk stalled): say so; stopping would lose runs.
    onCompromised: (err) => console.error(`prefrontal: the lock on ${target} was lost:`, err.message),
  });
  await writeFile(ownerFile(target), String(process.pid));
  return async () => {
    // The pid first: once released, the file may already be the next owner's.
    await rm(ownerFile(target), { force: true });
    await release().catch(() => {});
  };
}

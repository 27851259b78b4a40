import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";

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

const FS_CODES: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "permission denied",
};

/** The file-system cause of `e`, if any, anywhere in its cause chain or message. */
export function fsErrorCode(e: unknown): string | null {
  for (let cur = e, depth = 0; cur && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && code in FS_CODES) return code;
    const message = cur instanceof Error ? cur.message : String(cur);
    const named = Object.keys(FS_CODES).find((c) => message.includes(c));
    if (named) return named;
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

/** A clear error for a file-system fault under the data folder; other errors as they are. */
export function describeFsError(e: unknown, dir: string): unknown {
  const code = fsErrorCode(e);
  if (!code) return e;
  return new StorageError(`Cannot write the data folder ${dir}: ${FS_CODES[code]} (${code}).`, code);
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
    await release().catch(() => {});
  };
}

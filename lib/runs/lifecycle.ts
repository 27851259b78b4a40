import "server-only";

/** How long shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Errors at start that no retry mends: the message for the operator, or null for anything else.
 * Recognised by name (Next.js may load the classes more than once).
 */
export function fatalStartError(e: unknown): string | null {
  if (!(e instanceof Error)) return null;
  if (e.name === "DataFolderLockedError" || e.name === "StorageError") return e.message;
  return null;
}

/**
 * `fn` run once and its result shared, like a cached promise, except that a failure is not
 * cached: the next call tries again. For start-up work that a passing fault (a full disk, a
 * database restart) may break.
 */
export function untilSuccess<T>(fn: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= fn().catch((e: unknown) => {
      pending = null;
      throw e;
    });
    return pending;
  };
}

/** At start: a fault no retry mends ends the process with the operator's message (exit 1). */
export function exitOnFatalStart(e: unknown): void {
  const fatal = fatalStartError(e);
  if (!fatal) throw e;
  console.error(`prefrontal: cannot start: ${fatal}`);
  process.exit(1);
}

let installed = false;

/**
 * SIGTERM and SIGINT close the database (releasing the PGlite folder lock) and exit; a timer
 * ends the process even when closing hangs (a full disk, a lost database). Runs in progress
 * resume from their events at the next start.
 */
export function installShutdown(): void {
  if (installed) return;
  installed = true;
  const stop = (signal: NodeJS.Signals) => {
    console.error(`prefrontal: ${signal}: stopping`);
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    void import("@/db/client")
      .then(({ closeSharedDb }) => closeSharedDb())
      .catch((e) => console.error("prefrontal: closing the database failed:", e))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

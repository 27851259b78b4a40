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

import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { runs } from "../schema";

/**
 * The status of a run row whose events are still being written in batches (an import, a fork's
 * copied history). Such a row is in no list and no lookup; it becomes visible at its last batch.
 */
export const HIDDEN_STATUS = "importing";

/** The condition every read of runs adds, so a half-written run is never seen. */
export const visibleRuns = ne(runs.status, HIDDEN_STATUS as never);

/**
 * At start: a process that died midway through writing a run leaves its hidden row; remove it.
 * Only rows older than `olderThanMs`, so that on a shared PostgreSQL another server's import in
 * progress is left alone.
 */
export async function discardHiddenRuns(db: Db, olderThanMs = 0): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  const removed = await db
    .delete(runs)
    .where(and(eq(runs.status, HIDDEN_STATUS as never), lt(runs.createdAt, sql`${cutoff}::timestamptz`)))
    .returning({ id: runs.id });
  return removed.length;
}

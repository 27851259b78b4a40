import { and, desc, eq, lte } from "drizzle-orm";
import type { RunState } from "@/lib/agent/state";
import type { Db } from "../client";
import { runSnapshots } from "../schema";

export async function insertSnapshot(db: Db, state: RunState): Promise<void> {
  await db.insert(runSnapshots).values({ runId: state.runId, seq: state.seq, state }).onConflictDoNothing();
}

/** The newest stored state at or before `seq`. */
export async function snapshotAtOrBefore(
  db: Db,
  runId: string,
  seq: number,
): Promise<{ seq: number; state: RunState } | null> {
  const [row] = await db
    .select({ seq: runSnapshots.seq, state: runSnapshots.state })
    .from(runSnapshots)
    .where(and(eq(runSnapshots.runId, runId), lte(runSnapshots.seq, seq)))
    .orderBy(desc(runSnapshots.seq))
    .limit(1);
  return row ?? null;
}

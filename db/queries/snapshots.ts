import { desc } from "drizzle-orm";
import type { RunState } from "@/lib/agent/state";
import type { Db } from "../client";
import { runSnapshots } from "../schema";
import { lineageOf, segmentFilter } from "./lineage";

export async function insertSnapshot(db: Db, state: RunState): Promise<void> {
  await db.insert(runSnapshots).values({ runId: state.runId, seq: state.seq, state }).onConflictDoNothing();
}

/**
 * The newest stored state at or before `seq`. For a fork by reference, a parent's state at or
 * before the fork seq is the fork's state there too, once it carries the fork's identity.
 */
export async function snapshotAtOrBefore(
  db: Db,
  runId: string,
  seq: number,
): Promise<{ seq: number; state: RunState } | null> {
  const lineage = await lineageOf(db, runId);
  if (!lineage) return null;
  const where = segmentFilter(
    { ...lineage, segments: lineage.segments.map((s) => ({ ...s, lo: -1 })) },
    runSnapshots.runId,
    runSnapshots.seq,
    -1,
    seq,
  );
  if (!where) return null;
  const [row] = await db
    .select({ runId: runSnapshots.runId, seq: runSnapshots.seq, state: runSnapshots.state })
    .from(runSnapshots)
    .where(where)
    .orderBy(desc(runSnapshots.seq))
    .limit(1);
  if (!row) return null;
  const state = row.runId === runId ? row.state : { ...row.state, runId, parentRunId: lineage.parentRunId };
  return { seq: row.seq, state };
}

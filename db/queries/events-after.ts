import { and, asc, eq, gt } from "drizzle-orm";
import { RunEvent } from "@/lib/agent/events";
import type { Db } from "../client";
import { type RunEventRecord, runEvents } from "../schema";
import { inherits, type Lineage, lineageOf, segmentFilter } from "./lineage";

/**
 * Events with seq > afterSeq, in seq order, validated on the way out. A fork by reference reads
 * the part of its history before the fork where it is stored (its parent's rows), as its own.
 */
export async function eventsAfter(db: Db, runId: string, afterSeq = -1, limit?: number): Promise<RunEvent[]> {
  const lineage = await lineageOf(db, runId);
  if (!lineage || !inherits(lineage)) {
    const query = db
      .select()
      .from(runEvents)
      .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, afterSeq)))
      .orderBy(asc(runEvents.seq));
    const rows = limit === undefined ? await query : await query.limit(limit);
    return rows.map(toRunEvent);
  }
  const where = segmentFilter(lineage, runEvents.runId, runEvents.seq, afterSeq);
  if (!where) return [];
  const query = db.select().from(runEvents).where(where).orderBy(asc(runEvents.seq));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => asOwn(lineage, toRunEvent(row)));
}

/** An inherited event as the fork's own: its run id, and its `run.started` naming its parent. */
export function asOwn(lineage: Lineage, event: RunEvent): RunEvent {
  if (event.runId === lineage.runId) return event;
  const own = { ...event, runId: lineage.runId };
  return own.type === "run.started"
    ? { ...own, parentRunId: lineage.parentRunId, forkSeq: lineage.forkSeq }
    : own;
}

/** The stored row back into the event it was made from (a fractional `at` in the payload wins). */
export function toRunEvent(row: RunEventRecord): RunEvent {
  return RunEvent.parse({
    runId: row.runId,
    seq: row.seq,
    type: row.type,
    at: row.createdAt.getTime(),
    ...row.payload,
  });
}

import { and, asc, eq, gt } from "drizzle-orm";
import { RunEvent } from "@/lib/agent/events";
import type { Db } from "../client";
import { type RunEventRecord, runEvents } from "../schema";

/** Events with seq > afterSeq, in seq order, validated on the way out. */
export async function eventsAfter(db: Db, runId: string, afterSeq = -1, limit?: number): Promise<RunEvent[]> {
  const query = db
    .select()
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, afterSeq)))
    .orderBy(asc(runEvents.seq));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toRunEvent);
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

import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { RunStatus } from "@/lib/agent/state";
import type { RunRow } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { runs } from "../schema";
import { visibleRuns } from "./hidden-runs";
import { toRunRow } from "./run-row";

const DEFAULT_LIMIT = 100;

/** Newest first, optionally of one status. */
export async function listRuns(
  db: Db,
  query: { status?: RunStatus; limit?: number } = {},
): Promise<RunRow[]> {
  const rows = await db
    .select()
    .from(runs)
    .where(query.status ? eq(runs.status, query.status) : visibleRuns)
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(query.limit ?? DEFAULT_LIMIT);
  return rows.map(toRunRow);
}

/** The runs forked from this one, oldest first. */
export async function listForks(db: Db, runId: string): Promise<RunRow[]> {
  const rows = await db
    .select()
    .from(runs)
    .where(and(eq(runs.parentRunId, runId), visibleRuns))
    .orderBy(asc(runs.createdAt), asc(runs.id))
    .limit(DEFAULT_LIMIT);
  return rows.map(toRunRow);
}

/** Runs whose loop should be running after a restart: running or pending, not read-only. Oldest first. */
export async function unfinishedRunIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(inArray(runs.status, ["running", "pending"]), eq(runs.readOnly, false)))
    .orderBy(asc(runs.createdAt), asc(runs.id));
  return rows.map((r) => r.id);
}

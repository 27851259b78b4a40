import { and, eq } from "drizzle-orm";
import type { RunRow } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { runs } from "../schema";
import { visibleRuns } from "./hidden-runs";
import { toRunRow } from "./run-row";

export async function getRun(db: Db, runId: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, runId), visibleRuns))
    .limit(1);
  return row ? toRunRow(row) : null;
}

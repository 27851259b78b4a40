import type { NewRun } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { runs } from "../schema";

/** Creates the runs row before the run's first event; an id in use is an error. */
export async function insertRun(db: Db, run: NewRun): Promise<void> {
  const inserted = await db
    .insert(runs)
    .values({
      id: run.id,
      goal: run.goal,
      model: run.model,
      config: run.config,
      parentRunId: run.parentRunId,
      forkSeq: run.forkSeq,
      readOnly: run.readOnly,
    })
    .onConflictDoNothing({ target: runs.id })
    .returning({ id: runs.id });
  if (inserted.length === 0) throw new Error(`Run ${run.id} already exists.`);
}

import { type InheritedQuestion, type NewFork, questionKey } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { questions, runs } from "../schema";
import { type EventWithState, rowProjection, writeBatch } from "./insert-run-with-events";

/**
 * A fork by reference, in one short transaction whatever the length of its history: the row
 * (pointing at the run that holds the events up to the fork seq), the questions still open at the
 * fork (each run answers its own), and the fork's own first events. Nothing is copied, and no
 * snapshot is written: what it costs does not grow with the history or the state. The entries'
 * states give the row its projection only (they may leave the history's fields out).
 */
export async function insertFork(
  db: Db,
  run: NewFork,
  inherited: readonly InheritedQuestion[],
  entries: readonly EventWithState[],
): Promise<void> {
  const last = entries.at(-1);
  if (!last) throw new Error(`Fork ${run.id}: a fork records at least one event of its own.`);
  entries.forEach(({ event }, i) => {
    if (event.runId !== run.id || event.seq !== run.forkSeq + 1 + i)
      throw new Error(`Fork ${run.id}: event ${event.seq} does not follow the fork seq ${run.forkSeq}.`);
  });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(runs)
      .values({ ...run, ...rowProjection(last), createdAt: new Date(last.event.at) })
      .onConflictDoNothing({ target: runs.id })
      .returning({ id: runs.id });
    if (inserted.length === 0) throw new Error(`Run ${run.id} already exists.`);
    if (inherited.length > 0) {
      await tx.insert(questions).values(
        inherited.map((q) => ({
          id: questionKey(run.id, q.questionId),
          runId: run.id,
          questionId: q.questionId,
          prompt: q.prompt,
          choices: q.choices,
          taskId: q.taskId,
          origin: q.origin,
          askedAt: q.askedAt,
        })),
      );
    }
    // No snapshot of its own at the fork: its state there is the parent's nearest snapshot and
    // the few events after it, as for any step (writing one would cost as much as the state is big).
    await writeBatch(tx, [...entries], null);
  });
}

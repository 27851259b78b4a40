import { z } from "zod";
import { invalidInput, ServiceError } from "../errors";
import { IdText, RunIdText, safeText } from "../safe-text";
import { contextFor, requireRun } from "./run-context-for";
import type { RunService } from "./run-service";

export const RollbackRunInput = z.object({
  runId: RunIdText,
  snapshotId: IdText,
  by: safeText({ min: 1, max: 100 }),
  reason: safeText({ min: 1, max: 500, tooShort: "Say why you roll back." }),
});

/**
 * Restore working memory to a snapshot and re-open the tasks run since then; recorded tool results
 * are reused, so no side effect repeats. Only for a run that is paused on a question or failed.
 */
export async function rollbackRun(service: RunService, input: unknown): Promise<{ runId: string }> {
  const parsed = RollbackRunInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { runId, snapshotId, by, reason } = parsed.data;
  const run = await requireRun(service, runId);
  if (service.active.has(runId)) {
    throw new ServiceError(
      "invalid_state",
      "The run is executing; roll back when it waits for a question, or fork it.",
    );
  }
  if (run.status !== "waiting" && run.status !== "failed") {
    throw new ServiceError(
      "invalid_state",
      `A ${run.status} run cannot be rolled back; fork it from a past step instead.`,
    );
  }
  const { ctx, abort } = await contextFor(service, run);
  const snap = ctx.state.snapshots[snapshotId];
  if (!snap)
    throw new ServiceError("invalid_input", `snapshotId: run ${runId} has no snapshot ${snapshotId}.`);
  const [taken] = await service.store.events(runId, snap.seq - 1, 1);
  if (taken?.type !== "snapshot.taken")
    throw new Error(`Event ${snap.seq} of ${runId} is not snapshot ${snapshotId}`);
  const events = await service.store.events(runId, snap.seq);
  const reopened = [
    ...new Set(
      events.flatMap((e) => (e.type === "task.started" && ctx.state.tasks[e.taskId] ? [e.taskId] : [])),
    ),
  ].filter((id) => ctx.state.tasks[id]?.status !== "skipped");
  await ctx.emit({
    type: "rollback",
    snapshotId,
    taskIds: reopened,
    by,
    reason,
    hint: "",
    memory: taken.memory,
  });
  for (const q of Object.values(ctx.state.questions)) {
    if (q.status === "pending" && q.taskId && reopened.includes(q.taskId)) {
      await ctx.emit({
        type: "question.answered",
        questionId: q.id,
        answer: "retry",
        by: `rollback by ${by}`,
      });
    }
  }
  void service.launch(ctx, abort);
  return { runId };
}

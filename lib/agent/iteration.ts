import { decayConfidence, planEviction, staleReflections } from "../memory/working-memory";
import { executeTask } from "./execute-step";
import { addOnce, entry, entryIds } from "./memory-entries";
import { syncSubtasks } from "./plan-step";
import type { RunContext } from "./run-context";
import { settleTask } from "./settle-step";
import { isSettled, type RunState, type TaskState } from "./state";

const tasksOf = (s: RunState) => s.taskOrder.map((id) => s.tasks[id]).filter((t): t is TaskState => !!t);

/** Tasks whose dependencies are all done, in plan order. */
export function readyTasks(s: RunState): TaskState[] {
  return tasksOf(s).filter(
    (t) =>
      (t.status === "pending" || t.status === "ready") &&
      t.dependencies.every((d) => {
        const dep = s.tasks[d];
        return !dep || isSettled(dep);
      }),
  );
}

/** Start an iteration: mark ready tasks, pick up to `concurrency` of them, snapshot memory first. */
export async function startIteration(ctx: RunContext): Promise<boolean> {
  const ready = readyTasks(ctx.state);
  for (const t of ready) if (t.status === "pending") await ctx.emit({ type: "task.ready", taskId: t.id });
  await syncSubtasks(ctx);
  const batch = ready.slice(0, ctx.state.config.concurrency).map((t) => t.id);
  if (batch.length === 0) return false;
  const iteration = ctx.state.iteration + 1;
  await ctx.emit({ type: "iteration.started", iteration, taskIds: batch });
  await ctx.emit({
    type: "snapshot.taken",
    snapshotId: `s${iteration}`,
    iteration,
    memory: ctx.state.memory,
  });
  return true;
}

/**
 * Run the open batch: execute its tasks concurrently, then assess and settle each in plan order
 * (so decisions do not depend on which tool finished first), then close the iteration.
 */
export async function runBatch(ctx: RunContext): Promise<void> {
  const iteration = ctx.state.iteration;
  const batch = ctx.state.batch ?? [];
  if (!ctx.state.snapshots[`s${iteration}`]) {
    await ctx.emit({
      type: "snapshot.taken",
      snapshotId: `s${iteration}`,
      iteration,
      memory: ctx.state.memory,
    });
  }
  const toRun = batch.filter((id) => {
    const t = ctx.state.tasks[id];
    return (
      t && t.assessedIn !== iteration && t.settledIn !== iteration && t.status !== "waiting" && !t.result
    );
  });
  await Promise.all(toRun.map((id) => executeTask(ctx, id)));
  for (const id of batch) {
    if (ctx.state.status === "failed" || ctx.state.status === "cancelled") return;
    const t = ctx.state.tasks[id];
    if (t?.result && t.settledIn !== iteration) await settleTask(ctx, id);
  }
  await closeIteration(ctx);
}

/** Decay, retire finished entries, evict over capacity, record progress. Each step is skipped if already recorded. */
async function closeIteration(ctx: RunContext): Promise<void> {
  const s0 = ctx.state;
  const iteration = s0.iteration;
  if (s0.lastDecayIteration < iteration) {
    await ctx.emit({
      type: "memory.decayed",
      iteration,
      changes: decayConfidence(s0.memory, s0.config.decay),
    });
  }
  for (const id of ctx.state.memory.order) {
    const e = ctx.state.memory.entries[id];
    if (e?.kind !== "result" || e.status !== "active" || !e.extra.taskId) continue;
    const dependents = tasksOf(ctx.state).filter((t) => t.dependencies.includes(e.extra.taskId as string));
    const owner = ctx.state.tasks[e.extra.taskId];
    const superseded = owner && entryIds.result(owner.id, owner.attempt) !== id;
    if (superseded || (owner && isSettled(owner) && dependents.length > 0 && dependents.every(isSettled))) {
      await ctx.emit({
        type: "memory.updated",
        id,
        patch: { status: superseded ? "discarded" : "done" },
        reason: superseded ? "superseded by a later attempt" : "every task that used this result is done",
      });
    }
  }
  for (const id of staleReflections(ctx.state.memory, ctx.state.config.reflectionRounds)) {
    await ctx.emit({
      type: "memory.updated",
      id,
      patch: { status: "discarded" },
      reason: "older than the last reflection rounds",
    });
  }
  const all = tasksOf(ctx.state);
  const progress = `${all.filter(isSettled).length}/${all.length} tasks done, ${all.filter((t) => t.status === "failed").length} failed, after iteration ${iteration}`;
  const current = ctx.state.memory.entries[entryIds.progress];
  if (!current) {
    await addOnce(
      ctx,
      entry(ctx, { id: entryIds.progress, kind: "state", content: progress, priority: 4, source: "monitor" }),
    );
  } else if (current.content !== progress) {
    await ctx.emit({
      type: "memory.updated",
      id: entryIds.progress,
      patch: { content: progress, lastAccess: iteration },
      reason: "progress",
    });
  }
  const evictions = planEviction(ctx.state.memory, ctx.state.config.memoryCapacity);
  if (evictions.length > 0) await ctx.emit({ type: "memory.evicted", evictions });
  await ctx.emit({ type: "iteration.finished", iteration });
}

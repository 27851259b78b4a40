import type { MemoryEntry } from "../memory/entry";
import { describeCriterion } from "../monitor/criteria";
import type { GoalSpec } from "../planner/plan-schema";
import type { RunContext } from "./run-context";
import type { TaskState } from "./state";

/** Entry ids are derived from what they describe, so a replayed or resumed run makes the same ids. */
export const entryIds = {
  goal: "goal",
  constraint: (i: number) => `constraint:${i}`,
  subtask: (taskId: string) => `task:${taskId}`,
  result: (taskId: string, attempt: number) => `result:${taskId}:${attempt}`,
  reflection: (taskId: string, n: number) => `reflection:${taskId}:${n}`,
  progress: "state:progress",
};

export function entry(
  ctx: RunContext,
  e: Pick<MemoryEntry, "id" | "kind" | "content"> & Partial<MemoryEntry>,
): MemoryEntry {
  return {
    status: "active",
    confidence: 1,
    priority: 3,
    source: "planner",
    createdAt: ctx.state.iteration,
    lastAccess: ctx.state.iteration,
    extra: {},
    ...e,
  };
}

/** Add an entry unless it is already there (resumed runs re-walk steps whose events were recorded). */
export async function addOnce(ctx: RunContext, e: MemoryEntry): Promise<void> {
  if (ctx.state.memory.entries[e.id]) return;
  await ctx.emit({ type: "memory.added", entry: e });
}

/** Write the clarified spec into memory: the goal's criteria and one constraint entry each. Idempotent. */
export async function specEntries(ctx: RunContext, spec: GoalSpec): Promise<void> {
  if (!ctx.state.memory.entries[entryIds.goal]?.extra.criteria)
    await ctx.emit({
      type: "memory.updated",
      id: entryIds.goal,
      patch: {
        content: `${ctx.state.goal} — deliver ${spec.deliverable} for ${spec.audience}`,
        extra: { criteria: spec.acceptanceCriteria },
      },
      reason: "goal clarified",
    });
  for (const [i, c] of spec.constraints.entries()) {
    await addOnce(
      ctx,
      entry(ctx, { id: entryIds.constraint(i), kind: "constraint", content: c, priority: 5 }),
    );
  }
}

export function subtaskEntry(
  ctx: RunContext,
  t: TaskState | (Omit<TaskState, "status"> & { status?: string }),
) {
  return entry(ctx, {
    id: entryIds.subtask(t.id),
    kind: "subtask",
    content: `${t.id}: ${t.title} [${t.tool}]${t.dependencies.length ? ` after ${t.dependencies.join(", ")}` : ""}`,
    priority: t.deliverable ? 5 : 3,
    extra: { taskId: t.id, criteria: t.successCriteria.map(describeCriterion) },
  });
}

/** Mark a task's subtask entry done/failed/discarded, if it is not already. */
export async function markSubtask(
  ctx: RunContext,
  taskId: string,
  status: MemoryEntry["status"],
  reason: string,
) {
  const id = entryIds.subtask(taskId);
  const e = ctx.state.memory.entries[id];
  if (!e || e.status === status) return;
  await ctx.emit({ type: "memory.updated", id, patch: { status, lastAccess: ctx.state.iteration }, reason });
}

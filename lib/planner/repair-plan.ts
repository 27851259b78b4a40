import { z } from "zod";
import { TaskSpec } from "./plan-schema";

/** A local change to the plan around one failed task: preferred over a full replan. */
export const RepairProposal = z.object({
  action: z.enum(["insert_fix_task", "rewrite_task", "skip_task"]),
  /** The fix task to insert, or the rewritten task (same id as the failed one). */
  task: TaskSpec.nullable().default(null),
  /**
   * For insert_fix_task: true, the fix task replaces the failed one and its dependents are rerouted
   * to it; false, the fix task runs first and the failed task is retried after it.
   */
  replaceFailed: z.boolean().default(true),
  /**
   * For insert_fix_task: a task the fix task needs first, inserted with it (a search whose results
   * the fix task reads). Null for a fix that needs nothing new.
   */
  prerequisite: TaskSpec.nullable().default(null),
  reason: z.string().min(1),
});
export type RepairProposal = z.infer<typeof RepairProposal>;

export class RepairError extends Error {
  override readonly name = "RepairError";
}

/** The whole graph after a local repair of `failedId`; done tasks are carried over untouched. */
export function applyRepair(
  tasks: readonly TaskSpec[],
  failedId: string,
  proposal: RepairProposal,
): TaskSpec[] {
  const failed = tasks.find((t) => t.id === failedId);
  if (!failed) throw new RepairError(`Task "${failedId}" is not in the plan.`);
  switch (proposal.action) {
    case "rewrite_task": {
      const t = proposal.task;
      if (!t) throw new RepairError("rewrite_task needs the rewritten task.");
      if (t.id !== failedId)
        throw new RepairError(`rewrite_task must keep the id "${failedId}", got "${t.id}".`);
      return tasks.map((x) => (x.id === failedId ? { ...t, deliverable: failed.deliverable } : x));
    }
    case "skip_task": {
      if (failed.deliverable) throw new RepairError("The deliverable task cannot be skipped.");
      // Dependents inherit the skipped task's own dependencies, so they keep their upstream inputs.
      const inherit = (deps: string[]) =>
        deps.includes(failedId)
          ? [...new Set([...deps.filter((d) => d !== failedId), ...failed.dependencies])]
          : deps;
      return tasks
        .filter((x) => x.id !== failedId)
        .map((x) => ({ ...x, dependencies: inherit(x.dependencies) }));
    }
    case "insert_fix_task": {
      const task = proposal.task;
      if (!task) throw new RepairError("insert_fix_task needs the fix task.");
      if (tasks.some((x) => x.id === task.id)) throw new RepairError(`Task id "${task.id}" already exists.`);
      const before = proposal.prerequisite;
      if (before && (before.id === task.id || tasks.some((x) => x.id === before.id)))
        throw new RepairError(`Task id "${before.id}" already exists.`);
      const first = before ? [{ ...before, deliverable: false }] : [];
      const fix =
        before && !task.dependencies.includes(before.id)
          ? { ...task, dependencies: [...task.dependencies, before.id] }
          : task;
      if (!proposal.replaceFailed) {
        return [
          ...tasks.map((x) => (x.id === failedId ? { ...x, dependencies: [...x.dependencies, fix.id] } : x)),
          ...first,
          { ...fix, deliverable: false },
        ];
      }
      const rerouted = tasks
        .filter((x) => x.id !== failedId)
        .map((x) => ({ ...x, dependencies: x.dependencies.map((d) => (d === failedId ? fix.id : d)) }));
      return [...rerouted, ...first, { ...fix, deliverable: failed.deliverable }];
    }
  }
}

/** The graph after a replan: done tasks kept as they are, the new remaining tasks after them. */
export function mergeReplan(done: readonly TaskSpec[], remaining: readonly TaskSpec[]): TaskSpec[] {
  const doneIds = new Set(done.map((t) => t.id));
  return [...done, ...remaining.filter((t) => !doneIds.has(t.id))];
}

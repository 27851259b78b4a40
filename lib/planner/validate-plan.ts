import type { PlanViolation } from "../llm/model-context";
import type { TaskSpec } from "./plan-schema";

export interface ValidationContext {
  knownTools: ReadonlySet<string>;
  maxTasks: number;
  /** Tasks already done: a new graph may depend on them but must not redefine them. */
  doneIds?: ReadonlySet<string>;
  /** Tools whose output is a deliverable; when given, the deliverable task must use one of them. */
  deliverableTools?: ReadonlySet<string>;
  /**
   * Tasks of the graph that already succeeded: history. One that leads nowhere since a re-plan
   * (a search whose reads the new plan dropped) is no violation — it will never run again.
   */
  finishedIds?: ReadonlySet<string>;
}

/**
 * Check a task graph by rule, without a model. Returns every violation, so a repair prompt can
 * name exactly what is wrong and nothing else.
 */
export function validatePlan(tasks: readonly TaskSpec[], ctx: ValidationContext): PlanViolation[] {
  const v: PlanViolation[] = [];
  const done = ctx.doneIds ?? new Set<string>();
  if (tasks.length === 0) v.push({ rule: "non_empty", message: "The plan has no tasks." });
  if (tasks.length > ctx.maxTasks) {
    v.push({
      rule: "max_tasks",
      message: `The plan has ${tasks.length} tasks; at most ${ctx.maxTasks} are allowed.`,
    });
  }
  const ids = new Set<string>();
  for (const t of tasks) {
    if (ids.has(t.id))
      v.push({ rule: "unique_ids", taskId: t.id, message: `Task id "${t.id}" is used twice.` });
    ids.add(t.id);
    if (done.has(t.id)) {
      v.push({
        rule: "keep_done",
        taskId: t.id,
        message: `Task "${t.id}" is already done and must not be redefined.`,
      });
    }
  }
  for (const t of tasks) {
    if (!ctx.knownTools.has(t.tool)) {
      v.push({
        rule: "known_tool",
        taskId: t.id,
        message: `Task "${t.id}" uses unknown tool "${t.tool}"; use one of: ${[...ctx.knownTools].join(", ")}.`,
      });
    }
    if (t.successCriteria.length === 0) {
      v.push({ rule: "criteria", taskId: t.id, message: `Task "${t.id}" has no success criteria.` });
    }
    for (const c of t.successCriteria) {
      if (c.kind === "matches" && !isValidRegex(c.pattern)) {
        v.push({
          rule: "criteria",
          taskId: t.id,
          message: `Task "${t.id}" has an invalid pattern "${c.pattern}".`,
        });
      }
    }
    for (const d of t.dependencies) {
      if (d === t.id) v.push({ rule: "acyclic", taskId: t.id, message: `Task "${t.id}" depends on itself.` });
      else if (!ids.has(d) && !done.has(d)) {
        v.push({
          rule: "dependencies_exist",
          taskId: t.id,
          message: `Task "${t.id}" depends on unknown task "${d}".`,
        });
      }
    }
  }
  const cycle = findCycle(tasks);
  if (cycle)
    v.push({ rule: "acyclic", taskId: cycle[0], message: `The plan has a cycle: ${cycle.join(" → ")}.` });
  const deliverables = tasks.filter((t) => t.deliverable);
  const [deliverable] = deliverables;
  if (
    deliverables.length === 1 &&
    deliverable &&
    ctx.deliverableTools?.size &&
    !ctx.deliverableTools.has(deliverable.tool)
  ) {
    v.push({
      rule: "deliverable",
      taskId: deliverable.id,
      message: `The deliverable "${deliverable.id}" uses ${deliverable.tool}, which produces no deliverable; use ${[...ctx.deliverableTools].join(" or ")}.`,
    });
  }
  if (deliverables.length === 1 && deliverable && !cycle) {
    const feeding = ancestors(tasks, deliverable.id);
    for (const t of tasks) {
      if (t !== deliverable && !feeding.has(t.id) && !ctx.finishedIds?.has(t.id)) {
        v.push({
          rule: "feeds_deliverable",
          taskId: t.id,
          message: `Task "${t.id}" does not lead to the deliverable "${deliverable.id}": drop it or make the deliverable depend on it.`,
        });
      }
    }
  }
  if (deliverables.length !== 1) {
    v.push({
      rule: "deliverable",
      message:
        deliverables.length === 0
          ? "No task is marked as the deliverable (the final report)."
          : `${deliverables.length} tasks are marked as the deliverable; exactly one must be.`,
    });
  }
  return v;
}

function isValidRegex(pattern: string): boolean {
  try {
    // The flags checkCriterion uses: with "u" some patterns that are valid without it throw.
    new RegExp(pattern, "iu");
    return true;
  } catch {
    return false;
  }
}

/** Every task `id` depends on, directly or not. */
export function ancestors(tasks: readonly TaskSpec[], id: string): Set<string> {
  const deps = new Map(tasks.map((t) => [t.id, t.dependencies]));
  const seen = new Set<string>();
  const stack = [...(deps.get(id) ?? [])];
  for (let d = stack.pop(); d !== undefined; d = stack.pop()) {
    if (seen.has(d)) continue;
    seen.add(d);
    stack.push(...(deps.get(d) ?? []));
  }
  return seen;
}

/** A dependency cycle as a list of ids (first repeated at the end), or null. */
export function findCycle(tasks: readonly TaskSpec[]): string[] | null {
  const deps = new Map(tasks.map((t) => [t.id, t.dependencies]));
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    const s = state.get(id);
    if (s === 2) return null;
    if (s === 1) return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 1);
    stack.push(id);
    for (const d of deps.get(id) ?? []) {
      if (d === id || !deps.has(d)) continue;
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    state.set(id, 2);
    return null;
  };
  for (const t of tasks) {
    const c = visit(t.id);
    if (c) return c;
  }
  return null;
}

/**
 * Violations a rule can fix without asking the model again: tasks that lead nowhere are dropped,
 * and a task that waits for the deliverable stops waiting (the deliverable comes last by
 * definition). Returns the fixed graph and what was done, or null when a violation needs the model.
 */
export function fixByRule(
  tasks: readonly TaskSpec[],
  violations: readonly PlanViolation[],
  maxTasks = Number.POSITIVE_INFINITY,
): { tasks: TaskSpec[]; fixes: string[] } | null {
  // Too many tasks is fixable the same way when what leads nowhere is what made it too many.
  const fixable = new Set(["feeds_deliverable", "acyclic", "max_tasks"]);
  if (
    violations.length === 0 ||
    !violations.every((v) => fixable.has(v.rule)) ||
    violations.every((v) => v.rule === "max_tasks")
  )
    return null;
  const deliverables = tasks.filter((t) => t.deliverable);
  if (deliverables.length !== 1) return null;
  const deliverable = deliverables[0] as TaskSpec;
  const fixes: string[] = [];
  let fixed = tasks.map((t) => {
    if (t.deliverable || !t.dependencies.includes(deliverable.id)) return t;
    fixes.push(`${t.id} no longer waits for the deliverable ${deliverable.id}`);
    return { ...t, dependencies: t.dependencies.filter((d) => d !== deliverable.id) };
  });
  if (findCycle(fixed)) return null;
  const feeding = ancestors(fixed, deliverable.id);
  const dropped = fixed.filter((t) => t !== deliverable && !t.deliverable && !feeding.has(t.id));
  if (dropped.length > 0) {
    fixes.push(`dropped ${dropped.map((t) => t.id).join(", ")} (nothing the deliverable needs)`);
    const gone = new Set(dropped.map((t) => t.id));
    fixed = fixed.filter((t) => !gone.has(t.id));
  }
  return fixes.length > 0 && fixed.length <= maxTasks ? { tasks: fixed, fixes } : null;
}

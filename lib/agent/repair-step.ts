import { applyRepair, RepairError, RepairProposal } from "../planner/repair-plan";
import { validatePlan } from "../planner/validate-plan";
import type { NewEvent } from "./events";
import { normaliseArgs } from "./idempotency";
import { askObject } from "./model-call";
import { doneSummaries, pickSpec, syncSubtasks, toolSummaries } from "./plan-step";
import type { RunContext } from "./run-context";
import { currentPlan, type TaskState } from "./state";

/**
 * Repair the plan around one failed task (rewrite it, insert a fix task, or skip it), validated by
 * the same rules as a new plan. Returns false when no valid repair came within the bound: the
 * caller escalates to a replan.
 */
export async function repairTask(
  ctx: RunContext,
  taskId: string,
  failure: string,
  trigger: string,
): Promise<boolean> {
  const knownTools = new Set(ctx.deps.tools.keys());
  const start = ctx.state.planRejections;
  while (ctx.state.planRejections - start <= ctx.state.config.maxPlanRepairs) {
    const s = ctx.state;
    const task = s.tasks[taskId];
    const plan = currentPlan(s);
    if (!task || !plan || !s.spec) return false;
    const graph = plan.tasks.filter((t) => s.tasks[t.id]?.status !== "skipped" || t.id === taskId);
    const r = await askObject(ctx, {
      callId: `repair:${taskId}:${task.attempt}:${s.planRejections}`,
      context: {
        purpose: "repair",
        goal: s.goal,
        spec: s.spec,
        failed: pickSpec(task),
        failure,
        tasks: graph,
        done: doneSummaries(s),
        tools: toolSummaries(ctx),
        maxTasks: s.config.maxTasks + s.config.repairAllowance,
      },
      schema: RepairProposal,
      schemaName: "repair_proposal",
      taskId,
    });
    let violations: { rule: string; taskId?: string; message: string }[];
    if (!r.ok) {
      violations = [
        { rule: "valid_reply", message: `The reply was not a valid repair (${r.code}): ${r.message}` },
      ];
    } else {
      try {
        const tasks = applyRepair(graph, taskId, r.output);
        const deliverableTools = new Set(
          [...ctx.deps.tools.values()].filter((x) => x.deliverable).map((x) => x.name),
        );
        const finishedIds = new Set(
          tasks.filter((t) => s.tasks[t.id]?.status === "succeeded").map((t) => t.id),
        );
        // Skipped tasks are left out of the graph the model repairs, yet still exist: a task may
        // keep depending on one (its output is simply absent) without that being an unknown task.
        const skippedIds = new Set(
          plan.tasks.filter((t) => s.tasks[t.id]?.status === "skipped" && t.id !== taskId).map((t) => t.id),
        );
        violations = validatePlan(tasks, {
          knownTools,
          maxTasks: s.config.maxTasks + s.config.repairAllowance,
          deliverableTools,
          finishedIds,
          doneIds: skippedIds,
        });
        for (const t of tasks) {
          const before = s.tasks[t.id];
          // Compared in canonical form: a state read back from a stored snapshot (a fork's) has
          // its keys in the database's order, not the order the events wrote them in.
          if (before?.status === "succeeded" && !sameSpec(pickSpec(before), t)) {
            violations.push({
              rule: "keep_done",
              taskId: t.id,
              message: `Task "${t.id}" is done and must not change.`,
            });
          }
        }
        if (violations.length === 0) {
          await ctx.emit({
            type: "plan.repaired",
            version: s.plans.length + 1,
            action: r.output.action,
            taskId,
            tasks,
            trigger,
            reason: r.output.reason,
          });
          await syncSubtasks(ctx);
          return true;
        }
      } catch (e) {
        if (!(e instanceof RepairError)) throw e;
        violations = [{ rule: "repair", taskId, message: e.message }];
      }
    }
    await ctx.emit({ type: "plan.rejected", attempt: s.planRejections, violations });
  }
  return false;
}

const sameSpec = (a: unknown, b: unknown) =>
  JSON.stringify(normaliseArgs(a, false)) === JSON.stringify(normaliseArgs(b, false));

/** Re-plans after which a step no repair can fix is not re-planned again. */
const MAX_REPAIR_REPLANS = 2;

/** Why the last proposal (a plan or a repair) was refused: a rule, or the model server's own error. */
export const lastRejection = (ctx: RunContext): string => {
  const violations = ctx.state.rejected?.violations ?? [];
  return violations.length
    ? `Last rejection: ${violations
        .map((v) => v.message)
        .join(" ")
        .slice(0, 600)}`
    : "";
};

/**
 * No repair was found and the plan was re-planned enough: a step is left out; the deliverable,
 * which cannot be, ends the run and says why (another plan would compose the same report from the
 * same sources: a library that cannot be read stays unread). Null while a re-plan may still help.
 */
export function repairsRanOut(ctx: RunContext, t: TaskState, reason: string): NewEvent | null {
  const replans = ctx.state.counters.replans;
  if (replans < MAX_REPAIR_REPLANS) return null;
  const why = lastRejection(ctx);
  return t.deliverable
    ? {
        type: "run.failed",
        code: "deliverable_failed",
        reason:
          `The deliverable ${t.id} still fails after ${replans} re-plans: ${reason} No other plan can supply what it lacks. ${why}`.trim(),
      }
    : {
        type: "task.skipped",
        taskId: t.id,
        reason:
          `No valid local repair was found and the plan was already re-planned ${replans} times; the run goes on without ${t.id}. ${why}`.trim(),
      };
}

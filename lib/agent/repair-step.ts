import { applyRepair, RepairError, RepairProposal } from "../planner/repair-plan";
import { validatePlan } from "../planner/validate-plan";
import { normaliseArgs } from "./idempotency";
import { askObject } from "./model-call";
import { doneSummaries, pickSpec, syncSubtasks, toolSummaries } from "./plan-step";
import type { RunContext } from "./run-context";
import { currentPlan } from "./state";

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

import type { PlanViolation, ToolSummary } from "../llm/model-context";
import { TaskGraph, type TaskSpec } from "../planner/plan-schema";
import { mergeReplan } from "../planner/repair-plan";
import { fixByRule, validatePlan } from "../planner/validate-plan";
import { executiveOf } from "./config";
import { addOnce, markSubtask, subtaskEntry } from "./memory-entries";
import { askObject } from "./model-call";
import type { RunContext } from "./run-context";
import { currentPlan, type RunState, type TaskState } from "./state";

export const toolSummaries = (ctx: RunContext): ToolSummary[] =>
  [...ctx.deps.tools.values()].map((t) => ({ name: t.name, description: t.description }));

export const doneSummaries = (s: RunState) =>
  s.taskOrder
    .map((id) => s.tasks[id])
    .filter((t): t is TaskState => t?.status === "succeeded")
    .map((t) => ({ id: t.id, title: t.title, tool: t.tool, summary: t.note }));

/**
 * Keep working memory's subtasks to the tasks in play (ready, running, waiting): the whole plan is
 * rendered separately as the pending queue, and a 300-task plan must not fill a 50-entry memory.
 */
export async function syncSubtasks(ctx: RunContext): Promise<void> {
  for (const id of ctx.state.taskOrder) {
    const t = ctx.state.tasks[id];
    if (!t) continue;
    if (t.status === "skipped") await markSubtask(ctx, id, "discarded", t.note || "skipped");
    else if (t.status === "ready" || t.status === "running" || t.status === "waiting") {
      await addOnce(ctx, subtaskEntry(ctx, t));
    }
  }
}

/**
 * Get a valid plan: ask for a graph, check it by rule, and send only the violations back for a
 * bounded number of repairs. `mode` replan keeps every done task and plans only what remains.
 */
export async function planTasks(
  ctx: RunContext,
  mode: "initial" | "replan",
  trigger: string,
  reason: string,
): Promise<"planned" | "failed"> {
  const knownTools = new Set(ctx.deps.tools.keys());
  const deliverableTools = new Set(
    [...ctx.deps.tools.values()].filter((t) => t.deliverable).map((t) => t.name),
  );
  const start = ctx.state.planRejections;
  // Proposals fixed by rule do not count against the bound: only the model's attempts do.
  let ruleFixes = 0;
  for (;;) {
    const s = ctx.state;
    if (!s.spec) return "failed";
    const done = doneSummaries(s);
    const doneIds = new Set(done.map((d) => d.id));
    let graph = s.proposal?.graph;
    const ruled =
      !graph && s.planRejections > start && s.rejected?.graph && executiveOf(s.config).planValidation
        ? fixByRule(s.rejected.graph.tasks, s.rejected.violations, s.config.maxTasks)
        : null;
    if (!graph && !ruled && s.planRejections - start - ruleFixes > s.config.maxPlanRepairs) return "failed";
    if (ruled) {
      // Fixable by rule (an off-goal task, a task waiting for the deliverable): no model call needed.
      graph = { rationale: `Fixed by rule: ${ruled.fixes.join("; ")}.`, tasks: ruled.tasks };
      ruleFixes++;
      await ctx.emit({ type: "plan.proposed", attempt: s.planRejections, mode: "fix_violations", graph });
    }
    if (!graph) {
      const fixing = s.planRejections > start;
      const r = await askObject(ctx, {
        callId: `plan:${s.plans.length}:${mode}:${s.planRejections}`,
        context: {
          purpose: "plan",
          mode: fixing ? "fix_violations" : mode,
          goal: s.goal,
          spec: s.spec,
          tools: toolSummaries(ctx),
          maxTasks: s.config.maxTasks,
          violations: fixing ? (s.rejected?.violations ?? []) : [],
          previous: fixing ? (s.rejected?.graph ?? null) : null,
          done: mode === "replan" ? done : [],
          reason,
        },
        schema: TaskGraph,
        schemaName: "task_graph",
        taskId: null,
      });
      if (!r.ok) {
        await ctx.emit({
          type: "plan.rejected",
          attempt: s.planRejections,
          violations: [
            {
              rule: "valid_reply",
              message: `The reply was not a valid task graph (${r.code}): ${r.message}`,
            },
          ],
        });
        continue;
      }
      graph = r.output;
      await ctx.emit({
        type: "plan.proposed",
        attempt: s.planRejections,
        mode: fixing ? "fix_violations" : mode,
        graph,
      });
    }
    // Without validation (an ablation) the graph is installed as proposed, cycles and all.
    const violations: PlanViolation[] = executiveOf(s.config).planValidation
      ? validatePlan(graph.tasks, {
          knownTools,
          maxTasks: s.config.maxTasks,
          doneIds: mode === "replan" ? doneIds : undefined,
          deliverableTools,
        })
      : [];
    if (violations.length > 0) {
      await ctx.emit({ type: "plan.rejected", attempt: ctx.state.planRejections, violations });
      continue;
    }
    await installPlan(ctx, mode, graph.tasks, trigger, reason || graph.rationale);
    return "planned";
  }
}

async function installPlan(
  ctx: RunContext,
  mode: "initial" | "replan",
  tasks: TaskSpec[],
  trigger: string,
  why: string,
) {
  const s = ctx.state;
  const version = s.plans.length + 1;
  if (mode === "initial") {
    await ctx.emit({
      type: "plan.validated",
      version,
      tasks,
      trigger,
      reason: why || `${tasks.length} tasks planned from the clarified goal.`,
    });
  } else {
    const done = s.taskOrder.map((id) => s.tasks[id]).filter((t) => t?.status === "succeeded") as TaskSpec[];
    const merged = mergeReplan(
      done.map((t) => pickSpec(t)),
      tasks,
    );
    const keep = new Set(merged.map((t) => t.id));
    const dropped = (currentPlan(s)?.tasks ?? []).map((t) => t.id).filter((id) => !keep.has(id));
    await ctx.emit({
      type: "plan.replanned",
      version,
      tasks: merged,
      kept: done.map((t) => t.id),
      dropped,
      trigger,
      reason: why || "Re-planned the remaining work.",
    });
  }
  await syncSubtasks(ctx);
}

/** The plan-level fields of a task, without its run-time state. */
export function pickSpec(t: TaskSpec): TaskSpec {
  return {
    id: t.id,
    title: t.title,
    tool: t.tool,
    input: t.input,
    dependencies: t.dependencies,
    successCriteria: t.successCriteria,
    expectedOutput: t.expectedOutput,
    deliverable: t.deliverable,
  };
}

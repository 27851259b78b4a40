import type { TaskGraph, TaskSpec } from "../../planner/plan-schema";
import { ancestors, findCycle, validatePlan } from "../../planner/validate-plan";
import type { DoneTaskSummary, ModelContext } from "../model-context";
import { facetOfTask, researchFrame } from "./frame";
import { planResearch } from "./plan";
import { defaultCriteria } from "./plan-tasks";
import { normalise } from "./text";

type PlanContext = Extract<ModelContext, { purpose: "plan" }>;

/**
 * Only the remaining work: the full plan for the spec, minus what is done. A planned task counts
 * as done when a done task has its id and tool, or its tool and facet (fix tasks get new ids);
 * dependencies on it are pointed at the done task instead.
 */
export function replan(ctx: PlanContext): TaskGraph {
  const tools = new Set(ctx.tools.map((t) => t.name));
  const full = planResearch(ctx.spec, ctx.goal, tools, ctx.maxTasks);
  const frame = researchFrame(ctx.spec, ctx.goal);
  const doneIds = new Set(ctx.done.map((d) => d.id));
  const used = new Set<string>();
  const replaced = new Map<string, string>();
  for (const task of full.tasks) {
    const match =
      ctx.done.find((d) => !used.has(d.id) && d.id === task.id && d.tool === task.tool) ??
      ctx.done.find((d) => !used.has(d.id) && d.tool === task.tool && sameFacet(frame, task, d));
    if (match && !task.deliverable) {
      used.add(match.id);
      replaced.set(task.id, match.id);
    }
  }
  // A new task must not reuse a done id for something else.
  const renamed = new Map<string, string>();
  for (const task of full.tasks) {
    if (replaced.has(task.id) || !doneIds.has(task.id)) continue;
    let n = 2;
    while (doneIds.has(`${task.id}-${n}`) || full.tasks.some((t) => t.id === `${task.id}-${n}`)) n++;
    renamed.set(task.id, `${task.id}-${n}`);
  }
  const idOf = (id: string) => replaced.get(id) ?? renamed.get(id) ?? id;
  const tasks = full.tasks
    .filter((t) => !replaced.has(t.id))
    .map((t) => ({ ...t, id: idOf(t.id), dependencies: t.dependencies.map(idOf) }));
  const kept = [...replaced.values()];
  const why = ctx.reason ? ` Replanned because: ${ctx.reason}` : "";
  return {
    rationale:
      `${tasks.length} remaining task${tasks.length === 1 ? "" : "s"}; reusing done ${kept.length ? kept.join(", ") : "nothing"}.${why}`.slice(
        0,
        2000,
      ),
    tasks,
  };
}

/** Planned task and done task work on the same facet (or are the same single step, like the draft). */
function sameFacet(frame: ReturnType<typeof researchFrame>, task: TaskSpec, done: DoneTaskSummary): boolean {
  const planned = facetOfTask(frame, String(task.input.query ?? task.input.topic ?? task.title));
  if (!planned) return normalise(task.title) === normalise(done.title);
  return facetOfTask(frame, done.title) === planned;
}

/**
 * The previous proposal with each listed violation fixed by rule. If the result still breaks a
 * rule (or the plan is too big to patch), a fresh plan for the remaining work is returned.
 */
export function fixViolations(ctx: PlanContext): TaskGraph {
  const known = new Set(ctx.tools.map((t) => t.name));
  const doneIds = new Set(ctx.done.map((d) => d.id));
  const fresh = () => (ctx.done.length ? replan(ctx) : planResearch(ctx.spec, ctx.goal, known, ctx.maxTasks));
  if (!ctx.previous || ctx.previous.tasks.length === 0) return fresh();

  let tasks: TaskSpec[] = ctx.previous.tasks.map((t) => ({
    ...t,
    input: { ...t.input },
    dependencies: [...t.dependencies],
  }));
  const fixes: string[] = [];

  tasks = tasks.filter((t) => !doneIds.has(t.id));
  tasks = uniqueIds(tasks);
  for (const t of tasks) {
    const alias = TOOL_ALIASES[t.tool.toLowerCase()];
    if (known.has(t.tool) || !alias || !known.has(alias)) continue;
    fixes.push(`${t.id} now uses ${alias} instead of ${t.tool}`);
    t.tool = alias;
  }
  for (const t of tasks.filter((x) => !known.has(x.tool))) {
    tasks = dropTask(tasks, t.id);
    fixes.push(`dropped ${t.id} (unknown tool ${t.tool})`);
  }
  for (const t of tasks) {
    t.successCriteria = t.successCriteria.filter((c) => c.kind !== "matches" || isValidRegex(c.pattern));
    if (t.successCriteria.length === 0) t.successCriteria = defaultCriteria(t.tool);
    const ids = new Set(tasks.map((x) => x.id));
    t.dependencies = [...new Set(t.dependencies)].filter((d) => d !== t.id && (ids.has(d) || doneIds.has(d)));
  }
  for (let cycle = findCycle(tasks); cycle; cycle = findCycle(tasks)) {
    // Cut the edge that makes a task wait for the deliverable, if the cycle has one; else the last.
    const edges = cycle.slice(0, -1).map((id, i) => [id, cycle[i + 1]] as const);
    const onDeliverable = edges.find(([, dep]) => tasks.find((t) => t.id === dep)?.deliverable);
    const [from, to] = onDeliverable ?? [cycle.at(-2), cycle.at(-1)];
    const task = tasks.find((t) => t.id === from);
    if (!task) break;
    task.dependencies = task.dependencies.filter((d) => d !== to);
    fixes.push(`removed the cycle edge ${from} → ${to}`);
  }
  const deliverables = tasks.filter((t) => t.deliverable);
  // Without a report task, promoting some other step to deliverable would "finish" with no report.
  if (known.has("compose_report") && !tasks.some((t) => t.tool === "compose_report")) return fresh();
  if (deliverables.length !== 1 || deliverables[0]?.tool !== "compose_report") {
    const chosen = tasks.findLast((t) => t.tool === "compose_report") ?? deliverables.at(-1) ?? tasks.at(-1);
    for (const t of tasks) t.deliverable = t === chosen;
    if (chosen) fixes.push(`${chosen.id} is the one deliverable`);
  }

  const deliverable = tasks.find((t) => t.deliverable);
  if (deliverable) {
    const feeding = ancestors(tasks, deliverable.id);
    for (const t of tasks.filter((x) => x !== deliverable && !feeding.has(x.id))) {
      tasks = dropTask(tasks, t.id);
      fixes.push(`dropped ${t.id} (it does not lead to the deliverable)`);
    }
  }

  const violations = validatePlan(tasks, { knownTools: known, maxTasks: ctx.maxTasks, doneIds });
  if (violations.length > 0) {
    const graph = fresh();
    return {
      ...graph,
      rationale: `Rebuilt the plan: patching left ${violations[0]?.message} ${graph.rationale}`.slice(
        0,
        2000,
      ),
    };
  }
  const listed = ctx.violations.map((v) => v.rule).join(", ");
  return {
    rationale: `Fixed ${listed || "the plan"}: ${fixes.join("; ") || "no change needed"}.`.slice(0, 2000),
    tasks,
  };
}

/** Tool names other models tend to invent for the tools this app has. */
const TOOL_ALIASES: Record<string, string> = {
  web_search: "search",
  search_library: "search",
  lookup: "search",
  read_document: "read",
  fetch: "read",
  open: "read",
  extract_facts: "extract",
  summarize: "extract",
  summarise: "extract",
  write_file: "write",
  draft: "write",
  verify_citations: "check_citations",
  check: "check_citations",
  compose: "compose_report",
  report: "compose_report",
  write_report: "compose_report",
};

function uniqueIds(tasks: TaskSpec[]): TaskSpec[] {
  const seen = new Set<string>();
  return tasks.map((t) => {
    if (!seen.has(t.id)) {
      seen.add(t.id);
      return t;
    }
    let n = 2;
    while (seen.has(`${t.id}-${n}`)) n++;
    seen.add(`${t.id}-${n}`);
    return { ...t, id: `${t.id}-${n}` };
  });
}

/** Remove a task; its dependents inherit its dependencies so the order is kept. */
function dropTask(tasks: TaskSpec[], id: string): TaskSpec[] {
  const gone = tasks.find((t) => t.id === id);
  return tasks
    .filter((t) => t.id !== id)
    .map((t) =>
      t.dependencies.includes(id)
        ? {
            ...t,
            dependencies: [
              ...new Set([...t.dependencies.filter((d) => d !== id), ...(gone?.dependencies ?? [])]),
            ],
          }
        : t,
    );
}

function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, "iu");
    return true;
  } catch {
    return false;
  }
}

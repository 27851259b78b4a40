import { currentPlan, type RunState } from "./state";

/** A step of the current plan the run went on without, and why, in a sentence a reader can use. */
export interface LeftOut {
  title: string;
  why: string;
}

const GAP = /^Gap, not a question:\s*/;
const TASK_PREFIX = /^[\w-]+:\s+/;

/** The skip's reason without the loop's bookkeeping: no "Gap, not a question", task id or pricing note. */
export function shortReason(note: string): string {
  const text =
    note
      .replace(GAP, "")
      .replace(TASK_PREFIX, "")
      .split(/ Not asked because /)[0] ?? "";
  const first = /^.*?[.;](?=\s|$)/.exec(text)?.[0] ?? text;
  const out = first.trim().replace(/[.;]$/, "");
  return out.length > 200 ? `${out.slice(0, 199)}…` : out;
}

/** The skipped steps of the run's current plan, in plan order (the deliverable lists them). */
export function leftOutSteps(s: RunState): LeftOut[] {
  const plan = new Set(currentPlan(s)?.tasks.map((t) => t.id) ?? []);
  return s.taskOrder
    .filter((id) => plan.has(id))
    .map((id) => s.tasks[id])
    .filter((t) => !!t && t.status === "skipped" && !t.deliverable)
    .map((t) => ({ title: t?.title ?? "", why: shortReason(t?.note ?? "") }))
    .filter((x) => x.title);
}

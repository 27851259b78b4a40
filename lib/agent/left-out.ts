import { DEADLINE } from "./questions";
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

/**
 * What the run went on without: questions nobody answered by their deadline (the run took their
 * default), then the skipped steps of its current plan, in plan order. The deliverable lists them.
 */
export function leftOutSteps(s: RunState): LeftOut[] {
  const plan = new Set(currentPlan(s)?.tasks.map((t) => t.id) ?? []);
  const unanswered = Object.values(s.questions)
    .filter((q) => q.answeredBy === DEADLINE && q.taskId === null)
    .sort((a, b) => a.askedSeq - b.askedSeq)
    .map((q) => ({
      title: `an answer to “${shortReason(q.prompt.split(/(?<=[.?!。？！])\s/u)[0] ?? q.prompt)}”`,
      why: "nobody answered by its deadline, so the report goes on without it",
    }));
  const skipped = s.taskOrder
    .filter((id) => plan.has(id))
    .map((id) => s.tasks[id])
    .filter((t) => !!t && t.status === "skipped" && !t.deliverable)
    .map((t) => ({ title: t?.title ?? "", why: shortReason(t?.note ?? "") }))
    .filter((x) => x.title);
  return [...unanswered, ...skipped];
}

import type { PlanVersion, TaskState } from "@/lib/agent/state";

/** How a plan change touched a task: shown on its node so a repair or replan is visible at a glance. */
export interface PlanMarker {
  kind: "added" | "rewritten" | "dropped";
  label: string;
  /** What fits on the node beside its id and tool ("repair v2"); the label is its title. */
  short: string;
}

/** The first plan version each task id appeared in. */
export function firstSeenVersions(plans: PlanVersion[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const p of plans) for (const t of p.tasks) if (!seen.has(t.id)) seen.set(t.id, p.version);
  return seen;
}

export function planMarker(task: TaskState, firstSeen: Map<string, number>): PlanMarker | null {
  // The reducer notes why a task left the plan ("dropped by replan", "dropped by repair of t3").
  if (task.status === "skipped" && task.note.startsWith("dropped"))
    return { kind: "dropped", label: task.note, short: "dropped" };
  if (task.origin === "plan" || task.planVersion <= 1) return null;
  const by = `${task.origin} v${task.planVersion}`;
  const first = firstSeen.get(task.id) ?? task.planVersion;
  return first < task.planVersion
    ? { kind: "rewritten", label: `rewritten by ${by}`, short: by }
    : { kind: "added", label: `added by ${by}`, short: by };
}

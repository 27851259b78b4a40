import type { TaskSpec } from "../planner/plan-schema";
import type { StateDraft } from "./draft";
import type { TaskState } from "./state";

function newTask(spec: TaskSpec, origin: TaskState["origin"], planVersion: number): TaskState {
  return {
    ...spec,
    status: "pending",
    attempt: 1,
    origin,
    planVersion,
    confidence: null,
    result: null,
    tries: 0,
    inFlight: false,
    lastCallKey: null,
    rejectedKey: null,
    failures: 0,
    repairs: 0,
    reflections: 0,
    hint: "",
    pending: null,
    reflectedAt: null,
    questionId: null,
    assessedIn: -1,
    settledIn: -1,
    reflectedIn: -1,
    note: "",
  };
}

const sameSpec = (a: TaskSpec, b: TaskSpec) =>
  JSON.stringify([a.title, a.tool, a.input, a.dependencies, a.successCriteria, a.deliverable]) ===
  JSON.stringify([b.title, b.tool, b.input, b.dependencies, b.successCriteria, b.deliverable]);

/** Install a new plan version: unknown tasks are added, changed ones rewritten, absent ones dropped. */
export function installGraph(
  d: StateDraft,
  tasks: TaskSpec[],
  origin: TaskState["origin"],
  version: number,
  dropNote: string,
) {
  const s = d.s;
  const present = new Set(tasks.map((t) => t.id));
  for (const spec of tasks) {
    const existing = d.task(spec.id);
    if (!existing) {
      d.field("tasks")[spec.id] = newTask(spec, origin, version);
      d.field("taskOrder").push(spec.id);
    } else if (existing.status !== "succeeded" && !sameSpec(existing, spec)) {
      Object.assign(existing, spec, {
        status: "pending",
        attempt: existing.result || existing.status === "failed" ? existing.attempt + 1 : existing.attempt,
        origin,
        planVersion: version,
        result: null,
        tries: 0,
        failures: 0,
        pending: null,
        note: "",
      });
    } else if (existing.status === "failed") {
      existing.status = "pending";
      existing.attempt += 1;
      existing.result = null;
      existing.tries = 0;
      existing.failures = 0;
      existing.pending = null;
    }
  }
  for (const id of s.taskOrder) {
    const t = s.tasks[id];
    if (t && !present.has(id) && t.status !== "succeeded" && t.status !== "skipped") {
      Object.assign(d.task(id) as TaskState, { status: "skipped", note: dropNote, pending: null });
    }
  }
  d.field("plans").push({
    version,
    kind: origin === "plan" ? "initial" : origin,
    tasks,
    trigger: "",
    reason: "",
    seq: s.seq,
  });
  s.planRejections = 0;
  s.proposal = null;
  s.rejected = null;
}

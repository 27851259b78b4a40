import type { RunEvent } from "./events";

const short = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** What an event says in a few words: for the terminal and for test failure output. */
export function describeEvent(e: RunEvent): string {
  switch (e.type) {
    case "run.started":
      return short(e.goal);
    case "run.forked":
      return `from ${e.parentRunId} at #${e.forkSeq} by ${e.by}${e.edits ? `, ${e.edits} edit(s)` : ""}`;
    case "run.finished":
    case "run.cancelled":
      return e.reason;
    case "run.failed":
      return `${e.code}: ${e.reason}`;
    case "goal.clarified":
      return `${e.spec.deliverable} for ${e.spec.audience}; topics ${e.spec.topics.join(", ") || "-"}`;
    case "plan.proposed":
      return `${e.mode}: ${e.graph.tasks.length} tasks`;
    case "plan.rejected":
      return e.violations.map((v) => v.rule).join(", ");
    case "plan.validated":
    case "plan.repaired":
    case "plan.replanned":
      return `v${e.version}: ${e.tasks.length} tasks — ${short(e.reason, 70)}`;
    case "iteration.started":
      return `#${e.iteration}: ${e.taskIds.join(", ")}`;
    case "task.started":
      return `attempt ${e.attempt}`;
    case "task.succeeded":
      return `conf ${e.confidence.toFixed(2)} — ${short(e.summary, 70)}`;
    case "task.failed":
      return `${e.code}${e.final ? "" : " (will retry)"}: ${short(e.reason, 70)}`;
    case "task.skipped":
      return short(e.reason);
    case "task.assessed":
      return `conf ${e.confidence.toFixed(2)}; ${short(e.signals.join("; "), 80)}`;
    case "tool.called":
      return `${e.tool} try ${e.try}`;
    case "tool.returned":
      // An attempt settled without running the tool (the model made no usable call): not the tool's fault.
      if (e.try === 0 && e.idempotencyKey.endsWith(":no-call")) {
        return `${e.tool} not called, the model failed (${e.result.code}): ${short(e.result.summary, 60)}`;
      }
      return `${e.tool} ${e.result.code}${e.cached ? " (cached)" : ""}: ${short(e.result.summary, 60)}`;
    case "decision":
      return `${e.kind} ← ${e.trigger}: ${short(e.reason, 70)}`;
    case "skill.fired":
      return `${e.skill} (${e.kind}, ${e.decidedBy} decides) → ${e.outcome} on ${e.trigger}`;
    case "reflection":
      return `${e.action}${e.repeated ? " (repeated conclusion)" : ""}: ${short(e.conclusion, 70)}`;
    case "question.asked":
      return short(e.prompt);
    case "question.answered":
      return `${e.by}: ${short(e.answer, 60)}`;
    case "model.called":
      return `${e.purpose} ${e.model}${e.error ? ` ERROR ${e.error.code}` : ""} ${e.usage.totalTokens} tok`;
    case "memory.added":
      return `${e.entry.kind} ${e.entry.id}`;
    case "memory.updated":
      return `${e.id}: ${e.reason}`;
    case "memory.decayed":
      return `${e.changes.length} entries`;
    case "memory.evicted":
      return e.evictions.map((x) => x.id).join(", ");
    case "rollback":
      return `to ${e.snapshotId} by ${e.by}: ${short(e.reason, 60)}`;
    case "budget.exceeded":
      return `${e.budget} ${e.used}/${e.limit}`;
    case "artifact.written":
      return `${e.name} (${e.bytes} bytes)`;
    case "experience.recalled":
      return `${e.point}: ${e.lessons.map((l) => `${short(l.summary, 60)} (${l.score.toFixed(2)})`).join("; ")}`;
    default:
      return "";
  }
}

export function traceLine(e: RunEvent): string {
  const task = "taskId" in e && e.taskId ? ` [${e.taskId}]` : "";
  return `${String(e.seq).padStart(4)} ${e.type.padEnd(18)}${task} ${describeEvent(e)}`;
}

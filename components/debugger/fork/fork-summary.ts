import type { EventOf, RunEvent } from "@/lib/agent/events";
import type { RunState } from "@/lib/agent/state";

export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

/** What a fork changed and what it has done since, read from its log alone. */
export interface ForkSummary {
  by: string;
  forkedAt: number;
  edits: { kind: "goal" | "budget" | "memory" | "answer"; subject: string; changes: FieldChange[] }[];
  /** From the fork to the last event. */
  elapsedMs: number;
  /** Calls after the fork: served from the parent's recorded replies vs made anew. */
  modelCalls: { replayed: number; made: number };
  toolCalls: { replayed: number; made: number };
}

const shown = (v: unknown) =>
  typeof v === "number" ? String(Math.round(v * 1000) / 1000) : String(v ?? "—");

/**
 * The fork's own `run.forked` (at forkSeq + 1) and the edits after it, against the state at the
 * fork (`before`); null for a run that is not a fork, or one recorded before forks said so.
 */
export function forkSummary(
  events: readonly RunEvent[],
  forkSeq: number,
  before: RunState,
): ForkSummary | null {
  const marker = events[forkSeq + 1];
  if (marker?.type !== "run.forked") return null;
  const edits: ForkSummary["edits"] = [];
  if (marker.goal !== null) {
    edits.push({
      kind: "goal",
      subject: "goal",
      changes: [{ field: "text", from: before.goal, to: marker.goal }],
    });
  }
  for (const [name, value] of Object.entries(marker.budgets ?? {})) {
    const from = before.config.budgets[name as keyof RunState["config"]["budgets"]];
    if (value !== undefined && value !== from)
      edits.push({
        kind: "budget",
        subject: name,
        changes: [{ field: name, from: shown(from), to: shown(value) }],
      });
  }
  for (const e of events.slice(forkSeq + 2, forkSeq + 2 + marker.edits)) {
    if (e.type === "memory.updated") edits.push(memoryEdit(e, before));
    if (e.type === "question.answered") {
      const q = before.questions[e.questionId];
      edits.push({
        kind: "answer",
        subject: q?.prompt ?? e.questionId,
        changes: [{ field: "answer", from: q?.answer ?? "(not answered)", to: e.answer }],
      });
    }
  }
  const own = events.slice(forkSeq + 2 + marker.edits);
  const count = (replayed: boolean | undefined) => (replayed ? "replayed" : "made");
  const modelCalls = { replayed: 0, made: 0 };
  const toolCalls = { replayed: 0, made: 0 };
  for (const e of own) {
    if (e.type === "model.called") modelCalls[count(e.replayed)]++;
    // A tool answered from the run's own cache is neither: it did not run, and it was not the parent's.
    if (e.type === "tool.returned" && !e.cached) toolCalls[count(e.replayed)]++;
  }
  const last = events.at(-1);
  return {
    by: marker.by,
    forkedAt: marker.at,
    edits,
    elapsedMs: Math.max(0, (last?.at ?? marker.at) - marker.at),
    modelCalls,
    toolCalls,
  };
}

function memoryEdit(e: EventOf<"memory.updated">, before: RunState): ForkSummary["edits"][number] {
  const entry = before.memory.entries[e.id];
  const changes: FieldChange[] = [];
  for (const field of ["content", "confidence", "status", "priority"] as const) {
    const to = e.patch[field];
    if (to !== undefined && to !== entry?.[field])
      changes.push({ field, from: shown(entry?.[field]), to: shown(to) });
  }
  return { kind: "memory", subject: e.id, changes };
}

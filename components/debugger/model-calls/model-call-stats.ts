import type { EventOf, RunEvent } from "@/lib/agent/events";

/** Why the agent asked; `report` is executing the deliverable task (writing the report). */
export type CallGroup = string;

export interface ModelCallRow {
  seq: number;
  at: number;
  callId: string;
  group: CallGroup;
  taskId: string | null;
  /** The task attempt it served; for logs recorded before the field, the attempt then running. */
  attempt: number | null;
  event: EventOf<"model.called">;
}

export interface Totals {
  calls: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  /** Summed latency of the model calls. */
  modelMs: number;
  toolCalls: number;
  /** Summed duration of the tool tries that ran (cached and replayed results took none). */
  toolMs: number;
  errors: number;
  repairRounds: number;
}

export const emptyTotals = (): Totals => ({
  calls: 0,
  tokensIn: 0,
  tokensOut: 0,
  costUsd: 0,
  modelMs: 0,
  toolCalls: 0,
  toolMs: 0,
  errors: 0,
  repairRounds: 0,
});

/** The order purposes are listed in; any other purpose follows, by name. */
export const GROUP_ORDER = ["clarify", "plan", "execute", "assess", "reflect", "repair", "report"];

function addCall(t: Totals, e: EventOf<"model.called">) {
  t.calls += 1;
  t.tokensIn += e.usage.promptTokens;
  t.tokensOut += e.usage.completionTokens;
  t.costUsd += e.usage.costUsd;
  t.modelMs += e.latencyMs;
  if (e.error) t.errors += 1;
  t.repairRounds += e.repairRounds;
}

function addTool(t: Totals, e: EventOf<"tool.returned">) {
  t.toolCalls += 1;
  if (!e.cached && !e.replayed) t.toolMs += e.result.durationMs;
}

export interface ModelCallIndex {
  rows: ModelCallRow[];
  byGroup: Map<CallGroup, Totals>;
  total: Totals;
}

/**
 * Every model call up to the shown moment with its purpose group and attempt, and the run's totals
 * by purpose. One pass over the events; `deliverables` names the tasks whose execution is the report.
 */
export function indexModelCalls(
  events: readonly RunEvent[],
  deliverables: ReadonlySet<string>,
): ModelCallIndex {
  const rows: ModelCallRow[] = [];
  const byGroup = new Map<CallGroup, Totals>();
  const total = emptyTotals();
  const running = new Map<string, number>();
  for (const e of events) {
    if (e.type === "task.started") running.set(e.taskId, e.attempt);
    else if (e.type === "tool.returned") addTool(total, e);
    else if (e.type === "model.called") {
      const group = e.purpose === "execute" && e.taskId && deliverables.has(e.taskId) ? "report" : e.purpose;
      const attempt = e.attempt ?? (e.taskId ? (running.get(e.taskId) ?? null) : null);
      rows.push({ seq: e.seq, at: e.at, callId: e.callId, group, taskId: e.taskId, attempt, event: e });
      let t = byGroup.get(group);
      if (!t) {
        t = emptyTotals();
        byGroup.set(group, t);
      }
      addCall(t, e);
      addCall(total, e);
    }
  }
  return { rows, byGroup, total };
}

/** Groups in display order. */
export function orderedGroups(byGroup: Map<CallGroup, Totals>): [CallGroup, Totals][] {
  const rank = (g: string) => {
    const i = GROUP_ORDER.indexOf(g);
    return i < 0 ? GROUP_ORDER.length : i;
  };
  return [...byGroup].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

export interface TaskCost {
  total: Totals;
  /** By attempt, ascending; calls and tries without a known attempt are under attempt 0. */
  attempts: { attempt: number; totals: Totals }[];
}

/** One task's model and tool spend, per attempt and altogether. */
export function taskCost(events: readonly RunEvent[], taskId: string): TaskCost {
  const total = emptyTotals();
  const attempts = new Map<number, Totals>();
  let running = 0;
  const of = (n: number) => {
    let t = attempts.get(n);
    if (!t) {
      t = emptyTotals();
      attempts.set(n, t);
    }
    return t;
  };
  for (const e of events) {
    if (!("taskId" in e) || e.taskId !== taskId) continue;
    if (e.type === "task.started") running = e.attempt;
    else if (e.type === "model.called") {
      addCall(of(e.attempt ?? running), e);
      addCall(total, e);
    } else if (e.type === "tool.returned") {
      addTool(of(e.attempt), e);
      addTool(total, e);
    }
  }
  return {
    total,
    attempts: [...attempts].sort(([a], [b]) => a - b).map(([attempt, totals]) => ({ attempt, totals })),
  };
}

export const formatMs = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);
export const formatUsd = (n: number) => `$${n.toFixed(n > 0 && n < 0.01 ? 4 : 2)}`;
export const formatCount = (n: number) => n.toLocaleString("en");

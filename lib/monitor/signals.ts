import type { RunState } from "../agent/state";

/**
 * The same call (tool + normalised arguments) returned the same result `n` times among the recent
 * calls. Calls of other tasks may interleave (batches run in parallel), so this counts, not scans.
 */
export function isRepeating(state: RunState, key: string | null, n = 3, taskId?: string): boolean {
  if (!key) return false;
  // One task going round in circles; other tasks that happen to make the same call are the cache's business.
  const same = state.recentCalls.filter(
    (c) => c.key === key && (!taskId || !c.taskId || c.taskId === taskId),
  );
  const last = same[same.length - 1];
  return !!last && same.filter((c) => c.result === last.result).length >= n;
}

/** Iterations since a task last succeeded. */
export function iterationsWithoutProgress(state: RunState): number {
  return state.iteration - state.lastProgressIteration;
}

export interface BudgetBreach {
  budget: "iterations" | "toolCalls" | "tokens" | "wallMs";
  limit: number;
  used: number;
}

export function budgetBreach(state: RunState, now: number): BudgetBreach | null {
  const b = state.config.budgets;
  const c = state.counters;
  if (c.iterations >= b.iterations) return { budget: "iterations", limit: b.iterations, used: c.iterations };
  if (c.toolCalls >= b.toolCalls) return { budget: "toolCalls", limit: b.toolCalls, used: c.toolCalls };
  if (c.tokens >= b.tokens) return { budget: "tokens", limit: b.tokens, used: c.tokens };
  // Time spent waiting for a person does not count against the run.
  const waiting = state.waitingSince == null ? 0 : now - state.waitingSince;
  const elapsed = state.startedAt === null ? 0 : now - state.startedAt - (state.waitedMs ?? 0) - waiting;
  if (elapsed >= b.wallMs) return { budget: "wallMs", limit: b.wallMs, used: elapsed };
  return null;
}

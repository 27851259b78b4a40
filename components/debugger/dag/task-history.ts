import type { EventOf, RunEvent, ToolResult } from "@/lib/agent/events";

/** One tool try inside an attempt, as the event log recorded it. */
export interface ToolTry {
  try: number;
  tool: string;
  args: unknown;
  calledAt: number | null;
  result: ToolResult | null;
  /** The result was recorded earlier for the same idempotency key; the tool did not run again. */
  cached: boolean;
  /** Reused from the parent run of a fork. */
  replayed: boolean;
}

export interface AttemptRecord {
  attempt: number;
  startedAt: number | null;
  tries: ToolTry[];
  outcome: { status: "succeeded" | "failed" | "skipped"; text: string } | null;
}

export interface TaskHistory {
  attempts: AttemptRecord[];
  /** The latest assessment of the task's output against its criteria. */
  assessment: EventOf<"task.assessed"> | null;
}

/**
 * Fold the events about one task into its attempts. A resumed run may record a return without its
 * call (or the reverse), so tries are matched by attempt and try number, never by adjacency.
 */
export function taskHistory(events: RunEvent[], taskId: string): TaskHistory {
  const attempts = new Map<number, AttemptRecord>();
  let assessment: EventOf<"task.assessed"> | null = null;
  let last = 1;
  const attemptOf = (n: number) => {
    last = n;
    let a = attempts.get(n);
    if (!a) {
      a = { attempt: n, startedAt: null, tries: [], outcome: null };
      attempts.set(n, a);
    }
    return a;
  };
  const tryOf = (a: AttemptRecord, n: number, tool: string) => {
    let t = a.tries.find((x) => x.try === n);
    if (!t) {
      t = { try: n, tool, args: undefined, calledAt: null, result: null, cached: false, replayed: false };
      a.tries.push(t);
    }
    return t;
  };

  for (const ev of events) {
    if (!("taskId" in ev) || ev.taskId !== taskId) continue;
    switch (ev.type) {
      case "task.started":
        attemptOf(ev.attempt).startedAt ??= ev.at;
        break;
      case "tool.called": {
        const t = tryOf(attemptOf(ev.attempt), ev.try, ev.tool);
        t.args = ev.args;
        t.calledAt = ev.at;
        break;
      }
      case "tool.returned": {
        const t = tryOf(attemptOf(ev.attempt), ev.try, ev.tool);
        t.result = ev.result;
        t.cached = ev.cached;
        t.replayed = ev.replayed;
        break;
      }
      case "task.assessed":
        assessment = ev;
        break;
      case "task.succeeded":
        attemptOf(ev.attempt).outcome = { status: "succeeded", text: ev.summary };
        break;
      case "task.failed":
        attemptOf(ev.attempt).outcome = {
          status: "failed",
          text: `${ev.code}: ${ev.reason}${ev.final ? "" : " (will retry)"}`,
        };
        break;
      case "task.skipped":
        attemptOf(last).outcome = { status: "skipped", text: ev.reason };
        break;
    }
  }
  const list = [...attempts.values()].sort((a, b) => a.attempt - b.attempt);
  for (const a of list) a.tries.sort((x, y) => x.try - y.try);
  return { attempts: list, assessment };
}

import type { RunEvent } from "../agent/events";
import { replay } from "../agent/reducer";
import type { RunStatus } from "../agent/state";

/** One row of the runs list. */
export interface RunSummary {
  runId: string;
  goal: string;
  status: RunStatus;
  model: string;
  startedAt: number | null;
  updatedAt: number | null;
  tasksDone: number;
  tasksTotal: number;
  toolCalls: number;
  events: number;
}

export function summariseRun(events: readonly RunEvent[]): RunSummary {
  const s = replay(events);
  const tasks = Object.values(s.tasks);
  return {
    runId: s.runId,
    goal: s.goal,
    status: s.status,
    model: s.model,
    startedAt: s.startedAt,
    updatedAt: s.updatedAt,
    tasksDone: tasks.filter((t) => t.status === "succeeded" || t.status === "skipped").length,
    tasksTotal: tasks.length,
    toolCalls: s.counters.toolCalls,
    events: events.length,
  };
}
